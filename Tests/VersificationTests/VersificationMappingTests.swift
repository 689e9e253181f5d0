import ScriptureModel
import Testing
import Versification

/// One mapping from a standard scheme to the other, with the exact answer.
struct MappingCase: CustomTestStringConvertible, Sendable {
    let from: String
    let key: SchemeVerse
    let expected: String
    var testDescription: String { "\(from) \(key) → \(expected)" }
}

private func key(_ code: String, _ chapter: Int, _ verse: Int) -> SchemeVerse {
    SchemeVerse(BookID(code: code)!, chapter, verse)
}

private let mappingCases: [MappingCase] = [
    // Psalm titles: English counts them as verse 0, Original as verses 1 (and 2).
    MappingCase(from: "english", key: key("PSA", 51, 1), expected: "PSA 51:3"),
    MappingCase(from: "english", key: key("PSA", 51, 19), expected: "PSA 51:21"),
    MappingCase(from: "english", key: key("PSA", 51, 0), expected: "PSA 51:1-2"),
    MappingCase(from: "original", key: key("PSA", 51, 1), expected: "PSA 51:0"),
    MappingCase(from: "original", key: key("PSA", 51, 2), expected: "PSA 51:0"),
    MappingCase(from: "original", key: key("PSA", 51, 3), expected: "PSA 51:1"),
    MappingCase(from: "english", key: key("PSA", 3, 1), expected: "PSA 3:2"),
    MappingCase(from: "english", key: key("PSA", 3, 0), expected: "PSA 3:1"),
    MappingCase(from: "english", key: key("PSA", 23, 1), expected: "PSA 23:1"),
    MappingCase(from: "english", key: key("PSA", 23, 0), expected: "none"),
    // Malachi 4 in English is Malachi 3:19–24 in Hebrew.
    MappingCase(from: "english", key: key("MAL", 4, 1), expected: "MAL 3:19"),
    MappingCase(from: "english", key: key("MAL", 4, 6), expected: "MAL 3:24"),
    MappingCase(from: "english", key: key("MAL", 3, 18), expected: "MAL 3:18"),
    MappingCase(from: "original", key: key("MAL", 3, 19), expected: "MAL 4:1"),
    MappingCase(from: "original", key: key("MAL", 3, 24), expected: "MAL 4:6"),
    MappingCase(from: "original", key: key("MAL", 4, 1), expected: "none"),
    // Joel 2:28–32 is Hebrew 3:1–5, and Joel 3 is Hebrew 4.
    MappingCase(from: "english", key: key("JOL", 2, 27), expected: "JOL 2:27"),
    MappingCase(from: "english", key: key("JOL", 2, 28), expected: "JOL 3:1"),
    MappingCase(from: "english", key: key("JOL", 2, 32), expected: "JOL 3:5"),
    MappingCase(from: "english", key: key("JOL", 3, 1), expected: "JOL 4:1"),
    MappingCase(from: "english", key: key("JOL", 3, 21), expected: "JOL 4:21"),
    MappingCase(from: "original", key: key("JOL", 3, 1), expected: "JOL 2:28"),
    MappingCase(from: "original", key: key("JOL", 4, 21), expected: "JOL 3:21"),
    // Romans ends at 16:27 in both (the doxology is not moved to 14:24–26); 2 Cor 13:14 has no Original verse.
    MappingCase(from: "english", key: key("ROM", 14, 23), expected: "ROM 14:23"),
    MappingCase(from: "english", key: key("ROM", 16, 25), expected: "ROM 16:25"),
    MappingCase(from: "english", key: key("ROM", 16, 27), expected: "ROM 16:27"),
    MappingCase(from: "original", key: key("ROM", 16, 27), expected: "ROM 16:27"),
    MappingCase(from: "english", key: key("ROM", 14, 24), expected: "none"),
    MappingCase(from: "english", key: key("2CO", 13, 14), expected: "none"),
    // `#! &ACT 19:40-41 = ACT 19:40`: two English verses onto one.
    MappingCase(from: "english", key: key("ACT", 19, 41), expected: "ACT 19:40"),
    MappingCase(from: "original", key: key("ACT", 19, 40), expected: "ACT 19:40-41"),
    // Isaiah 64:2–12 = 64:1–11; English 64:1 keeps its number, so Original 64:1 is two English verses.
    MappingCase(from: "english", key: key("ISA", 64, 1), expected: "ISA 64:1"),
    MappingCase(from: "english", key: key("ISA", 64, 2), expected: "ISA 64:1"),
    MappingCase(from: "original", key: key("ISA", 64, 1), expected: "ISA 64:1-2"),
    MappingCase(from: "english", key: key("GEN", 31, 55), expected: "GEN 32:1"),
    MappingCase(from: "original", key: key("GEN", 32, 1), expected: "GEN 31:55"),
    MappingCase(from: "english", key: key("PSA", 151, 1), expected: "none"),
]

@Test(arguments: mappingCases)
func mapsBetweenStandardSchemes(_ test: MappingCase) {
    let from = VersificationScheme.standard(named: test.from)!
    let to: VersificationScheme = from.name == "english" ? .original : .english
    #expect(from.map(test.key, to: to).description == test.expected)
}

@Test func mapsARangeInPieces() {
    let english = VersificationScheme.english
    let malachi = english.map(VerseRange(.malachi, 4, 1, 6), to: .original)
    #expect(malachi.map(\.description) == ["MAL 3:19-24"])
    let joel = english.map(VerseRange(.joel, 2, 26, 29), to: .original)
    #expect(joel.map(\.description) == ["JOL 2:26-27", "JOL 3:1-2"])
}

@Test func mapsWithinOneSchemeToItself() {
    let english = VersificationScheme.english
    #expect(english.map(key("PSA", 51, 1), to: english) == .one(key("PSA", 51, 1)))
    #expect(english.map(key("PSA", 51, 0), to: english) == .one(key("PSA", 51, 0)))
}

@Test(arguments: ["english", "original"])
func everyVerseComesBackFromTheOtherScheme(_ name: String) {
    let scheme = VersificationScheme.standard(named: name)!
    let other: VersificationScheme = name == "english" ? .original : .english
    var lost: [SchemeVerse] = []
    var checked = 0
    for (book, chapters) in scheme.lastVerses where book.testament != .deuterocanon {
        for chapter in 1...chapters.count {
            for verse in scheme.verses(book, chapter) {
                checked += 1
                let there = scheme.map(verse, to: other).verses
                let back = there.flatMap { other.map($0, to: scheme).verses }
                if !back.contains(verse) { lost.append(verse) }
            }
        }
    }
    #expect(checked > 31_000)
    // English 2 Cor 13:14 has no Original verse; four Hebrew verses are halves of English ones (splits `.vrs`
    // cannot say: NUM 26:1a, 1SA 20:41, 1KI 22:43a, 1CH 12:4b) so have no English verse of their own.
    let expected = name == "english" ? ["2CO 13:14"] : ["NUM 25:19", "1SA 20:42", "1KI 22:43", "1CH 12:4"]
    #expect(lost.sorted().map(\SchemeVerse.description) == expected)
}
