import ScriptureModel
import Testing
import USFM

/// USFM that reads but that the standard does not allow (issue 47): each rule on a minimal file, with its code,
/// severity, line and column; and the same rules quiet on what the standard does allow.
@Suite struct USFMSyntaxTests {
    typealias Case = USFMDiagnosticsTests.Case
    typealias Expected = USFMDiagnosticsTests.Expected

    static let head = "\\id GEN\n\\c 1\n\\p\n"

    static let cases: [Case] = [
        // Attributes.
        Case(
            "a value without quotes", head + "\\v 1 \\w gracious|lemma=grace\\w*\n",
            [Expected(.warning, .unquotedAttributeValue, 4, 24)]),
        Case(
            "a value in single quotes", head + "\\v 1 \\w gracious|lemma='grace'\\w*\n",
            [Expected(.warning, .unquotedAttributeValue, 4, 24)]),
        Case(
            "a space before =", head + "\\v 1 \\w gracious|lemma =\"grace\"\\w*\n",
            [Expected(.warning, .spaceInAttributes, 4, 23)]),
        Case(
            "a space after =", head + "\\v 1 \\w gracious|lemma= \"grace\"\\w*\n",
            [Expected(.warning, .spaceInAttributes, 4, 24)]),
        Case(
            "a space before |", head + "\\v 1 \\w gracious |lemma=\"grace\"\\w*\n",
            [Expected(.warning, .spaceInAttributes, 4, 17)]),
        Case(
            "a space after |", head + "\\v 1 \\w gracious| lemma=\"grace\"\\w*\n",
            [Expected(.warning, .spaceInAttributes, 4, 18)]),
        Case(
            "a space after | in a run of words",
            head + "\\v 1 \\w a|lemma=\"a\"\\w* \\w b| lemma=\"b\"\\w* \\w c|lemma=\"c\"\\w*\n",
            [Expected(.warning, .spaceInAttributes, 4, 29)]),
        Case(
            "a | with nothing after it", head + "\\v 1 \\w gracious|\\w*\n",
            [Expected(.warning, .emptyAttributeList, 4, 17)]),
        Case(
            "a | with only spaces after it", head + "\\v 1 \\w gracious|  \\w*\n",
            [Expected(.warning, .emptyAttributeList, 4, 17)]),
        Case(
            "a word-level marker with no word", head + "\\v 1 a \\w |lemma=\"grace\"\\w* b\n",
            [Expected(.warning, .emptyWord, 4, 8)]),
        Case("an empty \\w", head + "\\v 1 a \\w \\w* b\n", [Expected(.warning, .emptyWord, 4, 8)]),
        Case(
            "a milestone's space before | is its separator", head + "\\v 1 \\qt-s |who=\"Pilate\"\\*a\\qt-e\\*\n", []),
        Case(
            "attributes as the standard writes them",
            head + "\\v 1 \\w gracious|lemma=\"grace\" strong=\"G5485\"\\w* \\w gracious|grace\\w* "
                + "\\jmp link|link-href=\"GEN 1:1\"\\jmp*\n",
            []),
        // Numbers.
        Case("a chapter number with a leading zero", "\\id GEN\n\\c 01\n\\p\n\\v 1 a\n", [
            Expected(.warning, .leadingZero, 2, 4)
        ]),
        Case("a verse number with a leading zero", head + "\\v 07 a\n", [Expected(.warning, .leadingZero, 4, 4)]),
        Case(
            "a bridge's second number with a leading zero", head + "\\v 1-02 a\n",
            [Expected(.warning, .leadingZero, 4, 4)]),
        Case("verse 10 and chapter 10 have no leading zero", "\\id GEN\n\\c 10\n\\p\n\\v 10 a\n", []),
        // Blank lines.
        Case("text in \\b", head + "\\v 1 a\n\\b b\n", [Expected(.warning, .contentInBlankLine, 5, 1)]),
        Case("a verse in \\b", head + "\\v 1 a\n\\b\n\\v 2 b\n", [Expected(.warning, .contentInBlankLine, 5, 1)]),
        Case("an empty \\b", head + "\\v 1 a\n\\b\n\\q1 b\n", []),
        // Tables.
        Case(
            "column numbers that skip", head + "\\v 1 a\n\\tr \\th1 A \\th2 B \\th3 C\n\\tr \\tc1 d \\tc3 f\n",
            [Expected(.warning, .missingTableColumn, 6, 1), Expected(.warning, .skippedTableColumn, 6, 12)]),
        Case(
            "a column given twice", head + "\\v 1 a\n\\tr \\th1 A \\th2 B\n\\tr \\tc1-2 d \\tc2 e\n",
            [Expected(.warning, .extraTableColumn, 6, 1), Expected(.warning, .skippedTableColumn, 6, 14)]),
        Case(
            "a row wider than the header", head + "\\v 1 a\n\\tr \\th1 A \\th2 B\n\\tr \\tc1 d \\tc2 e \\tc3 f\n",
            [Expected(.warning, .extraTableColumn, 6, 1)]),
        Case(
            "a row narrower than the header", head + "\\v 1 a\n\\tr \\th1 A \\th2 B\n\\tr \\tc1 d\n",
            [Expected(.warning, .missingTableColumn, 6, 1)]),
        Case(
            "a table as the standard writes it",
            head + "\\v 1 a\n\\tr \\th1 A \\thr2 B\n\\tr \\tc1 d \\tcr2 e\n\\tr \\tc1-2 f\n", []),
        // Notes.
        Case(
            "a cross reference style in a footnote", head + "\\v 1 a\\f + \\fr 1:1 \\xt Gen 2\\f*\n",
            [Expected(.warning, .invalidNoteContent, 4, 20)]),
        Case(
            "a nested footnote style inside \\ft", head + "\\v 1 a\\f + \\ft b \\+fq c\\+fq*\\f*\n",
            [Expected(.warning, .invalidNoteContent, 4, 18)]),
        Case(
            "a character style straight in a footnote", head + "\\v 1 a\\f + \\nd Lord\\nd*\\f*\n",
            [Expected(.warning, .invalidNoteContent, 4, 12)]),
        Case(
            "a cross reference inside a footnote", head + "\\v 1 a\\f + \\ft b \\x - \\xt c\\x*\\f*\n",
            [Expected(.warning, .invalidNoteContent, 4, 18)]),
        Case(
            "nested styles inside the allowed ones",
            head + "\\v 1 a\\f + \\fr 1:1 \\ft b \\+nd Lord\\+nd* \\fqa c \\fv 2\\fv*\\f*\\x - \\xo 1:1 \\xt \\+w d\\+w*\\x*\n",
            []),
        // \k and \w.
        Case(
            "a keyword in a footnote", head + "\\v 1 a\\f + \\ft b \\k c\\k*\\f*\n",
            [Expected(.warning, .misplacedKeyword, 4, 18)]),
        Case(
            "a keyword inside a word", head + "\\v 1 \\w a \\+k b\\+k*\\w*\n",
            [Expected(.warning, .misplacedKeyword, 4, 11)]),
        Case(
            "a word inside a word", head + "\\v 1 \\w a \\+w b\\+w*\\w*\n", [Expected(.warning, .nestedWord, 4, 11)]),
        Case(
            "a word inside a keyword", head + "\\v 1 \\k a \\+w b|lemma=\"b\"\\+w*\\k*\n",
            [Expected(.warning, .nestedWord, 4, 11)]),
        Case(
            "words inside the words of Jesus, and a keyword in a paragraph",
            head + "\\v 1 \\wj \\+w a|strong=\"G1\"\\+w* \\+w b\\+w*\\wj* \\k c\\k* \\f + \\ft \\w d\\w*\\f*\n", []),
    ]

    @Test(arguments: cases)
    func reportsExactLocationAndCode(_ testCase: Case) {
        let result = USFMParser.parse(testCase.input, path: "bad.usfm")
        let actual = result.diagnostics.map { Expected($0.severity, $0.kind, $0.location.line, $0.location.column) }
        #expect(actual == testCase.expected, "\(result.diagnostics.map(\.description))")
    }

    /// The checks change nothing the parser builds: a word with a stray space still has its attributes.
    @Test func theContentIsReadAsBefore() throws {
        let spaced = USFMParser.parse(Self.head + "\\v 1 \\w gracious| lemma=\"grace\"\\w*\n", path: "a.usfm")
        let plain = USFMParser.parse(Self.head + "\\v 1 \\w gracious|lemma=\"grace\"\\w*\n", path: "a.usfm")
        let spacedWords = try #require(spaced.books.first).verseTexts().map(\.words)
        let plainWords = try #require(plain.books.first).verseTexts().map(\.words)
        #expect(spacedWords == plainWords)
        #expect(plainWords.first?.first?.lemma == "grace")
    }
}
