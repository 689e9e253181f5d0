import ScriptureModel
import TestSupport
import Testing
import USFM

/// Malformed inputs and the exact diagnostics (kind, severity, line, column) they must produce.
@Suite struct USFMDiagnosticsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var input: [UInt8]
        var expected: [Expected]
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ expected: [Expected]) {
            self.name = name
            self.input = Array(text.utf8)
            self.expected = expected
        }

        init(_ name: String, bytes: [UInt8], _ expected: [Expected]) {
            self.name = name
            self.input = bytes
            self.expected = expected
        }
    }

    struct Expected: Equatable, CustomStringConvertible, Sendable {
        var severity: Diagnostic.Severity
        var kind: Diagnostic.Kind
        var line: Int
        var column: Int
        var description: String { "\(line):\(column): \(severity.rawValue) \(kind.rawValue)" }

        init(_ severity: Diagnostic.Severity, _ kind: Diagnostic.Kind, _ line: Int, _ column: Int) {
            self.severity = severity
            self.kind = kind
            self.line = line
            self.column = column
        }
    }

    static let body = "\\c 1\n\\p\n\\v 1 a\n"

    static let cases: [Case] = [
        Case("empty file", "", [Expected(.error, .emptyFile, 1, 1)]),
        Case("only white space", " \n\n", [Expected(.error, .emptyFile, 1, 1)]),
        Case("byte order mark", "\u{FEFF}\\id GEN\n" + body, [Expected(.note, .byteOrderMark, 1, 1)]),
        Case("CRLF line ends", "\\id GEN\r\n\\c 1\r\n\\p\r\n\\v 1 a\r\n", [Expected(.note, .crlfLineEnds, 1, 8)]),
        Case("trailing spaces", "\\id GEN\n\\c 1  \n\\p\n\\v 1 a\n", [Expected(.note, .trailingSpaces, 2, 5)]),
        Case(
            "invalid UTF-8", bytes: Array("\\id GEN\n\\c 1\n\\p\n\\v 1 é".utf8) + [0xFF] + Array("b\n".utf8),
            [Expected(.error, .invalidUTF8, 4, 7)]),
        Case("missing \\id", body, [Expected(.error, .missingID, 1, 1)]),
        Case("unknown book code", "\\id XYZ\n" + body, [Expected(.error, .unknownBook, 1, 5)]),
        Case(
            "text before the first \\c", "\\id GEN\nstray text\n" + body, [Expected(.error, .textBeforeChapter, 2, 1)]),
        Case(
            "verse before its chapter", "\\id GEN\n\\p\n\\v 1 a\n",
            [Expected(.warning, .textBeforeChapter, 2, 1), Expected(.error, .verseBeforeChapter, 3, 1)]),
        Case("duplicate verse", "\\id GEN\n" + body + "\\v 1 b\n", [Expected(.error, .duplicateVerse, 5, 1)]),
        Case("duplicate chapter", "\\id GEN\n" + body + body, [Expected(.error, .duplicateChapter, 5, 1)]),
        Case("invalid chapter number", "\\id GEN\n\\c one\n\\p\n", [Expected(.error, .invalidChapterNumber, 2, 4)]),
        Case("invalid verse number", "\\id GEN\n\\c 1\n\\p\n\\v x1 a\n", [Expected(.error, .invalidVerseNumber, 4, 4)]),
        Case("unknown marker", "\\id GEN\n\\c 1\n\\p\n\\v 1 a \\xyz b\n", [Expected(.warning, .unknownMarker, 4, 8)]),
        Case(
            "unclosed character style", "\\id GEN\n\\c 1\n\\p\n\\v 1 \\nd Lord\n\\p b\n",
            [Expected(.warning, .unclosedCharacterStyle, 4, 6)]),
        Case(
            "note left open at a paragraph end", "\\id GEN\n\\c 1\n\\p\n\\v 1 a\\f + \\ft note\n\\p\n\\v 2 b\n",
            [Expected(.warning, .unclosedNote, 4, 7)]),
        Case(
            "closing marker that closes nothing", "\\id GEN\n\\c 1\n\\p\n\\v 1 a\\nd* b\n",
            [Expected(.warning, .unexpectedClosingMarker, 4, 7)]),
        Case(
            "attribute without quotes", "\\id GEN\n\\c 1\n\\p\n\\v 1 \\w a|strong=H1\\w*\n",
            [Expected(.warning, .unquotedAttributeValue, 4, 18)]),
        Case(
            "milestone without \\*", "\\id GEN\n\\c 1\n\\p\n\\v 1 \\qt-s |who=\"x\" a\n",
            [Expected(.warning, .unclosedMilestone, 4, 6)]),
        Case(
            "verse outside a paragraph", "\\id GEN\n\\c 1\n\\v 1 a\n", [Expected(.warning, .misplacedMarker, 3, 1)]),
    ]

    @Test(arguments: cases)
    func reportsExactLocationAndKind(_ testCase: Case) {
        let result = USFMParser.parse(testCase.input, path: "bad.usfm")
        let actual = result.diagnostics.map { Expected($0.severity, $0.kind, $0.location.line, $0.location.column) }
        #expect(actual == testCase.expected, "\(result.diagnostics.map(\.description))")
        #expect(result.diagnostics.allSatisfy { $0.location.file == "bad.usfm" && !$0.message.isEmpty })
    }

    @Test func recoversAndKeepsReadingAfterErrors() throws {
        let result = USFMParser.parse(
            "\\id GEN\n\\c 1\n\\p\n\\v 1 a \\nd b\n\\v 1 dup\n\\c x\n\\p\n\\v 2 c\n\\c 2\n\\p\n\\v 1 d\n",
            path: "bad.usfm")
        #expect(result.hasErrors)
        let book = try #require(result.books.first)
        #expect(book.chapters.map(\.number) == [1, 2])
        #expect(book.verseTexts().map(\.text) == ["a b", "dup", "c", "d"])
    }

    @Test(arguments: [
        ("\\v 1 a \\v 1 b", 1), ("\\v 1 a \\v 01 b", 0), ("\\v 01 a \\v 01 b", 1), ("\\v 3a a \\v 3a b", 1),
        ("\\v 3a a \\v 3 b", 0), ("\\v 1023 a \\v 1023 b", 1), ("\\v 1024 a \\v 1024 b", 1), ("\\v 2-3 a \\v 2 b", 0),
    ])
    func duplicateVersesAreTheSameLabelInOneChapter(verses: String, duplicates: Int) {
        let result = USFMParser.parse("\\id GEN\n\\c 1\n\\p\n\(verses)\n\\c 2\n\\p\n\\v 1 again\n", path: "t.usfm")
        #expect(result.diagnostics.filter { $0.kind == .duplicateVerse }.count == duplicates, "\(result.diagnostics)")
    }

    @Test func aRepeatedChapterIsAddedToTheFirst() throws {
        let result = USFMParser.parse(
            "\\id GEN\n\\c 1\n\\p\n\\v 1 a\n\\c 2\n\\p\n\\v 1 b\n\\c 1\n\\p\n\\v 2 c\n", path: "bad.usfm")
        #expect(result.diagnostics.map(\.kind) == [.duplicateChapter])
        let book = try #require(result.books.first)
        #expect(book.chapters.map(\.number) == [1, 2])
        #expect(book.verseTexts().map(\.key.description) == ["GEN 1:1", "GEN 1:2", "GEN 2:1"])
    }

    @Test func offsetsAfterInvalidBytesAreTheFilesOwn() throws {
        // Each invalid byte becomes the three bytes of U+FFFD in the parser's copy; offsets stay the file's.
        let input = Array("\\id GEN\n\\c 1\n\\p\n\\v 1 ".utf8) + [0xFF, 0xFE] + Array(" \\xyz b\n".utf8)
        let result = USFMParser.parse(input, path: "bad.usfm")
        let unknown = try #require(result.diagnostics.first { $0.kind == .unknownMarker })
        #expect(unknown.location.offset == input.count - 7)
        #expect(unknown.location.line == 4 && unknown.location.column == 9)
        #expect(result.diagnostics.filter { $0.kind == .invalidUTF8 }.map(\.location.offset) == [21, 22])
    }

    @Test func anEmptyBookAfterAnInvalidByteIsPlacedAtItsID() throws {
        // The book's own location is the file's already; the warning said offset -1 (1 − 2 for the replacement).
        let input = [0xFF] + Array("\\id 3JN Third John\n\\h 3 John\n".utf8)
        let result = USFMParser.parse(input, path: "bad.usfm")
        let empty = try #require(result.diagnostics.first { $0.kind == .emptyBook }, "\(result.diagnostics)")
        #expect(empty.location.offset == 1)
        #expect(empty.location.line == 1 && empty.location.column == 2)
        #expect(result.books.first?.location == empty.location)
    }

    @Test func textBeforeTheFirstChapterAfterInvalidBytesIsPlacedAtItsParagraph() throws {
        // The warning took the paragraph's file offset for an input offset: 1:11 instead of 2:1.
        let input = Array("\\id GEN x".utf8) + [0xFF, 0xFF] + Array("\n\\p text\n\\c 1\n\\p\n\\v 1 a\n".utf8)
        let result = USFMParser.parse(input, path: "bad.usfm")
        let early = try #require(result.diagnostics.first { $0.kind == .textBeforeChapter }, "\(result.diagnostics)")
        #expect((early.location.line, early.location.column) == (2, 1))
        #expect(early.location.offset == 12)
    }

    /// Every input of the diagnostics cases (and of the sidebar cases) with invalid bytes added to its `\\id`
    /// line: each diagnostic after that line is the same, at the same line and column, and its offset moved by
    /// the bytes added (which the parser's copy holds as three bytes each). Two diagnostics took a location's
    /// file offset for an input offset; this finds any other that does.
    @Test(
        arguments: cases.map(\.input) + USFMValidationTests.cases.map(\.input)
            + USFMSidebarTests.cases.map { Array($0.usfm.utf8) })
    func invalidBytesOnTheFirstLineMoveNothingAfterIt(_ input: [UInt8]) throws {
        guard let lineEnd = input.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }),
            input.starts(with: Array("\\id ".utf8)) || input.starts(with: [0xEF, 0xBB, 0xBF] + Array("\\id ".utf8))
        else { return }
        let added: [UInt8] = [0x20, 0xFF, 0xFE]
        let damaged = Array(input[..<lineEnd]) + added + Array(input[lineEnd...])
        let before = USFMParser.parse(input, path: "a.usfm").diagnostics.filter {
            $0.location.line > 1 && $0.kind != .invalidUTF8
        }
        let after = USFMParser.parse(damaged, path: "a.usfm").diagnostics.filter {
            $0.location.line > 1 && $0.kind != .invalidUTF8
        }
        let place = { (d: Diagnostic, shift: Int) in
            "\(d.kind.rawValue)@\(d.location.line):\(d.location.column)+\(d.location.offset + shift)"
        }
        #expect(after.map { place($0, 0) } == before.map { place($0, added.count) })
    }

    @Test func linesAfterInvalidBytesKeepTheirNumbersAndOffsets() throws {
        // Invalid bytes on lines 4 and 5 (one a lone continuation byte, 0x80); the unknown markers after them,
        // on lines 5 and 7, are found in the repaired copy, where every line start after them has moved.
        let input =
            Array("\\id GEN\n\\c 1\n\\p\n\\v 1 ".utf8) + [0xFF, 0xFE] + Array("a\n\\v 2 ".utf8) + [0x80]
            + Array(" \\xyz b\n\\p\n\\v 3 c \\abc d\n".utf8)
        let result = USFMParser.parse(input, path: "bad.usfm")
        let unknown = result.diagnostics.filter { $0.kind == .unknownMarker }
        #expect(unknown.map(\.location.line) == [5, 7])
        #expect(unknown.map(\.location.column) == [8, 8])
        let xyz = try #require(input.firstRange(of: Array("\\xyz".utf8))).lowerBound
        let abc = try #require(input.firstRange(of: Array("\\abc".utf8))).lowerBound
        #expect(unknown.map(\.location.offset) == [xyz, abc])
        #expect(result.diagnostics.filter { $0.kind == .invalidUTF8 }.map(\.location.line) == [4, 4, 5])
    }

    @Test func diagnosticsPrintAsFileLineColumn() {
        let result = USFMParser.parse("\\id GEN\n\\c 1\n\\p\n\\v 1 a \\xyz b\n", path: "dir/bad.usfm")
        #expect(
            result.diagnostics.first?.description
                == "dir/bad.usfm:4:8: warning: unknown marker \\xyz; check its spelling against USFM 3 [unknown-marker]"
        )
    }

    @Test(arguments: [
        "\\", "\\\\", "\\v", "\\c", "\\id", "\\f", "\\w|", "|", "\\+", "\\*", "\\tr \\tc1",
        "\\id GEN\n\\c 1\n\\f + \\fr",
        "\\id GEN\n\\c 1\n\\p \\w a|b=\"", "\\id GEN\n\\esb\n\\tc1 x\n\\va 1\\va*\\ca 2\\ca*",
    ])
    func neverCrashesOnFragments(_ text: String) {
        let result = USFMParser.parse(text, path: "fragment.usfm")
        // Each is broken, and says so inside itself; what it gives stores and reads back.
        #expect(!result.diagnostics.isEmpty)
        #expect(Array(text.utf8).withUnsafeBytes { FuzzProperties.diagnostics(result.diagnostics, input: $0) } == [])
        #expect(FuzzProperties.storeRoundTrip(result.books) == [])
    }
}

