import ScriptureAnnotations
import ScriptureModel
import TestSupport
import Testing
import Versification

/// Word ranges: made from positions or words, shown with UTF-8 and UTF-16 ranges, and re-attached by their
/// quote when the verse text changes (a re-import with an edited verse).
struct WordAnchorTests {
    static func text(_ verse: String, _ text: String, chapter: Int = 23) -> VerseText {
        VerseText(
            key: VerseKey(book: .psalms, chapter: chapter, verse: verse), text: text,
            location: SourceLocation(file: "t", line: 1, column: 1))
    }

    static let psalm = [
        text("1", "Yahweh is my shepherd; I shall lack nothing."),
        text("2", "He makes me lie down in green pastures. He leads me beside still waters."),
        text("3", "He restores my soul. He guides me in the paths of righteousness for his name’s sake."),
    ]

    @Test func aQuoteKeepsAFewWordsEitherSide() throws {
        let words = try #require(WordAnchor.find("lie down in green pastures", in: Self.psalm))
        #expect(words.start == TextPoint(verse: "2", offset: 12))
        #expect(words.end == TextPoint(verse: "2", offset: 38))
        // Four words either side, across the verse boundary (the verses' texts are joined by a space).
        #expect(
            words.quote
                == TextQuote(
                    exact: "lie down in green pastures", prefix: "nothing. He makes me ", suffix: ". He leads me"))
        let across = try #require(WordAnchor.find("lack nothing. He makes", in: Self.psalm))
        #expect(across.start == TextPoint(verse: "1", offset: 31) && across.end == TextPoint(verse: "2", offset: 8))
        #expect(across.quote.prefix == "my shepherd; I shall " && across.quote.suffix == " me lie down in")
        #expect(WordAnchor.find("quiet waters", in: Self.psalm) == nil)
        let made = try WordAnchor.range(from: words.start, to: words.end, in: Self.psalm)
        #expect(made == words)
    }

    @Test func positionsOutsideTheTextOrInsideACharacterAreRefused() {
        let hebrew = [Self.text("1", "יְהוָה רֹעִי")]
        #expect(throws: AnnotationError.self) {
            try WordAnchor.range(
                from: TextPoint(verse: "1", offset: 1), to: TextPoint(verse: "1", offset: 4), in: hebrew)
        }
        #expect(throws: AnnotationError.self) {
            try WordAnchor.range(
                from: TextPoint(verse: "9", offset: 0), to: TextPoint(verse: "1", offset: 4), in: hebrew)
        }
        #expect(throws: AnnotationError.self) {
            try WordAnchor.range(
                from: TextPoint(verse: "1", offset: 4), to: TextPoint(verse: "1", offset: 4), in: hebrew)
        }
        #expect(throws: AnnotationError.self) {
            try WordAnchor.range(
                from: TextPoint(verse: "1", offset: 0), to: TextPoint(verse: "1", offset: 999), in: hebrew)
        }
    }

    /// An edited verse: the words re-found by their quote where they remain, reported moved where they do not.
    struct EditCase: Sendable, CustomTestStringConvertible {
        var name: String
        var newVerse2: String
        /// `unchanged`, `found` or `moved`.
        var expected: String
        /// The words' new start in verse 2 when found.
        var offset: Int?
        var testDescription: String { name }
    }

    static let edits: [EditCase] = [
        EditCase(
            name: "same text", newVerse2: "He makes me lie down in green pastures. He leads me beside still waters.",
            expected: "unchanged"),
        EditCase(
            name: "words inserted before", newVerse2: "He truly makes me lie down in green pastures. He leads me.",
            expected: "found", offset: 18),
        EditCase(
            name: "the words twice, the quote's context picks the second",
            newVerse2:
                "Lie down in green pastures, they say. He makes me lie down in green pastures. He leads me beside.",
            expected: "found", offset: 50),
        EditCase(
            name: "the words reworded",
            newVerse2: "He lets me rest in grassy meadows. He leads me beside quiet waters.",
            expected: "moved"),
        EditCase(name: "the verse emptied", newVerse2: "", expected: "moved"),
    ]

    @Test(arguments: edits)
    func aWordRangeIsReattachedByItsQuote(_ test: EditCase) throws {
        let words = try #require(WordAnchor.find("lie down in green pastures", in: Self.psalm))
        var edited = Self.psalm
        edited[1].text = test.newVerse2
        let match = WordAnchor.reattach(words, in: edited)
        switch (match, test.expected) {
        case (.unchanged, "unchanged"), (.moved, "moved"): break
        case (.found(let moved), "found"):
            #expect(moved.start == TextPoint(verse: "2", offset: test.offset ?? -1))
            #expect(moved.quote.exact == words.quote.exact)
        default: Issue.record("\(match), expected \(test.expected)")
        }
        // The chapter shows it on its words, or on its whole verse when moved.
        let bible = AnnotationBible(abbreviation: "WEB", versification: .english)
        let place = try AnnotationPlace(bible: bible, verses: verse("PSA", 23, 2), words: words)
        let mark = try Annotation(content: .highlight(.color(.green)), place: place, created: .init(milliseconds: 5))
        let shown = ChapterMarks.place([mark], book: .psalms, chapter: 23, of: bible, verses: edited)
        let placement = try #require(shown.marks.first).placement
        let range = try #require(shown.marks.first?.ranges.first)
        switch test.expected {
        case "unchanged": #expect(placement == .own)
        case "found": #expect(placement == .reattached)
        default: #expect(placement == .moved && range.isWholeVerse)
        }
        if test.expected != "moved" {
            #expect(Array(test.newVerse2.utf8)[range.utf8].elementsEqual("lie down in green pastures".utf8))
        }
    }

    /// UTF-16 ranges differ from UTF-8 ones as soon as the text is not ASCII: Hebrew (two bytes, one unit per
    /// letter) and a letter outside the Basic Multilingual Plane (four bytes, two units).
    @Test func rangesComeInUTF8AndUTF16() throws {
        let verses = [Self.text("1", "𝔊od said: יְהוָה רֹעִי לֹא אֶחְסָר, amen")]
        let words = try #require(WordAnchor.find("רֹעִי לֹא", in: verses))
        let bible = AnnotationBible(abbreviation: "X", versification: .original)
        let place = try AnnotationPlace(bible: bible, verses: verse("PSA", 23, 1), words: words)
        let mark = try Annotation(content: .note("n"), place: place, created: .init(milliseconds: 1))
        let range = try #require(
            ChapterMarks.place([mark], book: .psalms, chapter: 23, of: bible, verses: verses).marks.first?.ranges.first)
        let text = verses[0].text
        let utf16 = Array(text.utf16)
        #expect(String(decoding: utf16[range.utf16], as: UTF16.self) == "רֹעִי לֹא")
        #expect(String(decoding: Array(text.utf8)[range.utf8], as: UTF8.self) == "רֹעִי לֹא")
        #expect(range.utf8 != range.utf16 && !range.isWholeVerse)
    }

    /// On the corpus: a WEB word mark on Psalm 23:1 shows on those words in WEB and on the whole mapped verse
    /// in WLC read as Hebrew-numbered (Psalm 23 has no title verse there: 23:1 is 23:1).
    @Test(.enabled(if: TestCorpus.isAvailable, Comment(rawValue: TestCorpus.missingMessage)))
    func aWordMarkIsOnItsWordsInItsBibleAndOnTheVerseElsewhere() throws {
        let web = AnnotationCorpus.chapter(AnnotationCorpus.web, .psalms, 23)
        let words = try #require(WordAnchor.find("my shepherd", in: WordAnchor.texts(of: verse("PSA", 23, 1), in: web)))
        let place = try AnnotationPlace(bible: AnnotationCorpus.web, verses: verse("PSA", 23, 1), words: words)
        let mark = try Annotation(
            content: .highlight(.style("exam-prep")), place: place, created: .init(milliseconds: 1))
        let home = try #require(
            ChapterMarks.place([mark], book: .psalms, chapter: 23, of: AnnotationCorpus.web, verses: web).marks.first)
        #expect(home.placement == .own && home.ranges.count == 1)
        #expect(String(decoding: Array(web[0].text.utf8)[home.ranges[0].utf8], as: UTF8.self) == "my shepherd")
        let wlc = AnnotationCorpus.chapter(AnnotationCorpus.wlc, .psalms, 23)
        let other = try #require(
            ChapterMarks.place([mark], book: .psalms, chapter: 23, of: AnnotationCorpus.wlc, verses: wlc).marks.first)
        #expect(other.placement == .mapped && other.ranges.map(\.isWholeVerse) == [true])
        #expect(other.verses.map(\.verse) == ["1"])
    }
}
