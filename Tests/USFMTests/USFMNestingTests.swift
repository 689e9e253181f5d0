import ScriptureModel
import TestSupport
import Testing
import USFM

/// Styles and notes nested past `Inline.maximumNestingDepth`: one `nesting-too-deep` error where the
/// nesting goes too deep, the text kept in the style at the limit, and never a deeper model.
@Suite struct USFMNestingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// The content of verse 1, which starts at line 4, column 6.
        var verse: String
        /// The columns of the `nesting-too-deep` errors, on line 4.
        var columns: [Int]
        var depth: Int
        /// Verse 1's text.
        var text: String
        var testDescription: String { name }
    }

    static let limit = Inline.maximumNestingDepth

    static func repeated(_ piece: String, _ count: Int) -> String { String(repeating: piece, count: count) }

    /// Where the first marker too deep is when each level takes `width` bytes and `levels` levels fit.
    static func column(levels: Int, width: Int) -> Int { 6 + levels * width }

    static let cases: [Case] = [
        Case(
            name: "30,000 nested \\+w", verse: repeated("\\+w a", 30_000) + repeated("\\+w*", 30_000),
            columns: [column(levels: limit, width: 5)], depth: limit, text: repeated("a", 30_000)),
        Case(
            name: "1,000,000 nested \\+w", verse: repeated("\\+w a", 1_000_000) + repeated("\\+w*", 1_000_000),
            columns: [column(levels: limit, width: 5)], depth: limit, text: repeated("a", 1_000_000)),
        Case(
            name: "20,000 \\f + \\ft, each inside the one before", verse: "b" + repeated("\\f + \\ft x", 20_000),
            columns: [1 + column(levels: limit / 2, width: 10)], depth: limit, text: "b"),
        Case(
            name: "20,000 notes closed again", verse: repeated("\\f + \\ft x", 20_000) + repeated("\\f*", 20_000) + "c",
            columns: [column(levels: limit / 2, width: 10)], depth: limit, text: "c"),
        Case(
            name: "exactly at the limit", verse: repeated("\\+nd a", limit) + repeated("\\+nd*", limit),
            columns: [], depth: limit, text: repeated("a", limit)),
        Case(
            name: "a style after the deep part is read as usual",
            verse: repeated("\\+w a", 40) + repeated("\\+w*", 40) + " \\nd b\\nd* \\+w c\\+w*",
            columns: [column(levels: limit, width: 5)], depth: limit, text: repeated("a", 40) + " b c"),
        Case(
            name: "a figure too deep", verse: repeated("\\+w a", limit) + "\\fig cap|src=\"x.png\"\\fig*" + repeated("\\+w*", limit),
            columns: [column(levels: limit, width: 5)], depth: limit, text: repeated("a", limit) + "cap"),
        Case(
            name: "two deep runs give two errors",
            verse: repeated("\\+w a", 40) + repeated("\\+w*", 40) + repeated("\\+w a", 40) + repeated("\\+w*", 40),
            columns: [column(levels: limit, width: 5), column(levels: 40 + limit, width: 5) + 40 * 4],
            depth: limit, text: repeated("a", 80)),
    ]

    @Test(arguments: cases)
    func deepNestingIsReportedAndFlattened(_ testCase: Case) throws {
        let result = USFMParser.parse("\\id GEN\n\\c 1\n\\p\n\\v 1 " + testCase.verse + "\n", path: "deep.usfm")
        let deep = result.diagnostics.filter { $0.kind == .nestingTooDeep }
        #expect(deep.map(\.location.line) == testCase.columns.map { _ in 4 })
        #expect(deep.map(\.location.column) == testCase.columns)
        #expect(deep.allSatisfy { $0.severity == .error })
        let others = result.diagnostics.filter { $0.severity == .error && $0.kind != .nestingTooDeep }
        #expect(others.isEmpty, "\(others.prefix(3).map(\.description))")
        let book = try #require(result.books.first)
        #expect(book.nestingDepth == testCase.depth)
        #expect(book.verseTexts().map(\.text) == [testCase.text])
    }

    @Test func aTableCellIsBoundedToo() throws {
        let cell = Self.repeated("\\+nd a", 100) + Self.repeated("\\+nd*", 100)
        let result = USFMParser.parse("\\id GEN\n\\c 1\n\\tr \\tc1 \\v 1 " + cell + "\n", path: "deep.usfm")
        #expect(result.diagnostics.map(\.kind) == [.nestingTooDeep])
        let book = try #require(result.books.first)
        #expect(book.nestingDepth == Self.limit)
        #expect(book.verseTexts().map(\.text) == [Self.repeated("a", 100)])
    }

    @Test func theMessageNamesTheMarkerAndTheLimit() {
        let result = USFMParser.parse(
            "\\id GEN\n\\c 1\n\\p\n\\v 1 " + Self.repeated("\\+bd a", 40) + "\n", path: "deep.usfm")
        let line = result.diagnostics.first { $0.kind == .nestingTooDeep }?.description
        #expect(
            line
                == "deep.usfm:4:\(Self.column(levels: Self.limit, width: 6)): error: \\bd is nested more than "
                + "\(Self.limit) styles and notes deep; its text and the text of what opens inside it are kept in "
                + "the style around them [nesting-too-deep]")
    }
}
