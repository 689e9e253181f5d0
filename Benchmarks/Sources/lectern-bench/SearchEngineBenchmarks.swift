import Foundation
import Lectern
import XapianShim

/// The search engines a developer would pick instead of Lectern's index, on the same verses (Lectern's vref of
/// eng-web) and the same five queries (in their boolean syntax, FTS5's), in three shapes: every hit (`all`),
/// the first 20 in canon order with their references and the count (`page`), and the 20 best by BM25 with
/// their references and the count (`top20`).
///
/// - tantivy (Python binding) and Lucene (Java) time themselves in a driver process (see
///   `SearchEngineDriver`); their rows are the driver's figures. Their `search/overhead/…` rows are the
///   cheapest real query call (a word in no verse) in each shape, timed in the same loop; each row's note
///   gives the row less the overhead of its shape.
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
            registry.register(
                name, "\(driver.displayName): the cheapest real query (a word in no verse), the per-call overhead"
            ) { context in overheadRows(driver, name: name, context) }
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
        for shape in shapes {
            let base = "search/interleaved/\(shape.rawValue)"
            registry.register("\(base)/xapian", "Xapian: the five queries in turn, \(shape.description) (µs/query)") {
                context in
                let identity = RowIdentity(
                    benchmark: "\(base)/xapian", workload: InterleavedFigures.workload(shape), mode: .inProcess,
                    implementation: xapianImplementation)
                let calls = try SearchQuery.all.map { try xapianCall($0, shape, context) }
                return [try context.measureInterleaved(identity, labels: SearchQuery.all.map(\.text), calls)]
            }
            for driver in [SearchEngineDriver.tantivy, .lucene] {
                let name = "\(base)/\(driver.name)"
                registry.register(name, "\(driver.displayName): the five queries in turn, \(shape.description)") {
                    context in [driverInterleavedRow(driver, shape, name: name, context)]
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

    private static func xapianIndex(_ context: BenchmarkContext) throws -> XapianIndex {
        try context.fixture("search-engine/xapian") {
            try XapianIndex(verses: try SearchBenchmarks.verseSource(context).verses)
        }
    }

    private static func xapianKind(_ shape: SearchBenchmarks.Shape) -> bench_xapian_shape {
        shape == .all ? bench_xapian_all : shape == .page ? bench_xapian_page : bench_xapian_top
    }

    /// One call of Xapian's row for `shape`: the docids (and for a page, their references) and the count.
    private static func xapianCall(
        _ query: SearchQuery, _ shape: SearchBenchmarks.Shape, _ context: BenchmarkContext
    ) throws -> () throws -> Int {
        let index = try xapianIndex(context)
        let references = try self.references(context)
        let kind = xapianKind(shape)
        return {
            try index.search(query.fts5, kind) { docids, total in
                guard kind != bench_xapian_all else { return total &+ Int(docids.last ?? 0) }
                var sum = total
                for docid in docids where docid >= 1 && Int(docid) <= references.count {
                    sum &+= references[Int(docid) - 1].utf8.count
                }
                return sum
            }
        }
    }

    private static func xapianRow(
        _ query: SearchQuery, _ shape: SearchBenchmarks.Shape, name: String, _ context: BenchmarkContext
    ) throws -> BenchmarkResult {
        let identity = RowIdentity(
            benchmark: name, workload: SearchBenchmarks.workload(query, shape), mode: .inProcess,
            implementation: xapianImplementation)
        var result = try context.measureBatched(
            identity, unit: .microsecondsPerQuery, try xapianCall(query, shape, context))
        let hits = try xapianIndex(context).search(query.fts5, xapianKind(shape)) { _, total in total }
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
            if let overhead = report.row(SearchEngineDriver.absentWord, shape.rawValue).flatMap({ Statistics($0.us) }),
                let median = Statistics(row.us)?.median
            {
                notes.append(
                    String(
                        format: "less the cheapest real query of this shape (%.2f µs): %@ µs", overhead.median,
                        TablePrinter.format(median - overhead.median)))
            }
            if shape == .top20, query.text.hasSuffix("*") {
                notes.append(driver.rankedPrefixNote)
            }
            return BenchmarkResult(
                identity, unit: .microsecondsPerQuery, statistics: Statistics(row.us),
                peakMemoryBytes: report.peakRssKb * 1024, notes: notes)
        }
    }

    /// A driver's interleaved row of `shape`, from its report.
    private static func driverInterleavedRow(
        _ driver: SearchEngineDriver, _ shape: SearchBenchmarks.Shape, name: String, _ context: BenchmarkContext
    ) -> BenchmarkResult {
        let report = Result { try driver.report(context) }
        let identity = RowIdentity(
            benchmark: name, workload: InterleavedFigures.workload(shape), mode: .inProcess,
            implementation: implementation(driver, try? report.get()))
        switch report {
        case .failure(let error):
            return BenchmarkResult(identity, unit: .microsecondsPerQuery, unavailable: "\(error)")
        case .success(let report):
            guard let mixed = report.interleaved.first(where: { $0.shape == shape.rawValue }) else {
                return BenchmarkResult(identity, unit: .microsecondsPerQuery, unavailable: "not in the driver's report")
            }
            var result = InterleavedFigures(
                labels: SearchQuery.all.map(\.text), rounds: mixed.rounds, totals: mixed.us, each: mixed.queries
            ).result(identity, peakMemoryBytes: report.peakRssKb * 1024)
            result.notes[1] += ", the driver's clock"
            return result
        }
    }

    /// The driver's cheapest real query, a word in no verse, in each shape: the per-call overhead of its loop,
    /// binding, query parsing and collectors.
    private static func overheadRows(_ driver: SearchEngineDriver, name: String, _ context: BenchmarkContext)
        -> [BenchmarkResult]
    {
        let report = try? driver.report(context)
        return shapes.map { shape in
            let identity = RowIdentity(
                benchmark: name,
                workload: "Search \(SearchEngineDriver.absentWord) (a word in no verse: the cheapest real query), "
                    + shape.description,
                mode: .inProcess, implementation: implementation(driver, report))
            guard let report, let row = report.row(SearchEngineDriver.absentWord, shape.rawValue) else {
                return BenchmarkResult(identity, unit: .microsecondsPerQuery, unavailable: "driver did not run")
            }
            var notes = ["\(row.hits) hits", "\(row.batch) calls per sample, the driver's clock"]
            if shape == .page {
                notes.append("index built in \(String(format: "%.0f", report.buildSeconds * 1000)) ms")
            }
            return BenchmarkResult(
                identity, unit: .microsecondsPerQuery, statistics: Statistics(row.us), peakMemoryBytes: nil,
                notes: notes)
        }
    }

}
