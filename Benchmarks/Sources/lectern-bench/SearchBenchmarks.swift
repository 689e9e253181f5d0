import Foundation

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
            let source = try verseSource(context)
            let identity = LecternWorkloads.row(
                "search/build/lectern", "Search index build, \(source.verses.verses.count) verses", .inProcess,
                "search index builder")
            return [BenchmarkResult(identity, unit: .milliseconds, unavailable: LecternWorkloads.searchMissing)]
        }
        for query in SearchQuery.all {
            for shape in Shape.allCases {
                let base = "search/\(query.name)/\(shape.rawValue)"
                registry.register("\(base)/fts5", "FTS5: \(query.description), \(shape.description) (µs/query)") {
                    context in [try fts5Row(query, shape, name: "\(base)/fts5", context)]
                }
                registry.register("\(base)/lectern", "Lectern: \(query.description), \(shape.description) (µs/query)") {
                    context in
                    let identity = LecternWorkloads.row(
                        "\(base)/lectern", workload(query, shape), .inProcess, "search index query")
                    return [
                        BenchmarkResult(
                            identity, unit: .microsecondsPerQuery, unavailable: LecternWorkloads.searchMissing)
                    ]
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

    private static func fts5Row(
        _ query: SearchQuery, _ shape: Shape, name: String, _ context: BenchmarkContext
    ) throws -> BenchmarkResult {
        let source = try verseSource(context)
        let index = try context.fixture("fts5") { try FTS5Index(verses: source.verses) }
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
