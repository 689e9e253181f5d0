import ScriptureModel
import Testing
import USX

/// The USFM syntax rules that USX and USJ can break too (issue 47), each on a minimal file in both formats with
/// its code, line and column (`Book.markupDiagnostics()`, and the readers' check of a chapter number). A span has
/// no place of its own in the model: its diagnostic is at the paragraph holding it.
@Suite struct USXMarkupChecksTests {
    enum Format: String, CaseIterable, Sendable {
        case usx, usj
    }

    /// One element of a test book, written in either format on a line of its own.
    indirect enum Element: Sendable {
        case chapter(String)
        case para(String, [Element])
        case verse(String)
        case text(String)
        case char(String, [Element], attributes: [(String, String)] = [])
        case note(String, [Element])
        case table([Element])
        case row([Element])
        case cell(String, [Element])

        func xml() -> String {
            switch self {
            case .chapter(let number): #"<chapter number="\#(number)" style="c"/>"#
            case .para(let style, let content): #"<para style="\#(style)">"# + content.map { $0.xml() }.joined() + "</para>"
            case .verse(let number): #"<verse number="\#(number)" style="v"/>"#
            case .text(let text): text
            case .char(let style, let content, let attributes):
                #"<char style="\#(style)""# + attributes.map { #" \#($0.0)="\#($0.1)""# }.joined() + ">"
                    + content.map { $0.xml() }.joined() + "</char>"
            case .note(let style, let content):
                #"<note style="\#(style)" caller="+">"# + content.map { $0.xml() }.joined() + "</note>"
            case .table(let rows): "<table>\n" + rows.map { $0.xml() }.joined(separator: "\n") + "\n</table>"
            case .row(let cells): #"<row style="tr">"# + cells.map { $0.xml() }.joined() + "</row>"
            case .cell(let style, let content): #"<cell style="\#(style)">"# + content.map { $0.xml() }.joined() + "</cell>"
            }
        }

        func json() -> String {
            func content(_ items: [Element]) -> String { "[" + items.map { $0.json() }.joined(separator: ",") + "]" }
            switch self {
            case .chapter(let number): return #"{"type":"chapter","marker":"c","number":"\#(number)"}"#
            case .para(let style, let items): return #"{"type":"para","marker":"\#(style)","content":"# + content(items) + "}"
            case .verse(let number): return #"{"type":"verse","marker":"v","number":"\#(number)"}"#
            case .text(let text): return "\"\(text)\""
            case .char(let style, let items, let attributes):
                return #"{"type":"char","marker":"\#(style)""# + attributes.map { #","\#($0.0)":"\#($0.1)""# }.joined()
                    + #","content":"# + content(items) + "}"
            case .note(let style, let items):
                return #"{"type":"note","marker":"\#(style)","caller":"+","content":"# + content(items) + "}"
            case .table(let rows):
                return #"{"type":"table","content":[\#n"# + rows.map { $0.json() }.joined(separator: ",\n") + "\n]}"
            case .row(let cells): return #"{"type":"table:row","marker":"tr","content":"# + content(cells) + "}"
            case .cell(let style, let items):
                return #"{"type":"table:cell","marker":"\#(style)","content":"# + content(items) + "}"
            }
        }
    }

