import Foundation
import Lectern
import TestSupport
import Testing

/// Every folder of the shared corpus parses with zero errors, and its counts agree with SOURCES.md.
@Suite(.enabled(if: TestCorpus.isAvailable, Comment(rawValue: TestCorpus.missingMessage)))
struct CorpusCheckTests {
    struct Folder: CustomTestStringConvertible, Sendable {
        var name: String
        var books: Int
        var chapters: Int
        var verses: Int
        var nonEmpty: Int
        var testDescription: String { name }
    }

    /// The figures of SOURCES.md's summary table. Where Lectern counts differently, the reason is in `books`:
    /// SOURCES counts eng-web's 83 files as 83 books (81 books plus FRT front matter and GLO glossary,
    /// which have no chapters), and so does Lectern.
    static let folders: [Folder] = [
        Folder(name: "eng-web-usfm", books: 83, chapters: 1402, verses: 38_058, nonEmpty: 38_029),
        Folder(name: "eng-bsb-usfm", books: 66, chapters: 1189, verses: 31_086, nonEmpty: 31_086),
        Folder(name: "spa-rv1909-usfm", books: 66, chapters: 1189, verses: 31_102, nonEmpty: 31_084),
        Folder(name: "cmn-cu89s-usfm", books: 66, chapters: 1189, verses: 31_021, nonEmpty: 31_021),
        Folder(name: "kor-1910-usfm", books: 66, chapters: 1188, verses: 30_991, nonEmpty: 30_991),
        Folder(name: "rus-synodal-usfm", books: 66, chapters: 1189, verses: 31_169, nonEmpty: 31_169),
        Folder(name: "vie-1934-usfm", books: 66, chapters: 1189, verses: 31_102, nonEmpty: 31_102),
        Folder(name: "grc-nestle1904-usfm", books: 27, chapters: 260, verses: 7941, nonEmpty: 7941),
        Folder(name: "hbo-wlc-usfm", books: 39, chapters: 923, verses: 22_878, nonEmpty: 22_877),
    ]

    @Test(arguments: folders)
    func folderChecksCleanAndMatchesSources(_ folder: Folder) throws {
        let result = VersionSource.parse(paths: [TestCorpus.folder(folder.name).path])
        let problems = result.diagnostics.filter { $0.severity >= .warning }
        #expect(problems.isEmpty, "\(problems.prefix(5).map(\.description))")
        let verses = result.books.flatMap { $0.verseTexts() }
        #expect(result.books.count == folder.books)
        #expect(result.books.reduce(0) { $0 + $1.chapters.count } == folder.chapters)
        #expect(verses.count == folder.verses)
        #expect(Set(verses.map(\.key)).count == folder.verses, "verse keys are distinct")
        #expect(verses.count { !$0.text.isEmpty } == folder.nonEmpty)
        #expect(verses.allSatisfy { NFCCheck.isNFC($0.text) })
    }

    @Test func webQuirksFromSources() throws {
        let result = VersionSource.parse(paths: [TestCorpus.folder("eng-web-usfm").path])
        let text = Dictionary(uniqueKeysWithValues: result.books.flatMap { $0.verseTexts() }.map { ($0.key.description, $0.text) })
        #expect(text["GEN 1:1"] == "In the beginning, God created the heavens and the earth.")
        #expect(text["2ES 7:36"]?.contains("hell will be shown") == true)
        #expect(text["2ES 12:32"]?.contains("will heap up") == true)
        for empty in ["LUK 17:36", "ACT 8:37", "ACT 15:34", "ACT 24:7", "ROM 16:25"] {
            #expect(text[empty] == "", "\(empty) is one of WEB's empty verses")
        }
        for bridge in ["SIR 11:15-16", "SIR 16:15-16", "SIR 19:18-19", "SIR 22:9-10", "SIR 26:19-27", "4MA 8:28-29"] {
            #expect(text[bridge] != nil, "\(bridge) is one bridged verse")
        }
        #expect(text.values.allSatisfy { !$0.contains("  ") && !$0.hasPrefix(" ") && !$0.hasSuffix(" ") })
    }

    @Test func chineseKeepsTheIdeographicSpaceAndKoreanIsNormalised() throws {
        let chinese = VersionSource.parse(paths: [TestCorpus.folder("cmn-cu89s-usfm/02-GENcmn-cu89s.usfm").path])
        let genesis = try #require(chinese.books.first?.verseTexts().first)
        #expect(genesis.text == "起初，\u{3000}神创造天地。")
        let korean = VersionSource.parse(paths: [TestCorpus.folder("kor-1910-usfm").path])
        let firstPeter = try #require(korean.books.first { $0.id == .firstPeter })
        #expect(firstPeter.chapters.map(\.number) == [1, 2, 3, 4], "the upstream file stops at 1 Peter 4:14")
        #expect(firstPeter.verseTexts().last?.key.verse == "14")
        let texts = korean.books.flatMap { $0.verseTexts() }
        #expect(!texts.contains { $0.text.unicodeScalars.contains { (0xF900...0xFAFF).contains($0.value) } })
    }

    @Test func hebrewWLCHasItsRealGaps() throws {
        let result = VersionSource.parse(paths: [TestCorpus.folder("hbo-wlc-usfm").path])
        let daniel = try #require(result.books.first { $0.id == .daniel })
        #expect(daniel.chapters.map(\.number) == [1, 2, 8, 9, 10, 11, 12])
        let ezra = try #require(result.books.first { $0.id == .ezra })
        #expect(!ezra.chapters.map(\.number).contains(5))
    }
}

/// NFC checks through the product's own normaliser.
enum NFCCheck {
    static func isNFC(_ text: String) -> Bool { NFC.isNormalized(text) }
}
