import Foundation
import Lectern
import TestSupport
import Testing

/// `ModelJSONReader`: what `lectern export --format json` writes reads back; anything else is a
/// `not-lectern-json` error at its place in the file.
@Suite struct ModelJSONReaderTests {
    static let sample = TestCorpus.sample("sample/usfm").path

    @Test func theSampleReadsBackToTheSameModelAndNames() throws {
        let books = VersionSource.parse(paths: [Self.sample]).books
        let bytes = ModelJSONCorpusTests.export(books, abbreviation: "LSV")
        let result = ModelJSONReader.parse(bytes, path: "lsv.json")
        #expect(result.diagnostics.isEmpty)
        #expect(result.books.map(ModelJSON.book) == books.map(ModelJSON.book))
        #expect(ModelJSONReader.looksLikeExport(bytes))
        let names = try #require(ModelJSONReader.metadata(bytes))
        #expect(names.abbreviation == "LSV" && names.title == "A title" && names.language == "en")
        #expect(names.copyright == nil && names.sourceFormat == "usfm")
        // Only the start of the file is needed for the names.
        #expect(ModelJSONReader.metadata(Array(bytes.prefix(300)))?.abbreviation == "LSV")
        // USJ is not taken for an export.
        #expect(!ModelJSONReader.looksLikeExport(Array(#"{"type":"USJ","version":"3.1","content":[]}"#.utf8)))
    }

    /// A damaged export and the first diagnostic it gives.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var diagnostic: String
        var books = 0
        var testDescription: String { name }
    }

    static let head = #"{"schemaVersion":1,"command":"export","bible":{"id":1,"abbreviation":"X","title":"X","language":"en","copyright":null},"sourceFormat":"usfm","importedAt":"","books":["#
    static let book =
        #"{"book":"JUD","identification":"","formatVersion":null,"names":{"header":null,"long":null,"short":null,"abbreviation":null},"chapterLabel":null,"introduction":[],"chapters":[{"book":"JUD","number":1,"label":null,"alternateNumber":null,"publishedNumber":null,"blocks":[{"type":"paragraph","marker":"p","kind":"prose","content":[{"type":"verse","number":"1"},{"type":"text","text":"Jude"}]}]}]}"#

    static let cases: [Case] = [
        Case(name: "a whole book", text: head + book + "]}", diagnostic: "", books: 1),
        Case(
            name: "an unknown key in a book", text: head + book.replacingOccurrences(of: #""label":null"#, with: #""lable":null"#) + "]}",
            diagnostic: #"x.json:1:366: error: unknown key "lable" in a chapter [not-lectern-json]"#),
        Case(
            name: "a kind its marker does not give",
            text: head + book.replacingOccurrences(of: #""kind":"prose""#, with: #""kind":"poetry""#) + "]}",
            diagnostic: "x.json:1:475: error: kind 'poetry' is not the marker p's (prose) [not-lectern-json]"),
        Case(
            name: "a number where a string goes",
            text: head + book.replacingOccurrences(of: #""number":"1""#, with: #""number":1"#) + "]}",
            diagnostic: "x.json:1:519: error: number is a number, not a string [not-lectern-json]"),
        Case(
            name: "one damaged book of two: the other is read",
            text: head + book.replacingOccurrences(of: #""book":"JUD","identification""#, with: #""book":"XYZ","identification""#)
                + "," + book + "]}",
            diagnostic: "x.json:1:175: error: 'XYZ' is not a USFM book code [not-lectern-json]", books: 1),
        Case(
            name: "a book on its own line keeps the file's lines",
            text: head + "\n  " + book.replacingOccurrences(of: #""type":"text""#, with: #""type":"txet""#) + "\n]}",
            diagnostic: "x.json:2:368: error: unknown inline type 'txet' [not-lectern-json]"),
        Case(
            name: "an export that does not close", text: head + book,
            diagnostic: "x.json:1:559: error: the file ends inside the books [not-lectern-json]"),
        Case(
            name: "a newer schema", text: head.replacingOccurrences(of: #""schemaVersion":1"#, with: #""schemaVersion":2"#) + "]}",
            diagnostic: "x.json:1:1: error: its schemaVersion 2 is not supported (this lectern reads 1) [not-lectern-json]"),
        Case(
            name: "an unknown top-level key", text: head + "],\"extra\":1}",
            diagnostic: #"x.json:1:169: error: unknown key "extra" in a Lectern JSON export [not-lectern-json]"#),
    ]

    @Test(arguments: cases)
    func damagedExportsSayWhere(_ test: Case) {
        let result = ModelJSONReader.parse(Array(test.text.utf8), path: "x.json")
        #expect(result.diagnostics.first?.description ?? "" == test.diagnostic)
        #expect(result.books.count == test.books)
    }
}
