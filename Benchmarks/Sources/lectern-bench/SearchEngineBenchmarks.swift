import Foundation
import Lectern
import XapianShim

/// The search engines a developer would pick instead of Lectern's index, on the same verses (Lectern's vref of
/// eng-web) and the same five queries (in their boolean syntax, FTS5's), in three shapes: every hit (`all`),
/// the first 20 in canon order with their references and the count (`page`), and the 20 best by BM25 with
/// their references and the count (`top20`).
///
/// - tantivy (Python binding) and Lucene (Java) time themselves in a driver process (see
///   `SearchEngineDriver`); their rows are the driver's figures. tantivy's `search/overhead/tantivy` row is a
///   trivial call through the binding timed in the same loop, so the engine's own time is the row less it.
/// - Xapian runs in this process through `XapianShim`.
enum SearchEngineBenchmarks {
    /// The shapes the engines are measured in.
    static let shapes: [SearchBenchmarks.Shape] = [.all, .page, .top20]

    /// Registers each engine's rows, query by query.
    static func register(in registry: inout BenchmarkRegistry) {
        registry.register("search/build/xapian", "Xapian: index eng-web's verses (ms)") { context in
            let source = try SearchBenchmarks.verseSource(context)
            let identity = RowIdentity(
                benchmark: "search/build/xapian", workload: "Search index build, \(source.verses.verses.count) verses",
                mode: .inProcess, implementation: xapianImplementation)
            return [
                try context.measure(identity, unit: .milliseconds, work: 1, repetitions: 1) {
                    try XapianIndex(verses: source.verses).rowCount
                }
            ]
        }
        for driver in [SearchEngineDriver.tantivy, .lucene] {
            let name = "search/overhead/\(driver.name)"
            registry.register(name, "\(driver.displayName): a trivial call into the engine, the per-call overhead") {
                context in [overheadRow(driver, name: name, context)]
            }
        }
        for query in SearchQuery.all {
            for shape in shapes {
                let base = "search/\(query.name)/\(shape.rawValue)"
                registry.register("\(base)/xapian", "Xapian: \(query.description), \(shape.description) (µs/query)") {
                    context in [try xapianRow(query, shape, name: "\(base)/xapian", context)]
                }
                for driver in [SearchEngineDriver.tantivy, .lucene] {
                    let name = "\(base)/\(driver.name)"
                    registry.register(
                        name, "\(driver.displayName): \(query.description), \(shape.description) (µs/query)"
                    ) {
                        context in [driverRow(driver, query, shape, name: name, context)]
                    }
                }
            }
        }
    }

    static let xapianImplementation = Implementation(
        name: "Xapian", version: XapianIndex.version,
        invocation: "C++ through XapianShim in this process, glass database in a temporary directory; "
            + "TermGenerator without stemming (Unicode word characters, lower-cased, accents kept); QueryParser "
            + "(phrase, boolean, wildcard) and an Enquire per call; all and first 20: BoolWeight, docid order; "
            + "top 20: BM25Weight; exact counts (check_at_least = all); references from an array by docid")

    /// Every verse's reference, by row (docid − 1), as the engines' pages show them.
    private static func references(_ context: BenchmarkContext) throws -> [String] {
        try context.fixture("search-engine/references") {
            try SearchBenchmarks.verseSource(context).verses.verses.map(\.reference)
        }
    }

    /// Lectern's hit count for `query`, for the notes.
    private static func lecternHits(_ query: SearchQuery, _ context: BenchmarkContext) -> Int? {
        try? LecternSearch.fixture(context).index.matches(QueryParser.parse(query.text)).verses.count
    }

    private static func hitNote(_ hits: Int, _ query: SearchQuery, _ context: BenchmarkContext) -> String {
        let lectern = lecternHits(query, context)
        return "\(hits) hits" + (lectern == nil || lectern == hits ? "" : " (Lectern: \(lectern ?? 0))")
    }

