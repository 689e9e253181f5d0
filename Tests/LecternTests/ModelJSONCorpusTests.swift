import Foundation
import Lectern
import LecternTestSupport
import TestSupport
import Testing

/// Every corpus folder through Lectern's JSON export: model → `ModelJSON` → `ModelJSONReader` → model gives the
/// same model, written out again to the same bytes.
@Suite(.enabled(if: TestCorpus.isAvailable, Comment(rawValue: TestCorpus.missingMessage)))
struct ModelJSONCorpusTests {
    /// An export document of `books`, in the shape `lectern export --format json` writes.
    static func export(_ books: [Book], abbreviation: String = "T") -> [UInt8] {
        var text = #"{"schemaVersion":1,"command":"export","bible":{"id":1,"abbreviation":"#
        text += ModelJSON.string(abbreviation) + #","title":"A title","language":"en","copyright":null}"#
        text += #","sourceFormat":"usfm","importedAt":"2026-01-01T00:00:00Z","books":["#
        text += books.map(ModelJSON.book).joined(separator: ",") + "]}\n"
        return Array(text.utf8)
    }

    @Test(arguments: USJCorpusTests.folders)
    func theJSONExportReadsBackToTheSameModel(_ folder: String) throws {
        let books = CorpusParses.books(folder)
        #expect(!books.isEmpty)
        let result = ModelJSONReader.parse(Self.export(books), path: "\(folder).json")
        #expect(result.diagnostics.map(\.description) == [])
        #expect(result.books.map(\.id) == books.map(\.id))
        for (original, back) in zip(books, result.books) {
            let (expected, actual) = (ModelJSON.book(original), ModelJSON.book(back))
            if expected != actual {
                let difference = USJCorpusTests.firstDifference(expected, actual)
                Issue.record("\(folder) \(original.id.code): differs after JSON, first at: \(difference)")
            }
            // The model itself, locations aside, is the same value (what the store is written from).
            #expect(
                back.normalizedForStore(collapsing: false) == original.normalizedForStore(collapsing: false),
                "\(folder) \(original.id.code)")
        }
        #expect(Vref.format(result.books) == Vref.format(books))
    }
}
