import Foundation
import Lectern

/// Issue 46's fixes to the peers' search rows, each shown as the row before and after in one run: the two
/// variants are timed in alternating batches within each repetition (one batch of the old, one of the new, …),
/// so both see the same load, and the after row's note gives the median of the repetitions' ratios.
///
/// - `peer-fix/fts5-optimize`: FTS5's table as built before (segments of the bulk load left unmerged) and
///   merged with `optimize`, as tantivy's and Lucene's indexes are merged to one segment.
/// - `peer-fix/tantivy-prefix`: `bless*` as `Query.regex_query("bless.*")` (scores every hit 1.0) against
///   `Query.phrase_prefix_query`, and for the top 20 a boolean OR of the words with the prefix, ranked by BM25.
/// - `peer-fix/lucene-prefix-top20`: the prefix's top 20 with its default constant score against the scoring
///   rewrite (BM25 for each word with the prefix).
/// - `peer-fix/<driver>-overhead`: the old overhead estimate (a trivial call) against the cheapest real query.
enum PeerFixBenchmarks {
    /// Registers the before-and-after rows.
    static func register(in registry: inout BenchmarkRegistry) {
        registry.register(
            "peer-fix/fts5-optimize", "FTS5 unmerged (before) and merged with optimize (after), paired (µs/query)"
        ) { context in try fts5Optimize(context) }
        registry.register(
            "peer-fix/tantivy-prefix", "tantivy's bless*: regex_query (before) and its prefix query (after), paired"
        ) { context in driverPairs(.tantivy, context) { $0.query == "bless*" } }
        registry.register(
            "peer-fix/lucene-prefix-top20", "Lucene's bless* top 20: constant score (before) and ranked (after)"
        ) { context in driverPairs(.lucene, context) { $0.query == "bless*" } }
        for driver in [SearchEngineDriver.tantivy, .lucene] {
            registry.register(
                "peer-fix/\(driver.name)-overhead",
                "\(driver.displayName)'s overhead: a trivial call (before) and the cheapest real query (after)"
            ) { context in driverPairs(driver, context) { $0.query == SearchEngineDriver.absentWord } }
        }
    }

    /// The workload of a pair: the row's own, marked as the fix's.
    static func workload(_ base: String) -> String { base + ", before and after issue 46's fix (paired)" }

    /// The before and after rows from their samples (µs per call, repetition by repetition).
    static func pair(
        _ workload: String, benchmark: String, before: (Implementation, [Double]), after: (Implementation, [Double]),
        notes: [String] = [], peakMemoryBytes: Int? = nil
    ) -> [BenchmarkResult] {
        let ratios = zip(after.1, before.1).map { $0 / max($1, 1e-12) }
        var afterNotes = notes
        if let ratio = Statistics(ratios) {
            afterNotes.append(
                "after ÷ before, repetition by repetition: median \(TablePrinter.format(ratio.median)) "
                    + "(\(TablePrinter.format(ratio.minimum))–\(TablePrinter.format(ratio.maximum)))")
        }
        return [
            BenchmarkResult(
                RowIdentity(benchmark: benchmark, workload: workload, mode: .inProcess, implementation: before.0),
                unit: .microsecondsPerQuery, statistics: Statistics(before.1), peakMemoryBytes: peakMemoryBytes,
                notes: notes),
            BenchmarkResult(
                RowIdentity(benchmark: benchmark, workload: workload, mode: .inProcess, implementation: after.0),
                unit: .microsecondsPerQuery, statistics: Statistics(after.1), peakMemoryBytes: peakMemoryBytes,
                notes: afterNotes),
        ]
    }

