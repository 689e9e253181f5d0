import ScriptureModel
import Testing
import USFM

/// The checks a publisher asks of `lectern check` (issue 14): each on a minimal file, with its exact code,
/// severity, line and column, and the message as printed.
@Suite struct USFMValidationTests {
    typealias Case = USFMDiagnosticsTests.Case
    typealias Expected = USFMDiagnosticsTests.Expected

    static let cases: [Case] = [
        Case(
            "character style across a verse number", "\\id GEN\n\\c 1\n\\p\n\\v 1 \\wj a\n\\v 2 b\\wj*\n",
            [Expected(.warning, .charCrossesVerse, 5, 1)]),
        Case(
            "nested character style across a verse number",
            "\\id GEN\n\\c 1\n\\p\n\\v 1 \\wj a \\+nd L\n\\v 2 b\\+nd*\\wj*\n",
            [Expected(.warning, .charCrossesVerse, 5, 1)]),
        Case(
            "\\id in the middle of a book", "\\id GEN\n\\c 1\n\\p\n\\v 1 a\n\\id EXO\n\\c 1\n\\p\n\\v 1 b\n",
            [Expected(.warning, .idInsideBook, 5, 1)]),
        Case("empty \\fig", "\\id GEN\n\\c 1\n\\p\n\\v 1 a \\fig\\fig* b\n", [Expected(.warning, .emptyFigure, 4, 8)]),
        Case(
            "empty \\fig with spaces", "\\id GEN\n\\c 1\n\\p\n\\v 1 a \\fig  \\fig* b\n",
            [Expected(.warning, .emptyFigure, 4, 8)]),
        Case(
            "table row with a missing column",
            "\\id GEN\n\\c 1\n\\p\n\\v 1 a\n\\tr \\th1 A \\th2 B \\th3 C\n\\tr \\tc1 d \\tc2 e\n\\tr \\tc1 f \\tc2-3 g\n",
            [Expected(.warning, .missingTableColumn, 6, 1)]),
        Case(
            "footnote style inside a cross reference", "\\id GEN\n\\c 1\n\\p\n\\v 1 a\\x - \\xo 1.1 \\ft b\\x*\n",
            [Expected(.warning, .invalidCrossReferenceContent, 4, 20)]),
        Case(
            "note inside a cross reference",
            "\\id GEN\n\\c 1\n\\p\n\\v 1 a\\x - \\xo 1.1 \\xt b \\f + \\ft c\\f*\\x*\n",
            [Expected(.warning, .invalidCrossReferenceContent, 4, 26)]),
        Case(
            "\\esbe without \\esb", "\\id GEN\n\\c 1\n\\p\n\\v 1 a\n\\esbe\n\\p\n\\v 2 b\n",
            [Expected(.warning, .unmatchedSidebarEnd, 5, 1)]),
        Case(
            "\\esb never closed", "\\id GEN\n\\c 1\n\\p\n\\v 1 a\n\\esb\n\\p Side\n",
            [Expected(.warning, .unclosedSidebar, 5, 1)]),
        Case(
            "\\esb opened again before its end", "\\id GEN\n\\c 1\n\\p\n\\v 1 a\n\\esb\n\\p x\n\\esb\n\\p y\n\\esbe\n",
            [Expected(.warning, .unclosedSidebar, 5, 1)]),
        Case(
            "verse in a section heading", "\\id GEN\n\\c 1\n\\s1 Title \\v 1 a\n\\p b\n",
            [Expected(.warning, .misplacedVerse, 3, 11)]),
        Case(
            "verse in an introduction paragraph", "\\id GEN\n\\ip Intro\n\\v 1 a\n\\c 1\n\\p\n\\v 1 b\n",
            [Expected(.error, .verseBeforeChapter, 3, 1), Expected(.warning, .misplacedVerse, 3, 1)]),
        Case(
            "verse in a header line", "\\id GEN\n\\h Genesis \\v 1 a\n\\c 1\n\\p\n\\v 1 b\n",
            [Expected(.error, .verseBeforeChapter, 2, 12), Expected(.warning, .misplacedVerse, 2, 12)]),
        Case("verse in \\d is allowed", "\\id PSA\n\\c 3\n\\d \\v 1 A Psalm\n\\q1 b\n", []),
        Case(
            "empty attribute value", "\\id GEN\n\\c 1\n\\p\n\\v 1 \\w a|strong=\"\"\\w*\n",
            [Expected(.warning, .emptyAttributeValue, 4, 18)]),
        Case(
            "empty attribute value of a milestone", "\\id GEN\n\\c 1\n\\p\n\\v 1 \\qt-s |who=\"\"\\*a\\qt-e\\*\n",
            [Expected(.warning, .emptyAttributeValue, 4, 17)]),
        Case(
            "attribute list broken over lines", "\\id GEN\n\\c 1\n\\p\n\\v 1 \\w b|lemma=\"b\"\nstrong=\"H1\"\\w*\n",
            [Expected(.warning, .attributesAcrossLines, 4, 20)]),
        Case("book with nothing but its \\id line", "\\id GEN Genesis\n", [Expected(.warning, .emptyBook, 1, 1)]),
        Case(
            "NUL character in text", bytes: Array("\\id GEN\n\\c 1\n\\p\n\\v 1 a".utf8) + [0] + Array("b\u{0}\n".utf8),
            [Expected(.warning, .nulCharacter, 4, 7)]),
        Case(
            "a clean file with a table, a figure, a cross reference and a sidebar",
            "\\id GEN\n\\c 1\n\\p\n\\v 1 a\\x - \\xo 1.1 \\xt b\\x* \\fig c|src=\"x.jpg\"\\fig*\n\\tr \\tc1 a \\tc2 b\n"
                + "\\tr \\tc1-2 c\n\\esb\n\\p x\n\\esbe\n\\p\n\\v 2 \\w d|strong=\"H1\"\\w*\n",
            []),
    ]

    @Test(arguments: cases)
    func reportsExactLocationAndCode(_ testCase: Case) {
        let result = USFMParser.parse(testCase.input, path: "bad.usfm")
        let actual = result.diagnostics.map { Expected($0.severity, $0.kind, $0.location.line, $0.location.column) }
        #expect(actual == testCase.expected, "\(result.diagnostics.map(\.description))")
    }

    @Test(arguments: [
        (
            "\\id GEN\n\\c 1\n\\p\n\\v 1 \\wj a\n\\v 2 b\\wj*\n",
            "bad.usfm:5:1: warning: \\wj is still open at verse 2; close it with \\wj* before \\v and open it again after [char-crosses-verse]"
        ),
        (
            "\\id GEN\n\\c 1\n\\tr \\th1 A \\th2 B\n\\tr \\tc1 d\n",
            "bad.usfm:4:1: warning: table row has 1 column where the header row has 2; add the missing cells [missing-table-column]"
        ),
        (
            "\\id GEN\n",
            "bad.usfm:1:1: warning: book GEN has nothing but its \\id line; add its chapters or remove the file [empty-book]"
        ),
    ])
    func printsTheMessageAndCode(input: String, line: String) {
        #expect(USFMParser.parse(input, path: "bad.usfm").diagnostics.map(\.description) == [line])
    }
}