    private static func xapianRow(
        _ query: SearchQuery, _ shape: SearchBenchmarks.Shape, name: String, _ context: BenchmarkContext
    ) throws -> BenchmarkResult {
        let index = try context.fixture("search-engine/xapian") {
            try XapianIndex(verses: try SearchBenchmarks.verseSource(context).verses)
        }
        let references = try self.references(context)
        let kind = shape == .all ? bench_xapian_all : shape == .page ? bench_xapian_page : bench_xapian_top
        let run: () throws -> Int = {
            try index.search(query.fts5, kind) { docids, total in
                guard kind != bench_xapian_all else { return total &+ Int(docids.last ?? 0) }
                var sum = total
                for docid in docids where docid >= 1 && Int(docid) <= references.count {
                    sum &+= references[Int(docid) - 1].utf8.count
                }
                return sum
            }
        }
        let identity = RowIdentity(
            benchmark: name, workload: SearchBenchmarks.workload(query, shape), mode: .inProcess,
            implementation: xapianImplementation)
        var result = try context.measureBatched(identity, unit: .microsecondsPerQuery, run)
        let hits = try index.search(query.fts5, kind) { _, total in total }
        result.notes.insert(hitNote(hits, query, context), at: 0)
        return result
    }

    private static func implementation(_ driver: SearchEngineDriver, _ report: SearchEngineDriver.Report?)
        -> Implementation
    {
        let runtime = report.map { $0.python.hasPrefix("Java") ? $0.python : "CPython \($0.python)" } ?? "?"
        return Implementation(
            name: driver.displayName, version: report?.version ?? "?", invocation: driver.invocation + "; \(runtime)")
    }

    private static func driverRow(
        _ driver: SearchEngineDriver, _ query: SearchQuery, _ shape: SearchBenchmarks.Shape, name: String,
        _ context: BenchmarkContext
    ) -> BenchmarkResult {
        let report = Result { try driver.report(context) }
        var identity = RowIdentity(
            benchmark: name, workload: SearchBenchmarks.workload(query, shape), mode: .inProcess,
            implementation: implementation(driver, try? report.get()))
        switch report {
        case .failure(let error):
            return BenchmarkResult(identity, unit: .microsecondsPerQuery, unavailable: "\(error)")
        case .success(let report):
            guard let row = report.row(query.fts5, shape.rawValue) else {
                return BenchmarkResult(identity, unit: .microsecondsPerQuery, unavailable: "not in the driver's report")
            }
            identity.implementation = implementation(driver, report)
            var notes = [hitNote(row.hits, query, context), "\(row.batch) calls per sample, the driver's clock"]
            if let overhead = Statistics(report.overheadUs) {
                notes.append(String(format: "a trivial call costs %.2f µs", overhead.median))
            }
            return BenchmarkResult(
                identity, unit: .microsecondsPerQuery, statistics: Statistics(row.us),
                peakMemoryBytes: report.peakRssKb * 1024, notes: notes)
        }
    }

    private static func overheadRow(_ driver: SearchEngineDriver, name: String, _ context: BenchmarkContext)
        -> BenchmarkResult
    {
        let report = try? driver.report(context)
        let call = driver.name == "tantivy" ? "searcher.num_docs" : "searcher.getIndexReader().maxDoc()"
        let identity = RowIdentity(
            benchmark: name, workload: "Search: one trivial call into the engine (\(call))", mode: .inProcess,
            implementation: implementation(driver, report))
        guard let report else {
            return BenchmarkResult(identity, unit: .microsecondsPerQuery, unavailable: "driver did not run")
        }
        return BenchmarkResult(
            identity, unit: .microsecondsPerQuery, statistics: Statistics(report.overheadUs),
            peakMemoryBytes: nil,
            notes: [
                "timed in the query rows' loop; index built in \(String(format: "%.0f", report.buildSeconds * 1000)) ms"
            ])
    }
}
