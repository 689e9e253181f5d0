import Testing

@testable import ScriptureModel

/// Tagged words keep their values as indices into a table their collection shares: they must read and compare
/// as the three strings they stand for, whichever table holds them.
@Suite struct TaggedWordTests {
    static let here = SourceLocation(file: "t", line: 1, column: 1)

    /// A `\w` span of `text` with `attributes`, then a space.
    static func word(_ text: String, _ attributes: [(String, String)]) -> [Inline] {
        let attributes = attributes.map { Attribute($0.0, $0.1) }
        return [.character(CharacterSpan(marker: "w", attributes: attributes, content: [.text(text)])), .text(" ")]
    }

    /// A chapter of verses, each a list of words and their attributes.
    static func chapter(_ number: Int, _ verses: [[(String, [(String, String)])]]) -> Chapter {
        var inlines: [Inline] = []
        for (index, words) in verses.enumerated() {
            inlines.append(.verse(VerseStart(number: "\(index + 1)", location: here)))
            for (text, attributes) in words { inlines += word(text, attributes) }
        }
        let paragraph = Block.paragraph(Paragraph(marker: "p", content: inlines, location: here))
        return Chapter(number: number, blocks: [paragraph], location: here)
    }

    static let first = chapter(
        1,
        [
            [("In", [("strong", "G1722")]), ("the", [("strong", "G3588"), ("x-morph", "T-DSF")])],
            [
                ("beginning", [("strong", "G746"), ("lemma", "ἀρχή"), ("x-morph", "N-DSF")]),
                ("the", [("strong", "G3588")]),
            ],
        ])
    static let second = chapter(
        2,
        [[("word", [("lemma", "λόγος"), ("morph", "N-NSM"), ("x-morph", "ignored: the first morph is kept")])]])

    /// What the words of `first` and `second` are, built from their strings.
    static let expected: [[TaggedWord]] = [
        [TaggedWord(utf8Range: 0..<2, strong: "G1722"), TaggedWord(utf8Range: 2..<6, strong: "G3588", morph: "T-DSF")],
        [
            TaggedWord(utf8Range: 0..<9, strong: "G746", lemma: "ἀρχή", morph: "N-DSF"),
            TaggedWord(utf8Range: 9..<13, strong: "G3588"),
        ],
        [TaggedWord(utf8Range: 0..<4, lemma: "λόγος", morph: "N-NSM")],
    ]

    @Test func collectedWordsReadTheirValues() {
        let book = Book(id: .john, chapters: [Self.first, Self.second], location: Self.here)
        let words = book.verseTexts().map(\.words)
        #expect(words == Self.expected)
        #expect(words.flatMap { $0 }.map(\.strong) == ["G1722", "G3588", "G746", "G3588", nil])
        #expect(words[1][0].lemma == "ἀρχή" && words[2][0].lemma == "λόγος" && words[2][0].morph == "N-NSM")
        // Equal words hash alike whichever table they read.
        #expect(Set(words.flatMap { $0 }) == Set(Self.expected.flatMap { $0 }))
        #expect(words[0][1].hashValue == Self.expected[0][1].hashValue)
        #expect(words[0][1] != words[1][1], "the same Strong's number at another range is another word")
    }

    /// Each chapter's verses read the table made for that chapter: the second chapter's values start again at
    /// index 0 without changing what the first chapter's words read.
    @Test func eachChapterOfACollectorReadsItsOwnValues() {
        var collector = ChapterVerseCollector(book: .john)
        let first = collector.verseTexts(of: Self.first).map(\.words)
        let second = collector.verseTexts(of: Self.second).map(\.words)
        #expect(first == Array(Self.expected[0..<2]))
        #expect(second == [Self.expected[2]])
        var text: [UInt8] = []
        var appending = ChapterVerseCollector(book: .john)
        let spans =
            appending.appendVerses(of: Self.first, to: &text) + appending.appendVerses(of: Self.second, to: &text)
        #expect(spans.map(\.words) == Self.expected)
    }

    /// A word is a value: setting one of its values changes that word alone, not the others of its table.
    @Test func settingAValueChangesOneWord() {
        let book = Book(id: .john, chapters: [Self.first], location: Self.here)
        let words = book.verseTexts().flatMap(\.words)
        var changed = words[1]
        changed.strong = "G3739"
        changed.lemma = "ὁ"
        #expect(changed.strong == "G3739" && changed.lemma == "ὁ" && changed.morph == "T-DSF")
        #expect(words[1].strong == "G3588" && words[1].lemma == nil)
        #expect(words[3].strong == "G3588")
        changed.morph = nil
        changed.utf8Range = 40..<44
        #expect(changed == TaggedWord(utf8Range: 40..<44, strong: "G3739", lemma: "ὁ"))
    }

    /// The point of the indices: a word is four words of memory, not eight (an import holds every word).
    @Test func aWordIsThirtyTwoBytes() {
        #expect(MemoryLayout<TaggedWord>.stride == 32)
    }
}
