import Foundation
import Lectern
import TestSupport
import Testing

/// The checks of order, gaps and counts (`BookOutline`, `VersificationScheme.countDiagnostics`), on minimal books
/// written the same way in USFM, USX and USJ: each diagnostic's code, line and column, in every format.
struct OrderCheckTests {
    /// A format a test book is written in.
    enum Format: String, CaseIterable, Sendable {
        case usfm, usx, usj
    }

    /// A book written out, with the line of each chapter marker and of each verse marker (all at column 1).
    struct Written {
        var text: String
        var chapterLines: [Int]
        var verseLines: [[Int]]
    }

    /// `chapters` (each a number and its verse labels, in source order) as a book of `code`: one marker a line.
    static func write(_ chapters: [(Int, [String])], as format: Format, book code: String = "JHN") -> Written {
        var lines: [String]
        switch format {
        case .usfm: lines = ["\\id \(code) test"]
        case .usx: lines = [#"<usx version="3.1">"#, #"<book code="\#(code)" style="id">test</book>"#]
        case .usj:
            lines = [
                #"{"type":"USJ","version":"3.1","content":["#,
                #"{"type":"book","marker":"id","code":"\#(code)","content":["test"]},"#,
            ]
        }
        var chapterLines: [Int] = []
        var verseLines: [[Int]] = []
        for (index, (number, verses)) in chapters.enumerated() {
            chapterLines.append(lines.count + 1)
            switch format {
            case .usfm: lines += ["\\c \(number)", "\\p"]
            case .usx: lines += [#"<chapter number="\#(number)" style="c"/>"#, #"<para style="p">"#]
            case .usj:
                lines += [
                    #"{"type":"chapter","marker":"c","number":"\#(number)"},"#,
                    #"{"type":"para","marker":"p","content":["#,
                ]
            }
            var places: [Int] = []
            for (verseIndex, label) in verses.enumerated() {
                places.append(lines.count + 1)
                switch format {
                case .usfm: lines.append("\\v \(label) Text \(label).")
                case .usx: lines.append(#"<verse number="\#(label)" style="v"/>Text \#(label)."#)
                case .usj:
                    let comma = verseIndex + 1 < verses.count ? "," : ""
                    lines.append(#"{"type":"verse","marker":"v","number":"\#(label)"},"Text \#(label). "\#(comma)"#)
                }
            }
            verseLines.append(places)
            switch format {
            case .usfm: break
            case .usx: lines.append("</para>")
            case .usj: lines.append(index + 1 < chapters.count ? "]}," : "]}")
            }
        }
        switch format {
        case .usfm: break
        case .usx: lines.append("</usx>")
        case .usj: lines.append("]}")
        }
        return Written(text: lines.joined(separator: "\n") + "\n", chapterLines: chapterLines, verseLines: verseLines)
    }

    /// Where a diagnostic is expected: a chapter's marker, or one of its verses (indices in source order).
    struct Place: Sendable {
        var kind: Diagnostic.Kind
        var chapter: Int
        var verse: Int?
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var chapters: [(Int, [String])]
        var expected: [Place]
        /// A `.vrs` text the counts are compared with, else none is given (and these small books fit none).
        var scheme: String? = nil
    }

    static func verses(_ range: ClosedRange<Int>) -> [String] { range.map(String.init) }

    /// JHN 1:5, 2:3, 3:4 without 3:2, in a scheme of its own.
    static let smallScheme = "# Versification \"Small\"\nJHN 1:5 2:3 3:4\n-JHN 3:2\n"

    static let cases: [Case] = [
        Case(testDescription: "in order", chapters: [(1, verses(1...5)), (2, verses(1...3))], expected: []),
        Case(
            testDescription: "a verse out of order", chapters: [(1, ["1", "2", "5", "3", "4"])],
            expected: [Place(kind: .verseOutOfOrder, chapter: 0, verse: 3)]),
        Case(
            testDescription: "a verse out of order and one missing", chapters: [(1, ["1", "2", "5", "3"])],
            expected: [
                Place(kind: .missingVerse, chapter: 0, verse: 2), Place(kind: .verseOutOfOrder, chapter: 0, verse: 3),
            ]),
        Case(
            testDescription: "chapters out of order", chapters: [(1, ["1"]), (3, ["1"]), (2, ["1"])],
            expected: [Place(kind: .chapterOutOfOrder, chapter: 2)]),
        Case(
            testDescription: "a verse missing between two", chapters: [(1, ["1", "2", "3", "5"])],
            expected: [Place(kind: .missingVerse, chapter: 0, verse: 3)]),
        Case(
            testDescription: "verses missing at a chapter's start", chapters: [(1, ["3", "4"])],
            expected: [Place(kind: .missingVerse, chapter: 0, verse: 0)]),
        Case(
            testDescription: "a chapter missing", chapters: [(1, ["1"]), (3, ["1"])],
            expected: [Place(kind: .missingChapter, chapter: 1)]),
        Case(
            testDescription: "chapters missing at the start", chapters: [(3, ["1"])],
            expected: [Place(kind: .missingChapter, chapter: 0)]),
        Case(testDescription: "a bridge holds its verses", chapters: [(1, ["1", "2-4", "5"])], expected: []),
        Case(
            testDescription: "segments count as their verse", chapters: [(1, ["1", "2a", "2b", "3"])], expected: []),
        Case(
            testDescription: "segments out of order", chapters: [(1, ["1", "2b", "2a", "3"])],
            expected: [Place(kind: .verseOutOfOrder, chapter: 0, verse: 2)]),
        Case(
            testDescription: "a verse inside the bridge before it", chapters: [(1, ["1", "2-4", "3", "5"])],
            expected: [Place(kind: .verseOutOfOrder, chapter: 0, verse: 2)]),
        Case(
            testDescription: "counts that fit the scheme given",
            chapters: [(1, verses(1...5)), (2, ["1", "2-3"]), (3, ["1", "3", "4"])], expected: [],
            scheme: smallScheme),
        Case(
            testDescription: "too many verses for the scheme", chapters: [(1, verses(1...7)), (2, verses(1...3))],
            expected: [Place(kind: .tooManyVerses, chapter: 0, verse: 5), Place(kind: .tooFewChapters, chapter: 1)],
            scheme: smallScheme),
        Case(
            testDescription: "too few verses for the scheme", chapters: [(1, verses(1...5)), (2, ["1", "2"])],
            expected: [Place(kind: .tooFewVerses, chapter: 1, verse: 1), Place(kind: .tooFewChapters, chapter: 1)],
            scheme: smallScheme),
        Case(
            testDescription: "a verse the scheme leaves out",
            chapters: [(1, verses(1...5)), (2, verses(1...3)), (3, verses(1...4))],
            expected: [Place(kind: .verseNotInScheme, chapter: 2, verse: 1)], scheme: smallScheme),
        Case(
            testDescription: "a chapter the scheme lacks",
            chapters: [(1, verses(1...5)), (2, verses(1...3)), (3, ["1", "3", "4"]), (4, ["1"])],
            expected: [Place(kind: .chapterNotInScheme, chapter: 3)], scheme: smallScheme),
    ]

    static let arguments = cases.flatMap { item in Format.allCases.map { (item, $0) } }

    @Test(arguments: arguments)
    func eachDiagnosticHasItsCodeLineAndColumn(_ item: Case, _ format: Format) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let written = Self.write(item.chapters, as: format)
        let path = try folder.write(Array(written.text.utf8), to: "JHN.\(format.rawValue)")
        let scheme = try item.scheme.map { try folder.write(Array($0.utf8), to: "small.vrs") }
        let read = VersionSource.read(paths: [path], versification: scheme).result
        let found = read.diagnostics.filter { $0.severity != .note }
        // In source order, as they are reported.
        let expected = item.expected.map { place in
            let line =
                place.verse.map { written.verseLines[place.chapter][$0] } ?? written.chapterLines[place.chapter]
            return (line, "\(path):\(line):1 [\(place.kind.rawValue)]")
        }.sorted { $0.0 < $1.0 }.map(\.1)
        #expect(found.map { "\($0.location) [\($0.code)]" } == expected, "\(found.map(\.description))")
        #expect(found.allSatisfy { $0.severity == .warning })
        // The chapters come out in numeric order, each chapter's verses in numeric order.
        let keys = read.books.flatMap { $0.verseKeys() }
        #expect(keys == keys.sorted())
        #expect(keys == read.books.flatMap { $0.verseTexts().map(\.key) })
        // The outline the checks read has every verse, in source order.
        let outlined = read.books.flatMap { BookOutline($0).chapters.flatMap { $0.verses.map(\.label) } }
        #expect(outlined.count == keys.count)
    }

    /// The messages say what is wrong in a reader's words.
    @Test func messagesNameTheVersesAndTheScheme() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(
            Array(Self.write([(1, ["1", "2", "5", "3"]), (3, ["1"]), (2, ["1"])], as: .usfm).text.utf8), to: "a.usfm")
        let messages = VersionSource.read(paths: [path]).result.diagnostics.filter { $0.severity == .warning }
            .map(\.message)
        #expect(
            messages == [
                "verse JHN 1:4 is missing: the chapter goes from verse 3 to verse 5",
                "verse JHN 1:3 comes after 1:5; move it before (Lectern lists the verses in numeric order, the text "
                    + "keeps this order)",
                "chapter JHN 2 comes after chapter 3; move it before (Lectern keeps the chapters in numeric order)",
            ])
        // PSA 51 has 19 verses in the English scheme and 21 in the Original one (which counts the title).
        let psalm = try folder.write(
            Array(Self.write([(51, Self.verses(1...21))], as: .usfm, book: "PSA").text.utf8), to: "p.usfm")
        let english = VersionSource.read(paths: [psalm], versification: "english").result.diagnostics
        #expect(
            english.filter { $0.kind == .tooManyVerses }.map(\.description) == [
                "\(psalm):23:1: warning: PSA 51 has 19 verses in the English scheme; this file has 21 [too-many-verses]"
            ])
        let original = VersionSource.read(paths: [psalm], versification: "original").result.diagnostics
        #expect(!original.contains { $0.kind == .tooManyVerses || $0.kind == .tooFewVerses })
        #expect(original.filter { $0.kind == .tooFewChapters }.map(\.message) == [
            "PSA has 150 chapters in the Original scheme; this file has 51"
        ])
    }

    /// With no scheme given, the counts are compared with the best fit when it fits nine chapters in ten: a
    /// Genesis with a verse missing at the end of chapter 30 is told so; one whose every chapter differs is not
    /// compared, and a note says why.
    @Test func theBestFitIsComparedWhenItFits() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let english = VersificationScheme.english
        var genesis = (1...50).map { ($0, Self.verses(1...(english.lastVerse(.genesis, $0) ?? 1))) }
        genesis[29].1.removeLast()
        let path = try folder.write(Array(Self.write(genesis, as: .usfm, book: "GEN").text.utf8), to: "g.usfm")
        let found = VersionSource.read(paths: [path]).result.diagnostics
        #expect(found.map(\.message) == ["GEN 30 has 43 verses in the English scheme; this file has 42"])
        let shifted = (1...50).map { ($0, Self.verses(1...((english.lastVerse(.genesis, $0) ?? 1) + 1))) }
        let other = try folder.write(Array(Self.write(shifted, as: .usfm, book: "GEN").text.utf8), to: "h.usfm")
        let notes = VersionSource.read(paths: [other]).result.diagnostics
        #expect(notes.map(\.kind) == [.unknownVersification])
        #expect(notes.first?.severity == .note)
    }

    /// `Book.putChaptersInOrder()` and the verse texts of a book out of order: chapters by number, each chapter's
    /// verses by number, the content left in source order.
    @Test func chaptersAndVerseTextsComeInNumericOrder() throws {
        let written = Self.write([(1, ["1", "2", "5", "3"]), (3, ["1"]), (2, ["2", "1"])], as: .usfm)
        var book = try #require(VersionSource.parse(Array(written.text.utf8), path: "a.usfm").books.first)
        #expect(book.chapters.map(\.number) == [1, 3, 2])
        #expect(!book.chaptersAreInOrder)
        let outline = BookOutline(book)
        #expect(outline.chapters.map { $0.verses.map(\.label) } == [["1", "2", "5", "3"], ["1"], ["2", "1"]])
        book.putChaptersInOrder()
        #expect(book.chapters.map(\.number) == [1, 2, 3])
        #expect(book.verseTexts().map(\.key.description) == ["JHN 1:1", "JHN 1:2", "JHN 1:3", "JHN 1:5", "JHN 2:1", "JHN 2:2", "JHN 3:1"])
        #expect(book.verseTexts().map(\.text).prefix(4) == ["Text 1.", "Text 2.", "Text 3.", "Text 5."])
        var lines: [UInt8] = []
        book.appendVrefLines(to: &lines)
        #expect(String(decoding: lines, as: UTF8.self) == Vref.format(verses: book.verseTexts()))
        let labels = book.chapters[0].content.nodes.indices.filter { book.chapters[0].content.nodes[$0].kind == .verse }
            .map { book.chapters[0].content.text(of: $0) }
        #expect(labels == ["1", "2", "5", "3"])
    }
}
