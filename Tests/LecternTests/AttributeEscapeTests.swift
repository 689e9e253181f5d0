import Foundation
import Lectern
import Testing

/// Characters that each format escapes in an attribute's value (`&`, `<`, `"`, `'`, `>`) come back as they were
/// through Lectern's own USX, USJ and USFM: written escaped, read unescaped.
struct AttributeEscapeTests {
    static let value = #"a & b <c> 'd' e&amp;"#
    static let usfm =
        "\\id GEN\n\\c 1\n\\p\n\\v 1 \\w word|gloss=\"\(value.replacingOccurrences(of: "\"", with: ""))\"\\w*\n"

    static func gloss(of book: Book) -> String? {
        book.chapters.first.flatMap { chapter in
            chapter.content.nodes.indices.lazy.compactMap { chapter.content.attribute("gloss", of: $0) }.first
        }
    }

    @Test(arguments: ["usx", "usj", "usfm"])
    func anAttributeValueWithMarkupCharactersComesBack(_ format: String) throws {
        let source = USFMParser.parse(Array(Self.usfm.utf8), path: "a.usfm")
        let book = try #require(source.books.first)
        let expected = Self.value.replacingOccurrences(of: "\"", with: "")
        #expect(Self.gloss(of: book) == expected)
        let written =
            switch format {
            case "usx": USXWriter.write(book)
            case "usj": USJWriter.write(book)
            default: USFMWriter.write(book)
            }
        let back = VersionSource.parse(Array(written.utf8), path: "b.\(format)")
        #expect(back.diagnostics.filter { $0.severity != .note } == [], "\(written)")
        #expect(try Self.gloss(of: #require(back.books.first)) == expected, "\(written)")
    }
}
