import Foundation
import Lectern

/// eng-web-usfm imported with its search index into a temporary library, opened, for the search rows.
struct LecternSearch {
    /// The opened index.
    var index: SearchIndex
    /// The store's verse texts, the input of the index build row.
    var verses: [VerseText]
    /// The size of the index section.
    var indexBytes: Int

    /// Made once per run: parse, import into a temporary library (the same call as `lectern import`), open.
    /// The library is deleted once the store is mapped; the mapping stays valid.
    static func fixture(_ context: BenchmarkContext) throws -> LecternSearch {
        try context.fixture("lectern/search") {
            let books = LecternWorkloads.parseUSFM(try ParseBenchmarks.usfmInput(context)).books
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("lectern-bench-\(getpid())").path
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let library = Library(directory: directory)
            let metadata = try library.add(
                books: books, metadata: VersionMetadata(id: 0, abbreviation: "WEB", title: "World English Bible"),
                id: nil, replace: false, sections: [SearchIndexSection()])
            let store = try library.open(metadata.id)
            return LecternSearch(
                index: try store.searchIndex(), verses: try store.allVerseTexts(),
                indexBytes: store.sectionBytes(.searchIndex)?.count ?? 0)
        }
    }
}