/// Paragraph styles are classed once each, the last 16 in a short list and the others in a dictionary: a
/// verse in a heading or title is reported whichever of the two holds its style, however many unknown styles
/// came before (each unknown marker is a style of its own).
@Suite struct USFMParagraphKindTests {
    @Test func versesInHeadingsAreReportedPastManyStyles() {
        var lines = ["\\id GEN", "\\c 1"]
        var verse = 0
        func add(_ marker: String) {
            verse += 1
            lines.append("\\\(marker)")
            lines.append("\\v \(verse) x")
        }
        add("s1")
        add("mt1")
        for index in 0..<40 { add("zz\(index)") }
        // `s1` and `mt1` were pushed out of the list; `p` and `q1` come new into the dictionary.
        for marker in ["s1", "p", "mt1", "q1", "s1", "zz3", "p", "mt1"] { add(marker) }
        let result = USFMParser.parse(Array(lines.joined(separator: "\n").utf8), path: "kinds.usfm")
        let misplaced = result.diagnostics.filter { $0.kind == .misplacedVerse }
        // Each `\v` is on the line after its paragraph marker: line 2 + 2 × the verse's number.
        let verses = misplaced.map { ($0.location.line - 2) / 2 }
        #expect(verses == [1, 2, 43, 45, 47, 50])
        #expect(result.books.first?.verseTexts().count == verse)
    }
}
