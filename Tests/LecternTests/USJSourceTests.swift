import Foundation
import Lectern
import TestSupport
import Testing

/// USJ files among the sources: `.usj` by name, `.json` only when its content says USJ.
struct USJSourceTests {
    static func book(_ code: String) throws -> Book {
        let at = SourceLocation(file: "", line: 1, column: 1)
        let verse = Inline.verse(VerseStart(number: "1", location: at))
        let paragraph = Paragraph(marker: "p", content: [verse, .text("In the beginning.")], location: at)
        return Book(
            id: try #require(BookID(code: code)),
            chapters: [Chapter(number: 1, blocks: [.paragraph(paragraph)], location: at)],
            location: at)
    }

    @Test func foldersTakeUSJFilesByNameAndJSONFilesByContent() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        _ = try folder.write(Array(USJWriter.write(try Self.book("GEN")).utf8), to: "a.usj")
        _ = try folder.write(Array(USJWriter.write(try Self.book("EXO")).utf8), to: "b.json")
        _ = try folder.write(ExportMetadata(abbreviation: "T", title: "Test", language: "en").json, to: "metadata.json")
        _ = try folder.write(Array(#"{"type":"note","content":[]}"#.utf8), to: "other.json")
        let listed = VersionSource.files(in: [folder.path])
        #expect(listed.files.map { ($0 as NSString).lastPathComponent } == ["a.usj", "b.json"])
        #expect(listed.diagnostics == [])
        let parsed = VersionSource.parse(paths: [folder.path])
        // (Two one-verse books fit no versification: a note says their counts are not compared.)
        #expect(parsed.diagnostics.map(\.kind) == [.unknownVersification])
        #expect(parsed.books.map(\.id.code) == ["GEN", "EXO"])
        #expect(Vref.format(parsed.books) == "GEN 1:1\tIn the beginning.\nEXO 1:1\tIn the beginning.\n")
        let metadata = try VersionMetadata.forImport(
            of: parsed.books, paths: [folder.path], id: nil, abbreviation: nil, title: nil, language: nil,
            versification: nil)
        #expect(metadata.sourceFormat == "usj")
        #expect(metadata.abbreviation == "T")
    }

    @Test func aJSONFileNamedOnItsOwnThatIsNotUSJIsAnError() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(
            ExportMetadata(abbreviation: "T", title: "Test", language: "en").json, to: "metadata.json")
        let parsed = VersionSource.parse(paths: [path])
        #expect(parsed.books.isEmpty)
        #expect(parsed.diagnostics.map(\.kind) == [.notUSJ])
        #expect(parsed.diagnostics.first?.location.description == path + ":1:1")
    }
}
