import ScriptureModel
import TestSupport
import Testing
import USX

/// Spans and notes nested past `Inline.maximumNestingDepth`: one `nesting-too-deep` error, the text kept
/// in the span at the limit; past libxml2's own limit (256 elements, `XML_PARSE_HUGE` is never set) a
/// `malformed-xml` error stops the reading. Never a signal, never a deeper model.
@Suite struct USXNestingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// One level: a start tag and its text.
        var open: String
        var close: String
        var levels: Int
        /// Verse 1's text; nil when it is some number of `a` (libxml2 stops reading somewhere).
        var text: String?
        /// Whether libxml2 stops at its own depth limit.
        var tooDeepForXML: Bool
        var testDescription: String { name }
    }

    static let limit = Inline.maximumNestingDepth

    static let prefix =
        "<?xml version=\"1.0\"?><usx version=\"3.1\"><book code=\"GEN\" style=\"id\"/><chapter number=\"1\" style=\"c\"/>"
        + "<para style=\"p\"><verse number=\"1\" style=\"v\"/>"

    static let cases: [Case] = [
        Case(
            name: "200 nested <char>", open: "<char style=\"w\">a", close: "</char>", levels: 200,
            text: String(repeating: "a", count: 200), tooDeepForXML: false),
        Case(
            name: "100,000 nested <char>", open: "<char style=\"w\">a", close: "</char>", levels: 100_000,
            text: nil, tooDeepForXML: true),
        Case(
            name: "100 notes, each inside the one before", open: "<note caller=\"+\" style=\"f\"><char style=\"ft\">x",
            close: "</char></note>", levels: 100, text: "", tooDeepForXML: false),
        Case(
            name: "exactly at the limit", open: "<char style=\"nd\">a", close: "</char>", levels: limit,
            text: String(repeating: "a", count: limit), tooDeepForXML: false),
    ]

    @Test(arguments: cases)
    func deepNestingIsReportedAndFlattened(_ testCase: Case) throws {
        let levels = String(repeating: testCase.open, count: testCase.levels)
        let text = Self.prefix + levels + String(repeating: testCase.close, count: testCase.levels) + "</para></usx>"
        let result = USXParser.parse(Array(text.utf8), path: "deep.usx")
        let deep = result.diagnostics.filter { $0.kind == .nestingTooDeep }
        let elementsPerLevel = testCase.open.utf8.count(where: { $0 == UInt8(ascii: "<") })
        if testCase.levels * elementsPerLevel > Self.limit {
            // The first element that would stand at depth `limit + 1` starts the report.
            let firstTooDeep = Self.prefix.utf8.count + Self.limit / elementsPerLevel * testCase.open.utf8.count
            #expect(deep.map(\.location.column) == [firstTooDeep + 1])
            #expect(deep.allSatisfy { $0.severity == .error })
        } else {
            #expect(deep.isEmpty)
        }
        let malformed = result.diagnostics.filter { $0.kind == .malformedXML }
        #expect(malformed.isEmpty != testCase.tooDeepForXML, "\(malformed.map(\.description))")
        let book = try #require(result.books.first)
        #expect(book.nestingDepth == min(testCase.levels * elementsPerLevel, Self.limit))
        let verses = book.verseTexts().map(\.text)
        if let expected = testCase.text {
            #expect(verses == [expected])
        } else {
            #expect(verses.count == 1 && verses.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0 == "a" } })
        }
    }
}

/// A start tag with more attributes than Lectern reads (libxml2 2.9 checks a tag's attributes pairwise, so a
/// tag of a million would take many minutes): the file is refused with one `malformed-xml` error at the tag,
/// before libxml2 reads it. Many `=` signs elsewhere (text, comments, quoted values) refuse nothing.
@Suite struct USXCrowdedTagTests {
    static let limit = 1024

    /// A USX file whose verse holds `middle`, on line 2.
    static func file(_ middle: String) -> [UInt8] {
        Array(
            ("<?xml version=\"1.0\"?>\n<usx version=\"3.1\"><book code=\"GEN\" style=\"id\"/><chapter number=\"1\" "
                + "style=\"c\"/><para style=\"p\"><verse number=\"1\" style=\"v\"/>" + middle + "</para></usx>\n").utf8)
    }

    /// A `<char>` with `count` attributes, its style and `count - 1` others.
    static func tag(attributes count: Int) -> String {
        "<char style=\"w\"" + (1..<count).map { " x-a\($0)=\"v\"" }.joined() + ">word</char>"
    }

    @Test(arguments: [limit + 1, 200_000])
    func aTagWithTooManyAttributesRefusesTheFile(_ count: Int) {
        // (A comment and a processing instruction before it, with `=` and `>` inside, are passed over.)
        let before = "text <!-- a=b > c --> <?pi x=y?> "
        let bytes = Self.file(before + Self.tag(attributes: count))
        let result = USXParser.parse(bytes, path: "crowded.usx")
        #expect(result.books.isEmpty)
        #expect(result.diagnostics.count == 1)
        let column =
            Self.file("").count - "</para></usx>\n".utf8.count - "<?xml version=\"1.0\"?>\n".utf8.count
            + before.utf8.count + 1
        #expect(
            result.diagnostics.map(\.description) == [
                "crowded.usx:2:\(column): error: a start tag with \(count) attributes; USX elements have a few, "
                    + "and Lectern reads at most \(Self.limit) in one tag, so the file is not read [malformed-xml]"
            ])
    }

    @Test func manyEqualsSignsElsewhereRefuseNothing() {
        let equals = String(repeating: "=", count: 5000)
        let middle =
            "a" + equals + "<!-- \(equals) --><char style=\"w\" x-note=\"\(equals)\">b</char>"
            + Self.tag(attributes: Self.limit)
        let result = USXParser.parse(Self.file(middle), path: "equals.usx")
        #expect(result.books.count == 1)
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics.prefix(3))")
        let text = result.books.first.map { $0.verseTexts().first?.text ?? "" } ?? ""
        #expect(text == "a" + equals + "bword")
    }
}
