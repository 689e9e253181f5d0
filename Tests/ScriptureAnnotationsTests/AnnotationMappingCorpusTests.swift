import ScriptureAnnotations
import ScriptureModel
import TestSupport
import Testing
import Versification

/// Marks made in WEB (English numbering) shown in WLC read as Hebrew-numbered, and back, on the corpus texts:
/// each mark is kept as Original verses and placed on the other Bible's chapter through its scheme.
@Suite(.enabled(if: TestCorpus.isAvailable, Comment(rawValue: TestCorpus.missingMessage)))
struct AnnotationMappingCorpusTests {
    /// A verse marked in one Bible, its Original verses, and where the other Bible's chapter shows it.
    struct Case: Sendable, CustomTestStringConvertible {
        /// `WEB` or `WLC`: the Bible the mark is made in (the other one shows it).
        var madeIn: String
        var verses: String
        var original: String
        /// The other Bible's chapter that is read.
        var shownIn: String
        /// Its verse labels the mark covers; empty when it is listed as unplaced.
        var shownOn: [String]
        var testDescription: String { "\(madeIn) \(verses) → Original \(original) → \(shownIn) \(shownOn)" }
    }

    static let cases: [Case] = [
        // Psalm titles: English verse 1 of Psalm 51 is Hebrew verse 3 (the title is Hebrew 1–2).
        Case(madeIn: "WEB", verses: "PSA.51.1", original: "PSA.51.3", shownIn: "PSA.51", shownOn: ["3"]),
        Case(madeIn: "WEB", verses: "PSA.51.1-2", original: "PSA.51.3-4", shownIn: "PSA.51", shownOn: ["3", "4"]),
        Case(madeIn: "WLC", verses: "PSA.51.3", original: "PSA.51.3", shownIn: "PSA.51", shownOn: ["1"]),
        Case(madeIn: "WEB", verses: "PSA.3.1", original: "PSA.3.2", shownIn: "PSA.3", shownOn: ["2"]),
        Case(madeIn: "WLC", verses: "PSA.3.2", original: "PSA.3.2", shownIn: "PSA.3", shownOn: ["1"]),
        // A Hebrew title verse is WEB's heading, not a verse of its text: listed with the chapter.
        Case(madeIn: "WLC", verses: "PSA.51.1", original: "PSA.51.1", shownIn: "PSA.51", shownOn: []),
        // The last verse of Psalm 51 is Hebrew 21, which this WLC (numbered like WEB) does not have: listed.
        Case(madeIn: "WEB", verses: "PSA.51.19", original: "PSA.51.21", shownIn: "PSA.51", shownOn: []),
        Case(madeIn: "WEB", verses: "PSA.23.1", original: "PSA.23.1", shownIn: "PSA.23", shownOn: ["1"]),
        // Malachi 4 in English is Malachi 3:19–24 in Hebrew.
        Case(madeIn: "WEB", verses: "MAL.4.1", original: "MAL.3.19", shownIn: "MAL.3", shownOn: []),
        Case(madeIn: "WEB", verses: "MAL.3.18", original: "MAL.3.18", shownIn: "MAL.3", shownOn: ["18"]),
        Case(madeIn: "WLC", verses: "MAL.3.18", original: "MAL.3.18", shownIn: "MAL.3", shownOn: ["18"]),
        // Joel 2:28–32 is Hebrew 3:1–5 and Joel 3 is Hebrew 4.
        Case(madeIn: "WEB", verses: "JOL.2.28", original: "JOL.3.1", shownIn: "JOL.3", shownOn: ["1"]),
        Case(madeIn: "WEB", verses: "JOL.2.27-29", original: "JOL.2.27;JOL.3.1-2", shownIn: "JOL.2", shownOn: ["27"]),
        Case(madeIn: "WLC", verses: "JOL.3.1", original: "JOL.3.1", shownIn: "JOL.2", shownOn: ["28"]),
        Case(madeIn: "WLC", verses: "JOL.3.5", original: "JOL.3.5", shownIn: "JOL.2", shownOn: ["32"]),
        // Hebrew 1 Samuel 20:42 is half of an English verse: WEB has no verse for it, so it is listed.
        Case(madeIn: "WLC", verses: "1SA.20.42", original: "1SA.20.42", shownIn: "1SA.20", shownOn: []),
        Case(madeIn: "WEB", verses: "1SA.20.42", original: "1SA.21.1", shownIn: "1SA.21", shownOn: ["1"]),
    ]

