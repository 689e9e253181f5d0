import Foundation
import ScriptureModel
import ScriptureSearch
import ScriptureStore
import TestSupport
import USFM

/// A small version written from USFM text into a temporary library with its search index.
final class SearchFixture: Sendable {
    let directory = NSTemporaryDirectory() + "/lectern-search-\(UUID().uuidString)"
    let library: Library
    let store: VersionStore

    /// Imports `books` (USFM text, one string a book).
    init(_ books: [String]) throws {
        // (A fixture in a `static let` is never deinitialised.)
        ExitCleanup.remove(atExit: directory)
        library = Library(directory: directory)
        var parsed: [Book] = []
        for (index, text) in books.enumerated() {
            parsed += USFMParser.parse(Array(text.utf8), path: "book\(index).usfm").books
        }
        let metadata = try library.add(
            books: parsed, metadata: VersionMetadata(id: 0, abbreviation: "TST", title: "Test"), id: nil,
            replace: false, sections: [SearchIndexSection()])
        store = try library.open(metadata.id)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// The references of every verse matching `query`, in the order given.
    func references(_ query: String, _ options: SearchOptions = SearchOptions()) throws -> [String] {
        var options = options
        options.pageSize = SearchOptions.maximumPageSize
        return try store.search(query, options: options).hits.map(\.key.description)
    }

    /// A small version: Genesis, Matthew and Tobit, with the words the tests look for.
    static func small() throws -> SearchFixture {
        try SearchFixture([
            """
            \\id GEN
            \\c 1
            \\p \\v 1 In the beginning God created the heavens and the earth.
            \\v 2 The earth was formless. God’s Spirit was hovering over the waters.
            \\v 3 God said, “Let there be light,” and there was light.
            \\c 2
            \\p \\v 1 Blessed is the man; blessing and blessings follow. Señor, café.
            \\v 2 LOVE and love and Love, but hate.
            \\v 3 Melchizedek king of Salem brought bread.
            """,
            """
            \\id MAT
            \\c 1
            \\p \\v 1 The beginning of the good news: faith, hope and love.
            \\v 2 Faith without love is nothing; in the beginning was the word.
            \\v 3 神爱世人，甚至将他的独生子赐给他们。
            \\v 4 Hope is well-known.
            """,
            """
            \\id TOB
            \\c 1
            \\p \\v 1 Tobit loved God in the beginning.
            """,
        ])
    }
}
