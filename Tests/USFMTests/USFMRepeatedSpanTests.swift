import ScriptureModel
import Testing
import USFM

/// Spans met again in a file are read in one step and share what was built for the first;
/// they must mean exactly what reading them marker by marker means, in every context.
@Suite struct USFMRepeatedSpanTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var verse: String
        var content: [Inline]
        var diagnostics: [Diagnostic.Kind]
        var testDescription: String { name }
    }

    static let strongH1 = [Attribute("strong", "H1")]

    static func span(_ marker: String, _ content: [Inline], _ attributes: [Attribute] = [], closed: Bool = true)
        -> Inline
    {
        .character(CharacterSpan(marker: marker, attributes: attributes, content: content, isClosed: closed))
    }

    static let cases: [Case] = [
        Case(
            name: "the same word and Strong's number twice, then another word",
            verse: #"\w a|strong="H1"\w* \w a|strong="H1"\w* \w b|strong="H1"\w*"#,
            content: [
                span("w", [.text("a")], strongH1), .text(" "), span("w", [.text("a")], strongH1), .text(" "),
                span("w", [.text("b")], strongH1),
            ],
            diagnostics: []),
        Case(
            name: "white space inside a span collapses each time",
            verse: #"\w a  b|x="1"\w* \w a  b|x="1"\w*"#,
            content: [
                span("w", [.text("a b")], [Attribute("x", "1")]), .text(" "),
                span("w", [.text("a b")], [Attribute("x", "1")]),
            ],
            diagnostics: []),
        Case(
            name: "an optional break inside a span",
            verse: #"\w a // b\w* \w a // b\w*"#,
            content: [
                span("w", [.text("a "), .optionalBreak, .text(" b")]), .text(" "),
                span("w", [.text("a "), .optionalBreak, .text(" b")]),
            ],
            diagnostics: []),
        Case(
            name: "a span opened inside another without + closes the first",
            verse: #"\wj x \w a\w* y\wj* \w a\w*"#,
            content: [
                span("wj", [.text("x ")], closed: false), span("w", [.text("a")]), .text(" y"), .text(" "),
                span("w", [.text("a")]),
            ],
            diagnostics: [.unclosedCharacterStyle, .unexpectedClosingMarker]),
        Case(
            name: "a malformed attribute list is reported every time",
            verse: #"\w a|strong=H1\w* \w a|strong=H1\w*"#,
            content: [span("w", [.text("a")]), .text(" "), span("w", [.text("a")])],
            diagnostics: [.unquotedAttributeValue, .unquotedAttributeValue]),
        Case(
            name: "nested and plain spans of the same word, and a mismatched closing marker",
            verse: #"\w a\w* \+w a\+w* \w a\+w* \nd a\nd*"#,
            content: [
                span("w", [.text("a")]), .text(" "), span("w", [.text("a")]), .text(" "), span("w", [.text("a")]),
                .text(" "), span("nd", [.text("a")]),
            ],
            diagnostics: []),
        Case(
            name: "a bare value after NFC is the marker's own default attribute",
            verse: "\\w a|=\u{338}x\\w* \\rb a|=\u{338}x\\rb* \\w a|=\u{338}x\\w*",
            content: [
                span("w", [.text("a")], [Attribute("lemma", "\u{2260}x")]), .text(" "),
                span("rb", [.text("a")], [Attribute("gloss", "\u{2260}x")]), .text(" "),
                span("w", [.text("a")], [Attribute("lemma", "\u{2260}x")]),
            ],
            diagnostics: []),
        Case(
            name: "spans separated by a line end, a no-break space and a bar",
            verse: "\\w a\\w*\n\\w a\\w*~\\w a\\w*|\\w a\\w*",
            content: [
                span("w", [.text("a")]), .text(" "), span("w", [.text("a")]), .text("\u{A0}"),
                span("w", [.text("a")]), .text("|"), span("w", [.text("a")]),
            ],
            diagnostics: []),
        Case(
            name: "spaces around the attributes belong to the text (a space before | is reported once a book)",
            verse: #"\w a |strong="H1" \w* \w a |strong="H1" \w*"#,
            content: [span("w", [.text("a ")], strongH1), .text(" "), span("w", [.text("a ")], strongH1)],
            diagnostics: [.spaceInAttributes]),
        Case(
            name: "\\va after a verse is its alternate number, \\w va a word",
            verse: #"\va 2\va* \w va\w*"#,
            content: [.text(" "), span("w", [.text("va")])],
            diagnostics: []),
    ]

    @Test(arguments: cases)
    func repeatedSpansMeanWhatTheyMeanTheFirstTime(_ testCase: Case) throws {
        let result = USFMParser.parse("\\id GEN\n\\c 1\n\\p\n\\v 1 \(testCase.verse)\n", path: "t.usfm")
        #expect(result.diagnostics.map(\.kind) == testCase.diagnostics, "\(result.diagnostics)")
        let book = try #require(result.books.first)
        guard case .paragraph(let paragraph) = book.chapters.first?.blocks.first else {
            Issue.record("expected a paragraph, got \(book.chapters)")
            return
        }
        #expect(Array(paragraph.content.dropFirst()) == testCase.content)
    }

    @Test func theSharedSpanKeepsItsValueWhenACopyIsChanged() throws {
        let result = USFMParser.parse(
            "\\id GEN\n\\c 1\n\\p\n\\v 1 \\w a|strong=\"H1\"\\w* \\w a|strong=\"H1\"\\w*", path: "t.usfm")
        let book = try #require(result.books.first)
        guard case .paragraph(var paragraph) = book.chapters.first?.blocks.first,
            case .character(var first) = paragraph.content[1]
        else {
            Issue.record("expected a span")
            return
        }
        first.attributes[0].value = "H2"
        paragraph.content[1] = .character(first)
        #expect(paragraph.content[3] == Self.span("w", [.text("a")], Self.strongH1))
    }
}