    @Test(arguments: cases)
    func aMarkShowsOnTheMappedVerseOrIsListed(_ test: Case) throws {
        let (madeIn, other) =
            test.madeIn == "WEB"
            ? (AnnotationCorpus.web, AnnotationCorpus.wlc) : (AnnotationCorpus.wlc, AnnotationCorpus.web)
        let verses = try VerseReferenceText.verses(test.verses)
        let book = verses.lowerBound.book
        // The marked verses are in the Bible it is made in.
        let ownTexts = AnnotationCorpus.chapter(madeIn, book, verses.lowerBound.chapter)
        try #require(!ownTexts.isEmpty, "no \(test.verses) in \(madeIn.abbreviation)")
        let place = try AnnotationPlace(bible: madeIn, verses: verses)
        #expect(VerseReferenceText.text(place.original) == test.original)
        let mark = try Annotation(content: .highlight(.color(.yellow)), place: place, created: .init(milliseconds: 1))

        let shown = try VerseReferenceText.verses(test.shownIn + ".1")
        let texts = AnnotationCorpus.chapter(other, book, shown.lowerBound.chapter)
        try #require(!texts.isEmpty)
        let marks = ChapterMarks.place(
            [mark], book: book, chapter: shown.lowerBound.chapter, of: other, verses: texts)
        #expect(marks.marks.flatMap(\.verses).map(\.verse) == test.shownOn)
        #expect(marks.marks.allSatisfy { $0.placement == .mapped })
        #expect(marks.unplaced.map(\.annotation.id) == (test.shownOn.isEmpty ? [mark.id] : []))
        // Whole verses are marked in the other Bible, both units covering each verse's text.
        for range in marks.marks.flatMap(\.ranges) {
            let text = try #require(texts.first { $0.key == range.verse }).text
            #expect(range.isWholeVerse && range.utf8 == 0..<text.utf8.count && range.utf16 == 0..<text.utf16.count)
        }
        // And in the Bible it was made in, the mark is on its own verses.
        let home = ChapterMarks.place(
            [mark], book: book, chapter: verses.lowerBound.chapter, of: madeIn, verses: ownTexts)
        let ownNumbers = Set(home.marks.flatMap(\.verses).map(\.verse))
        #expect(home.marks.map(\.placement) == [.own])
        #expect(ownNumbers.contains(String(verses.lowerBound.verse)))
    }

    /// The Versification module's answers the cases rest on, both ways, as the store keeps them.
    @Test func theOriginalVersesComeBackToTheVerseMarked() throws {
        for (text, scheme) in [
            ("PSA.51.1", VersificationScheme.english), ("MAL.4.1", .english), ("MAL.4.6", .english),
            ("JOL.2.28", .english), ("JOL.3.21", .english), ("PSA.3.0", .english),
        ] {
            let verses = try VerseReferenceText.verses(text)
            let original = AnnotationPlace.original(of: verses, in: scheme)
            let back = original.flatMap(\.verses).flatMap { VersificationScheme.original.map($0, to: scheme).verses }
            #expect(back == [verses.lowerBound], "\(text) → \(original) → \(back)")
        }
    }

    /// A verse English numbering lacks (WEB's 2 Corinthians 13:14) is kept under its own numbers, so the
    /// mark is stored and shown in its Bible rather than refused or lost.
    @Test func aVerseTheSchemeDoesNotNumberKeepsItsNumbers() throws {
        let place = try AnnotationPlace(bible: AnnotationCorpus.web, verses: verse("2CO", 13, 14))
        #expect(VersificationScheme.english.map(place.verses.lowerBound, to: .original) == .none)
        #expect(VerseReferenceText.text(place.original) == "2CO.13.14")
        let text = VerseText(
            key: VerseKey(book: .secondCorinthians, chapter: 13, verse: "14"), text: "The grace…",
            location: SourceLocation(file: "x", line: 1, column: 1))
        let mark = try Annotation(content: .bookmark, place: place, created: .init(milliseconds: 1))
        let shown = ChapterMarks.place(
            [mark], book: .secondCorinthians, chapter: 13, of: AnnotationCorpus.web, verses: [text])
        #expect(shown.marks.map(\.verses) == [[text.key]])
        // In a Hebrew-numbered Bible that has no such verse it is listed.
        let elsewhere = ChapterMarks.place(
            [mark], book: .secondCorinthians, chapter: 13, of: AnnotationCorpus.wlc, verses: [])
        #expect(elsewhere.unplaced.map(\.annotation.id) == [mark.id])
    }
}
