import Foundation
import Lectern
import TestSupport
import Testing

/// A version's names survive `export` and a new `import`: in each book's identification and in
/// `metadata.json`, which alone keeps the language.
struct ExportMetadataTests {
    static let names = ExportMetadata(id: 7, abbreviation: "LSB", title: "Lectern Sample Bible", language: "en-GB")

    @Test(arguments: ["usfm", "usx"])
    func roundTrip(_ format: String) throws {
        let sample = TestCorpus.sample("sample/usfm").path
        let parsed = VersionSource.parse(paths: [sample])
        #expect(!parsed.books.isEmpty, "\(parsed.diagnostics.prefix(3))")
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        for book in parsed.books {
            let text =
                format == "usfm" ? USFMWriter.write(book, names: Self.names) : USXWriter.write(book, names: Self.names)
            try ExportDestination.writeAtomically(Array(text.utf8), to: folder.path + "/\(book.id.code).\(format)")
        }
        try Self.names.write(to: folder.path)

        let again = VersionSource.parse(paths: [folder.path])
        #expect(again.books.map(\.id) == parsed.books.map(\.id))
        #expect(again.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(again.books.allSatisfy { $0.identification == "Lectern Sample Bible (LSB)" })
        let metadata = try ExportMetadata.find(in: [folder.path])
        #expect(metadata == Self.names)
        let suggestion = VersionNaming.suggest(books: again.books, source: folder.path, metadata: metadata)
        #expect(
            suggestion
                == VersionNaming.Suggestion(abbreviation: "LSB", title: "Lectern Sample Bible", language: "en-GB"))
        // Without the file the books alone still give the title and abbreviation.
        let fromBooks = VersionNaming.suggest(books: again.books, source: folder.path)
        #expect(fromBooks.title == "Lectern Sample Bible")
        #expect(fromBooks.abbreviation == "LSB")
    }

    @Test func fileFormat() throws {
        #expect(
            String(decoding: Self.names.json, as: UTF8.self)
                == "{\"abbreviation\":\"LSB\",\"id\":7,\"language\":\"en-GB\",\"schemaVersion\":1,\"title\":\"Lectern Sample Bible\"}\n"
        )
    }

    @Test func unreadableFiles() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        #expect(try ExportMetadata.read(from: folder.path) == nil)
        let path = try folder.write(Array("{\"title\": 3}".utf8), to: ExportMetadata.fileName)
        #expect(throws: FileProblem.self) { try ExportMetadata.read(from: folder.path) }
        do {
            _ = try ExportMetadata.read(from: folder.path)
        } catch {
            #expect(
                error.description
                    == "cannot read \(path): it is not Lectern metadata (a JSON object with schemaVersion, abbreviation, title and language); fix or delete it"
            )
        }
        _ = try folder.write(
            Array("{\"schemaVersion\":2,\"abbreviation\":\"A\",\"title\":\"B\",\"language\":\"en\"}".utf8),
            to: ExportMetadata.fileName)
        do {
            _ = try ExportMetadata.read(from: folder.path)
            Issue.record("a newer schema was read")
        } catch {
            #expect(
                error.description == "cannot read \(path): its schemaVersion 2 is not supported (this lectern reads 1)")
        }
    }
}
