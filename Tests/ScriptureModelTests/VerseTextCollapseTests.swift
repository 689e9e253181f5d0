import ScriptureModel
import Testing

/// Verse texts collapse ASCII white space to single spaces whatever the text nodes and spans it is cut into
/// (the collector reads short texts 32 bytes at a time and joins text nodes whose bytes follow each other).
@Suite struct VerseTextCollapseTests {
    static let here = SourceLocation(file: "t", line: 1, column: 1)

    /// A small deterministic generator (xorshift64*), so a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 0x2545_F491_4F6C_DD1D
        }
    }

    /// Text pieces with every kind of white space, runs of it, control bytes, `~`'s no-break space and
    /// letters of one to four UTF-8 bytes, of lengths around the 16- and 32-byte steps.
    static func piece(_ random: inout Generator) -> String {
        let atoms = [
            " ", "  ", "\t", "\n", "\r\n", " \t ", "a", "b", "word", ",", ".", "é", "ש", "中", "𝄞", "\u{A0}", "\u{3000}",
            "\u{1}",
        ]
        var text = ""
        for _ in 0..<Int.random(in: 0...24, using: &random) { text += atoms.randomElement(using: &random)! }
        if Bool.random(using: &random) {
            text += String(repeating: "x", count: Int.random(in: 10...40, using: &random))
        }
        return text
    }

    /// Inline content: texts, and spans (plain, with a Strong's number, or left out of verse text) around texts.
    static func content(_ random: inout Generator, depth: Int = 0) -> (inlines: [Inline], included: String) {
        var inlines: [Inline] = []
        var included = ""
        for _ in 0..<Int.random(in: 1...12, using: &random) {
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1, 2:
                let text = piece(&random)
                inlines.append(.text(text))
                included += text
            default:
                guard depth < 2 else { continue }
                let inner = content(&random, depth: depth + 1)
                let kind = Int.random(in: 0..<3, using: &random)
                let attributes = kind == 1 ? [Attribute("strong", "H\(Int.random(in: 1...9999, using: &random))")] : []
                inlines.append(
                    .character(
                        CharacterSpan(marker: kind == 2 ? "va" : "w", attributes: attributes, content: inner.inlines)))
                if kind != 2 { included += inner.included }
            }
        }
        return (inlines, included)
    }

    /// The rule: each run of ASCII white space is one space, none at either end.
    static func collapsed(_ text: String) -> String {
        text.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
            .map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
    }

    @Test func randomTextsCollapseAsTheRuleSays() {
        var random = Generator(state: 0x9E37_79B9_7F4A_7C15)
        for round in 0..<300 {
            var blocks: [Block] = []
            var expected: [String] = []
            for verse in 1...Int.random(in: 1...4, using: &random) {
                let (inlines, included) = Self.content(&random)
                let start = Inline.verse(VerseStart(number: String(verse), location: Self.here))
                blocks.append(.paragraph(Paragraph(marker: "p", content: [start] + inlines, location: Self.here)))
                expected.append(Self.collapsed(included))
            }
            let book = Book(
                id: .ruth, chapters: [Chapter(number: 1, blocks: blocks, location: Self.here)], location: Self.here)
            let texts = book.verseTexts()
            #expect(texts.map(\.text) == expected, "round \(round)")
            var lines: [UInt8] = []
            book.appendVrefLines(to: &lines)
            let vref = expected.enumerated().map { "RUT 1:\($0.offset + 1)\t\($0.element)\n" }.joined()
            #expect(String(decoding: lines, as: UTF8.self) == vref, "round \(round)")
            // Each tagged word's range lies inside its verse's text.
            for text in texts {
                for word in text.words { #expect(word.utf8Range.upperBound <= text.text.utf8.count, "round \(round)") }
            }
        }
    }

    /// A verse of a few megabytes, its words tagged and separated by every kind of white space, appended to a
    /// chapter's text (which moves the verse out of the collector a megabyte at a time) gives what
    /// `verseTexts()` gives, words and all.
    @Test func aHugeVerseAppendedGivesWhatVerseTextsGive() {
        var inlines: [Inline] = [.verse(VerseStart(number: "1", location: Self.here))]
        let words = [
            "in", "the", "beginning",
            "\u{05D1}\u{05B0}\u{05BC}\u{05E8}\u{05B5}\u{05D0}\u{05E9}\u{05B4}\u{05C1}\u{05D9}\u{05EA}", "𝄞",
        ]
        for index in 0..<300_000 {
            let word = words[index % words.count]
            inlines.append(
                .character(
                    CharacterSpan(marker: "w", attributes: [Attribute("strong", "H\(index)")], content: [.text(word)])))
            inlines.append(.text(["  ", "\n", " ", "\t "][index % 4]))
        }
        inlines.append(.verse(VerseStart(number: "2", location: Self.here)))
        inlines.append(.text("and the earth."))
        let paragraph = Block.paragraph(Paragraph(marker: "p", content: inlines, location: Self.here))
        let chapter = Chapter(number: 1, blocks: [paragraph], location: Self.here)
        let book = Book(id: .genesis, chapters: [chapter], location: Self.here)
        let expected = book.verseTexts()
        #expect(expected.first.map { $0.text.utf8.count > 2 << 20 } == true)
        var collector = ChapterVerseCollector(book: .genesis)
        var text: [UInt8] = Array("before".utf8)
        let spans = collector.appendVerses(of: chapter, to: &text)
        #expect(spans.map(\.key) == expected.map(\.key))
        // Compared without printing megabytes when they differ.
        #expect(spans.count == expected.count)
        #expect(zip(spans, expected).allSatisfy { text[$0.range].elementsEqual($1.text.utf8) })
        #expect(zip(spans, expected).allSatisfy { $0.words == $1.words })
        #expect(spans.first?.range.lowerBound == 6)
    }

    /// A verse of one text of several megabytes (as a long run is read), its white space in runs of every
    /// length so that some cross the megabyte steps it is appended in, gives what `verseTexts()` gives.
    @Test func aHugeSingleTextAppendedGivesWhatVerseTextsGive() {
        var long = ""
        var index = 0
        while long.utf8.count < 2 << 20 {
            long += ["λόγος", "in", "the", "beginning"][index % 4]
            long += String(repeating: index % 3 == 0 ? " " : "\n", count: index % 7 + 1)
            index += 1
        }
        // The collector's step is a megabyte: a space ends the first step, a run of two crosses the second.
        let step = 1 << 20
        long += String(repeating: "a", count: step - 1 - long.utf8.count % step) + " "
        long += String(repeating: "b", count: step - 1) + "  " + String(repeating: "c", count: 100)
        let content: [Inline] = [.verse(VerseStart(number: "1", location: Self.here)), .text(long)]
        let paragraph = Block.paragraph(Paragraph(marker: "p", content: content, location: Self.here))
        let chapter = Chapter(number: 1, blocks: [paragraph], location: Self.here)
        let expected = Book(id: .john, chapters: [chapter], location: Self.here).verseTexts()
        var collector = ChapterVerseCollector(book: .john)
        var text: [UInt8] = []
        let spans = collector.appendVerses(of: chapter, to: &text)
        #expect(spans.count == 1 && expected.count == 1)
        #expect(zip(spans, expected).allSatisfy { text[$0.range].elementsEqual($1.text.utf8) })
        #expect(text.count == expected.first?.text.utf8.count)
    }
}
