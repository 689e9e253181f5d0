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
        Case(
            name: "extended notes with their content markers",
            usfm: head + "\\v 1 a\\ef + \\fr 1:1 \\fq a \\ft study\\ef* b\\ex - \\xo 1:1 \\xt Mark 1:1\\ex*.\n",
            verses: ["GEN 1:1 a b."]),
        Case(
            name: "a sidebar between verses is not the verse before it",
            usfm: head + "\\v 1 a\n\\esb \\cat People\\cat*\n\\ms Paul\n\\p About Paul.\n\\esbe\n\\p\n\\v 2 b\n",
            verses: ["GEN 1:1 a", "GEN 1:2 b"]),
        Case(
            name: "a sidebar mid-verse: the verse goes on after it",
            usfm: head + "\\v 1 a\n\\esb\n\\p Aside.\n\\esbe\n\\p b\n\\v 2 c\n",
            verses: ["GEN 1:1 a b", "GEN 1:2 c"]),
        Case(
            name: "a sidebar with a table and a note",
            usfm: head
                + "\\v 1 a\n\\esb\n\\tr \\th1 Name \\th2 Meaning\n\\tr \\tc1 Abram \\tc2 father\\f + \\ft n\\f*\n\\esbe\n",
            verses: ["GEN 1:1 a"]),
        Case(
            name: "every title, heading and label style between verses",
            usfm: head + "\\v 1 a\n\\mt1 T\n\\mt2 T\n\\mte1 E\n\\ms1 M\n\\ms2 M\n\\mr (1-41)\n\\s1 S\n\\s2 S\n\\s3 S\n"
                + "\\s4 S\n\\sr (1-5)\n\\r (Mark 1)\n\\d Title\n\\sp Speaker\n\\sd1\n\\sd2\n\\qa Aleph\n\\cd Summary\n"
                + "\\cl Label\n\\lit Amen.\n\\rem remark\n\\p\n\\v 2 b\n",
            verses: ["GEN 1:1 a", "GEN 1:2 b"]),
        Case(
            name: "introduction paragraphs inside a chapter",
            usfm: head + "\\v 1 a\n\\imt1 T\n\\is1 S\n\\ip P\n\\ipi P\n\\im P\n\\imi P\n\\ipq P\n\\imq P\n\\ipr P\n"
                + "\\iq1 Q\n\\ili1 L\n\\iot O\n\\io1 O\n\\iex X\n\\imte1 E\n\\ie\n\\p\n\\v 2 b\n",
            verses: ["GEN 1:1 a", "GEN 1:2 b"]),
        Case(
            name: "\\d is verse text only from a verse that starts in it",
            usfm: "\\id PSA\n\\c 3\n\\d A Psalm.\n\\q1\n\\v 1 a\n\\c 4\n\\d\n\\v 1 For the director.\n\\q1\n\\v 2 b\n",
            verses: ["PSA 3:1 a", "PSA 4:1 For the director.", "PSA 4:2 b"]),
        Case(
            name: "\\rq, an inline quotation reference, is a label", usfm: head + "\\v 1 a b \\rq (Isa 40:3)\\rq*\n",
            verses: ["GEN 1:1 a b"]),
        Case(
            name: "a milestone between a word and its comma adds no space",
            usfm: head + "\\v 1 \\zaln-s |x-occurrence=\"1\"\\*\\w Paul\\w*\\zaln-e\\*, an\n",
            verses: ["GEN 1:1 Paul, an"]),
        Case(
            name: "a nested word and milestone add no space",
            usfm: head + "\\v 1 \\wj \\+w Paul|strong=\"G3972\"\\+w*\\+zaln-e\\*, an\\wj*\n",
            verses: ["GEN 1:1 Paul, an"]),
        Case(
            name: "the space after an opening marker is its separator",
            usfm: head + "\\v 1 \\pn 以扫\\pn*\\add 的\\+pn 山\\+pn*\\add*。\\nd  Lord\\nd*\n",
            verses: ["GEN 1:1 以扫的山。 Lord"]),
        Case(
            name: "a space before a marker is text",
            usfm: head + "\\v 1 \\pn 以扫\\pn* \\add 的\\add*\n\\v 2 \\add 名叫 \\+pn 亚当\\+pn*\\add*\n",
            verses: ["GEN 1:1 以扫 的", "GEN 1:2 名叫 亚当"]),
    ]

    @Test(arguments: cases)
    func verseTextLeavesOutWhatIsNotScripture(_ testCase: Case) throws {
        let result = USFMParser.parse(testCase.usfm, path: "t.usfm")
        let book = try #require(result.books.first)
        #expect(book.verseTexts().map { "\($0.key) \($0.text)" } == testCase.verses, "\(result.diagnostics)")
        #expect(!result.hasErrors, "\(result.diagnostics)")
    }
}