    /// FTS5 before and after `optimize`, every query in every shape.
    static func fts5Optimize(_ context: BenchmarkContext) throws -> [BenchmarkResult] {
        let source = try SearchBenchmarks.verseSource(context)
        let merged = try SearchBenchmarks.fts5Index(context)
        let unmerged = try FTS5Index(verses: source.verses, merged: false)
        let base = SearchBenchmarks.fts5Implementation
        let before = Implementation(
            name: "SQLite FTS5 (before: unmerged)", version: base.version,
            invocation: "as SQLite FTS5, but the segments of the bulk load left unmerged (no optimize)")
        let after = Implementation(
            name: "SQLite FTS5 (after: optimize)", version: base.version, invocation: base.invocation)
        var rows: [BenchmarkResult] = []
        for query in SearchQuery.all {
            for shape in SearchBenchmarks.Shape.allCases {
                let samples = try alternating(
                    context,
                    [
                        SearchBenchmarks.fts5Call(query, shape, unmerged),
                        SearchBenchmarks.fts5Call(query, shape, merged),
                    ])
                rows += pair(
                    workload(SearchBenchmarks.workload(query, shape)), benchmark: "peer-fix/fts5-optimize",
                    before: (before, samples[0]), after: (after, samples[1]),
                    notes: ["\(try merged.firstPage(query.fts5).total) hits"])
            }
        }
        return rows
    }

    /// µs per call of each of `calls`, repetition by repetition: in each repetition one timed batch of each in
    /// turn (a batch fills about 20 ms, counted from one untimed call), after the warm-up rounds.
    static func alternating(_ context: BenchmarkContext, _ calls: [() throws -> Int]) throws -> [[Double]] {
        var sum = 0
        let batches = try calls.map { call in
            let once = try Stopwatch.time { sum &+= try call() }
            return max(1, Int(BenchmarkContext.minimumSampleSeconds / max(once, 1e-9)))
        }
        var samples = [[Double]](repeating: [], count: calls.count)
        for repetition in 0..<(max(context.options.warmup, 0) + max(context.options.repetitions, 1)) {
            for (index, call) in calls.enumerated() {
                let seconds = try Stopwatch.time { for _ in 0..<batches[index] { sum &+= try call() } }
                if repetition >= context.options.warmup {
                    samples[index].append(seconds * 1_000_000 / Double(batches[index]))
                }
            }
        }
        BlackHole.consume(sum)
        return samples
    }

    /// A driver's rows that carry a `before` variant, selected by `include`, each as a pair.
    static func driverPairs(
        _ driver: SearchEngineDriver, _ context: BenchmarkContext, include: (SearchEngineDriver.Row) -> Bool
    ) -> [BenchmarkResult] {
        let identity = RowIdentity(
            benchmark: "peer-fix/\(driver.name)", workload: "Search, \(driver.displayName)'s rows changed by issue 46",
            mode: .inProcess, implementation: Implementation(name: driver.displayName, version: "?", invocation: ""))
        let report: SearchEngineDriver.Report
        do {
            report = try driver.report(context)
        } catch {
            return [BenchmarkResult(identity, unit: .microsecondsPerQuery, unavailable: "\(error)")]
        }
        let runtime = report.python.hasPrefix("Java") ? report.python : "CPython \(report.python)"
        var rows: [BenchmarkResult] = []
        for row in report.rows where include(row) {
            guard let old = row.before, let shape = SearchBenchmarks.Shape(rawValue: row.shape) else { continue }
            let query = SearchQuery.all.first { $0.fts5 == row.query }
            let base =
                query.map { SearchBenchmarks.workload($0, shape) }
                ?? "Search \(row.query) (a word in no verse: the cheapest real query), \(shape.description)"
            let before = Implementation(
                name: "\(driver.displayName) (before)", version: report.version, invocation: "\(old.label); \(runtime)")
            let after = Implementation(
                name: "\(driver.displayName) (after)", version: report.version,
                invocation: driver.invocation + "; \(runtime)")
            rows += pair(
                workload(base), benchmark: "peer-fix/\(driver.name)", before: (before, old.us), after: (after, row.us),
                notes: [
                    "\(row.hits) hits" + (old.hits == row.hits ? "" : " (before: \(old.hits))"), "the driver's clock",
                ],
                peakMemoryBytes: report.peakRssKb * 1024)
        }
        return rows
    }
}
