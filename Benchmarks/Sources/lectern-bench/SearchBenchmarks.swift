import Foundation
import Lectern

/// One search of the comparison, as a reader types it and as FTS5's MATCH expression.
struct SearchQuery: Sendable {
    /// The benchmark name part: `common`, `rare`, `phrase`, `and`, `prefix`.
    var name: String
    /// What it stands for, for the table.
    var description: String
    /// The query as a reader types it.
    var text: String
    /// The same query in FTS5's syntax.
    var fts5: String

    /// The search issue's five queries, on eng-web.
    static let all = [
        SearchQuery(name: "common", description: "a common word", text: "God", fts5: "God"),
        SearchQuery(name: "rare", description: "a rare word", text: "Melchizedek", fts5: "Melchizedek"),
        SearchQuery(
            name: "phrase", description: "a phrase", text: "\"in the beginning\"", fts5: "\"in the beginning\""),
        SearchQuery(name: "and", description: "two words, both", text: "faith love", fts5: "faith AND love"),
        SearchQuery(name: "prefix", description: "a prefix", text: "bless*", fts5: "bless*"),
    ]
}

/// The search comparison: the same queries against SQLite FTS5 (through its C API, in this
/// process) and against Lectern's index, (a) fetching all hits and (b) the first page of 20 with
/// the total count.
enum SearchBenchmarks {
    /// Registers the FTS5 build and, per query and shape, FTS5's and Lectern's rows.
    static func register(in registry: inout BenchmarkRegistry) {
        registry.register("search/build/fts5", "build the FTS5 table from eng-web's verses in memory (ms)") { context in
            let source = try verseSource(context)
            let identity = RowIdentity(
                benchmark: "search/build/fts5", workload: "Search index build, \(source.verses.verses.count) verses",
                mode: .inProcess,
                implementation: fts5Implementation)
            var size = 0
            var result = try context.measure(identity, unit: .milliseconds, work: 1) {
                let index = try FTS5Index(verses: source.verses)
                size = try index.sizeBytes()
                return index.rowCount
            }
            result.notes.append("rows from \(source.name); \(String(format: "%.1f", Double(size) / 1_000_000)) MB")
            return [result]
        }
        registry.register("search/build/lectern", "Lectern's search index build (ms)") { context in
            let search = try LecternSearch.fixture(context)
            let identity = LecternWorkloads.row(
                "search/build/lectern", "Search index build, \(search.verses.count) verses", .inProcess,
                "SearchIndexBuilder.build(verses:) from the store's verse texts")
            var result = try context.measure(identity, unit: .milliseconds, work: 1) {
                SearchIndexBuilder.build(verses: search.verses).count
            }
            result.notes.append(
                "index section \(String(format: "%.1f", Double(search.indexBytes) / 1_000_000)) MB; FTS5 database "
                    + String(format: "%.1f", Double(try fts5Index(context).sizeBytes()) / 1_000_000) + " MB")
            return [result]
        }
        for query in SearchQuery.all {
            for shape in Shape.allCases {
                let base = "search/\(query.name)/\(shape.rawValue)"
                registry.register("\(base)/fts5", "FTS5: \(query.description), \(shape.description) (µs/query)") {
                    context in [try fts5Row(query, shape, name: "\(base)/fts5", context)]
                }
                registry.register("\(base)/lectern", "Lectern: \(query.description), \(shape.description) (µs/query)") {
                    context in [try lecternRow(query, shape, name: "\(base)/lectern", context)]
                }
            }
        }
    }

    /// What a search returns.
    enum Shape: String, CaseIterable {
        /// Every hit.
        case all
        /// The first page of 20 and the total count.
        case page

        /// For the table.
        var description: String { self == .all ? "all hits" : "first 20 + count" }
    }

    static let fts5Implementation = Implementation(
        name: "SQLite FTS5", version: SQLiteDatabase.libraryVersion,
        invocation: "C API in this process, :memory:, tokenize='unicode61 remove_diacritics 2', prepared statements")

    private static func workload(_ query: SearchQuery, _ shape: Shape) -> String {
        "Search \(query.text) (\(query.description)), \(shape.description)"
    }

    /// Lectern's row: `all` parses the query and lists every matching verse (`SearchIndex.matches`); `page`
    /// runs `SearchIndex.search` for page 1 of 20, which also gives per-book counts, each hit's reference,
    /// text and highlight ranges (more than FTS5's page returns).
    private static func lecternRow(
        _ query: SearchQuery, _ shape: Shape, name: String, _ context: BenchmarkContext
    ) throws -> BenchmarkResult {
        let search = try LecternSearch.fixture(context)
        let index = search.index
        let run: () throws -> Int =
            switch shape {
            case .all: { try index.matches(QueryParser.parse(query.text)).verses.count }
            case .page:
                { try index.search(query.text, options: SearchOptions(pageSize: FTS5Index.pageSize)).totalCount }
            }
        let invocation =
            shape == .all
            ? "SearchIndex.matches(QueryParser.parse(text)) in this process"
            : "SearchIndex.search(text, page size 20): hits with reference, text, highlights; counts per book"
        let identity = LecternWorkloads.row(name, workload(query, shape), .inProcess, invocation)
        var result = try context.measureBatched(identity, unit: .microsecondsPerQuery, run)
        let hits = try run()
        let fts5Hits = try fts5Index(context).allHits(query.fts5).count
        result.notes.insert("\(hits) hits" + (hits == fts5Hits ? "" : " (FTS5: \(fts5Hits))"), at: 0)
        return result
    }

    /// The FTS5 table, built once per run.
    private static func fts5Index(_ context: BenchmarkContext) throws -> FTS5Index {
        let source = try verseSource(context)
        return try context.fixture("fts5") { try FTS5Index(verses: source.verses) }
    }

    private static func fts5Row(
        _ query: SearchQuery, _ shape: Shape, name: String, _ context: BenchmarkContext
    ) throws -> BenchmarkResult {
        let index = try fts5Index(context)
        let run: () throws -> Int =
            switch shape {
            case .all: { try index.allHits(query.fts5).count }
            case .page: { try index.firstPage(query.fts5).total }
            }
        let identity = RowIdentity(
            benchmark: name, workload: workload(query, shape), mode: .inProcess,
            implementation: fts5Implementation)
        var result = try context.measureBatched(identity, unit: .microsecondsPerQuery, run)
        result.notes.insert("\(try run()) hits", at: 0)
        return result
    }

    /// The verses the index is built from: Lectern's `vref` of eng-web-usfm.
    static func verseSource(_ context: BenchmarkContext) throws -> (name: String, verses: VerseList) {
        try LecternWorkloads.referenceVerses(context)
    }
}
