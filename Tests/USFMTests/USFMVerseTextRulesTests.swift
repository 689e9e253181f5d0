import ScriptureModel
import Testing
import USFM

/// What is verse text and what is not (issue 14): `\lit` and other non-scripture paragraphs, extended notes
/// (`\ef`, `\ex`) and `\cat` inside notes never add to a verse.
@Suite struct USFMVerseTextRulesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var usfm: String
        var verses: [String]
        var testDescription: String { name }
    }

    static let head = "\\id GEN\n\\c 1\n\\p\n"
    static let cases: [Case] = [
        Case(
            name: "\\lit is not verse text", usfm: head + "\\v 1 a\n\\lit Literally:\n\\p\n\\v 2 b\n",
            verses: ["GEN 1:1 a", "GEN 1:2 b"]),
        Case(
            name: "\\lit after the last verse of a chapter",
            usfm: head + "\\v 1 a\n\\lit All: Amen.\n\\c 2\n\\p\n\\v 1 b\n",
            verses: ["GEN 1:1 a", "GEN 2:1 b"]),
        Case(
            name: "titles, headings, labels and introductions between verses",
            usfm: head
                + "\\v 1 a\n\\s1 Heading\n\\r (Mark 1)\n\\ms Division\n\\sp Speaker\n\\qa Aleph\n\\cl Label\n\\p\n\\v 2 b\n",
            verses: ["GEN 1:1 a", "GEN 1:2 b"]),
        Case(
            name: "extended footnote \\ef", usfm: head + "\\v 1 a\\ef - \\fr 1:1 \\ft study note\\ef* b\n",
            verses: ["GEN 1:1 a b"]),
        Case(
            name: "extended cross reference \\ex", usfm: head + "\\v 1 a\\ex - \\xo 1:1 \\xt Mark 1:1\\ex* b\n",
            verses: ["GEN 1:1 a b"]),
        Case(
            name: "\\cat inside a note", usfm: head + "\\v 1 a\\f + \\cat People\\cat*\\fr 1:1 \\ft n\\f* b\n",
            verses: ["GEN 1:1 a b"]),
        Case(
            name: "\\cat inside an extended note", usfm: head + "\\v 1 a\\ef - \\cat Places\\cat*\\ft n\\ef* b\n",
            verses: ["GEN 1:1 a b"]),
    ]

    @Test(arguments: cases)
    func verseTextLeavesOutWhatIsNotScripture(_ testCase: Case) throws {
        let result = USFMParser.parse(testCase.usfm, path: "t.usfm")
        let book = try #require(result.books.first)
        #expect(book.verseTexts().map { "\($0.key) \($0.text)" } == testCase.verses, "\(result.diagnostics)")
        #expect(!result.hasErrors, "\(result.diagnostics)")
    }
}
