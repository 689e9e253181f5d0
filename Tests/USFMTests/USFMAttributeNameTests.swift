import ScriptureModel
import Testing

@testable import USFM

/// Attribute names are looked up by hash past the few a book uses: 20,000 distinct names in one paragraph
/// (names of 1 to 20 bytes, so both the packed names of up to 16 bytes and the longer ones) each come back on
/// their word, with the names a book really uses mixed in.
struct USFMAttributeNameTests {
    @Test func thousandsOfDistinctNamesEachStayOnTheirWord() throws {
        var text = "\\id GEN\n\\c 1\n\\p\n\\v 1"
        var expected: [[Attribute]] = []
        for index in 0..<20_000 {
            let name = "n" + String(repeating: "x", count: index % 19) + String(index)
            let pairs = index % 3 == 0 ? [Attribute("strong", "H\(index)"), Attribute(name, "v")] : [Attribute(name, "v")]
            text += " \\w w|" + pairs.map { "\($0.name)=\"\($0.value)\"" }.joined(separator: " ") + "\\w*"
            expected.append(pairs)
        }
        let result = USFMParser.parse(Array((text + "\n").utf8), path: "names.usfm")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.prefix(3))")
        let book = try #require(result.books.first)
        guard case .paragraph(let paragraph) = book.chapters[0].blocks[0] else {
            Issue.record("expected a paragraph")
            return
        }
        let found = paragraph.content.compactMap { inline -> [Attribute]? in
            if case .character(let span) = inline { span.attributes } else { nil }
        }
        #expect(found == expected)
    }
}