    /// A book of `elements` after `\id GEN` (line 2 on: one element a line; a table's rows each on a line after it).
    static func file(_ elements: [Element], as format: Format) -> String {
        switch format {
        case .usx:
            return "<usx version=\"3.1\">\n<book code=\"GEN\" style=\"id\"/>\n" + elements.map { $0.xml() }.joined(separator: "\n")
                + "\n</usx>\n"
        case .usj:
            return #"{"type":"USJ","version":"3.1","content":["# + "\n" + #"{"type":"book","marker":"id","code":"GEN"},"#
                + "\n" + elements.map { $0.json() }.joined(separator: ",\n") + "\n]}\n"
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var elements: [Element]
        /// Code, line and column (the same in both formats where the element starts its line).
        var expected: [String]
        /// Where USJ's differ (a verse inside its paragraph's line starts at another column).
        var expectedUSJ: [String]? = nil
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a chapter number with a leading zero", elements: [.chapter("01"), .para("p", [.verse("1"), .text("a")])],
             expected: ["leading-zero 3:1"]),
        Case(name: "a verse number with a leading zero", elements: [.chapter("1"), .para("p", [.verse("07"), .text("a")])],
             expected: ["leading-zero 4:17"], expectedUSJ: ["leading-zero 4:40"]),
        Case(name: "text in a blank line", elements: [.chapter("1"), .para("p", [.verse("1"), .text("a")]), .para("b", [.text("b")])],
             expected: ["content-in-blank-line 5:1"]),
        Case(name: "an empty blank line", elements: [.chapter("1"), .para("p", [.verse("1"), .text("a")]), .para("b", [])],
             expected: []),
        Case(
            name: "column numbers that skip",
            elements: [
                .chapter("1"), .para("p", [.verse("1"), .text("a")]),
                .table([.row([.cell("th1", [.text("A")]), .cell("th2", [.text("B")])]), .row([.cell("tc2", [.text("b")])])]),
            ],
            expected: ["skipped-table-column 7:1", "missing-table-column 7:1"]),
        Case(
            name: "a row wider than the header",
            elements: [
                .chapter("1"), .para("p", [.verse("1"), .text("a")]),
                .table([
                    .row([.cell("th1", [.text("A")])]), .row([.cell("tc1", [.text("a")]), .cell("tc2", [.text("b")])]),
                ]),
            ],
            expected: ["extra-table-column 7:1"]),
        Case(
            name: "a word span with no word",
            elements: [.chapter("1"), .para("p", [.verse("1"), .text("a "), .char("w", [], attributes: [("lemma", "x")])])],
            expected: ["empty-word 4:1"]),
        Case(
            name: "a keyword in a footnote",
            elements: [
                .chapter("1"), .para("p", [.verse("1"), .text("a"), .note("f", [.char("ft", [.text("b "), .char("k", [.text("c")])])])]),
            ],
            expected: ["misplaced-keyword 4:1"]),
        Case(
            name: "a word inside a word",
            elements: [.chapter("1"), .para("p", [.verse("1"), .char("w", [.text("a "), .char("w", [.text("b")])])])],
            expected: ["nested-word 4:1"]),
        Case(
            name: "a cross reference style in a footnote",
            elements: [.chapter("1"), .para("p", [.verse("1"), .text("a"), .note("f", [.char("xt", [.text("Gen 1")])])])],
            expected: ["invalid-note-content 4:1"]),
        Case(
            name: "a bridge's second number with a leading zero",
            elements: [.chapter("1"), .para("p", [.verse("1-02"), .text("a")])],
            expected: ["leading-zero 4:17"], expectedUSJ: ["leading-zero 4:40"]),
        Case(
            name: "a verse in a blank line",
            elements: [
                .chapter("1"), .para("p", [.verse("1"), .text("a")]), .para("b", [.verse("2"), .text("b")]),
            ],
            expected: ["content-in-blank-line 5:1"]),
        Case(
            name: "a row narrower than the header",
            elements: [
                .chapter("1"), .para("p", [.verse("1"), .text("a")]),
                .table([.row([.cell("th1", [.text("A")]), .cell("th2", [.text("B")])]), .row([.cell("tc1", [.text("a")])])]),
            ],
            expected: ["missing-table-column 7:1"]),
        Case(
            name: "a nested footnote style inside ft",
            elements: [
                .chapter("1"),
                .para("p", [.verse("1"), .text("a"), .note("f", [.char("ft", [.text("b "), .char("fq", [.text("c")])])])]),
            ],
            expected: ["invalid-note-content 4:1"]),
        Case(
            name: "a character style straight in a footnote",
            elements: [.chapter("1"), .para("p", [.verse("1"), .text("a"), .note("f", [.char("nd", [.text("Lord")])])])],
            expected: ["invalid-note-content 4:1"]),
        Case(
            name: "a cross reference inside a footnote",
            elements: [
                .chapter("1"),
                .para("p", [
                    .verse("1"), .text("a"),
                    .note("f", [.char("ft", [.text("b ")]), .note("x", [.char("xt", [.text("c")])])]),
                ]),
            ],
            expected: ["invalid-note-content 4:1"]),
        Case(
            name: "a keyword inside a word",
            elements: [.chapter("1"), .para("p", [.verse("1"), .char("w", [.text("a "), .char("k", [.text("b")])])])],
            expected: ["misplaced-keyword 4:1"]),
        Case(
            name: "a word inside a keyword",
            elements: [
                .chapter("1"),
                .para("p", [.verse("1"), .char("k", [.text("a "), .char("w", [.text("b")], attributes: [("lemma", "b")])])]),
            ],
            expected: ["nested-word 4:1"]),
        Case(
            name: "what the standard allows",
            elements: [
                .chapter("1"),
                .para("p", [
                    .verse("1"), .char("w", [.text("a")], attributes: [("lemma", "a")]), .text(" "), .char("k", [.text("b")]),
                    .note("f", [.char("fr", [.text("1:1 ")]), .char("ft", [.text("c "), .char("nd", [.text("Lord")])])]),
                    .note("x", [.char("xo", [.text("1:1 ")]), .char("xt", [.text("Gen 1")])]),
                ]),
                .table([.row([.cell("th1", [.text("A")]), .cell("th2", [.text("B")])]), .row([.cell("tc1", [.text("a")]), .cell("tc2", [.text("b")])])]),
            ],
            expected: []),
    ]

    static let arguments = cases.flatMap { item in Format.allCases.map { (item, $0) } }

    @Test(arguments: arguments)
    func reportsTheRule(_ test: Case, _ format: Format) {
        let text = Self.file(test.elements, as: format)
        let result =
            format == .usx
            ? USXParser.parse(Array(text.utf8), path: "a.usx") : USJParser.parse(Array(text.utf8), path: "a.usj")
        let found = result.diagnostics.filter { $0.severity != .note }.map {
            "\($0.code) \($0.location.line):\($0.location.column)"
        }
        let expected = format == .usj ? test.expectedUSJ ?? test.expected : test.expected
        #expect(found == expected, "\(text)\n\(result.diagnostics.map(\.description))")
    }
}
