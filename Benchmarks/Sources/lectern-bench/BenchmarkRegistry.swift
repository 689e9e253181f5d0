import Foundation

/// One named benchmark: it runs a workload for one implementation and returns its rows.
///
/// Most benchmarks return one row; a peer measured both in-process and as a whole process
/// from one run (usfmtc, which is too slow to run twice) returns two.
struct Benchmark {
    /// The name `--only` selects, `group/implementation`, such as `usfm-parse/usfm3`.
    let name: String
    /// What it measures, for `--list`.
    let summary: String
    /// Runs it.
    let run: (BenchmarkContext) throws -> [BenchmarkResult]
}

/// All benchmarks, in registration order (the order of the table).
struct BenchmarkRegistry {
    private(set) var benchmarks: [Benchmark] = []

    /// Adds a benchmark; names must be unique.
    mutating func register(
        _ name: String, _ summary: String, run: @escaping (BenchmarkContext) throws -> [BenchmarkResult]
    ) {
        precondition(!benchmarks.contains { $0.name == name }, "benchmark \(name) registered twice")
        benchmarks.append(Benchmark(name: name, summary: summary, run: run))
    }

    /// The benchmarks that `--only` selects: all when `patterns` is empty, else those whose name equals a
    /// pattern or starts with it followed by `/` (`search` selects `search/common/all/fts5`).
    func selected(by patterns: [String]) -> [Benchmark] {
        guard !patterns.isEmpty else { return benchmarks }
        return benchmarks.filter { benchmark in
            patterns.contains { pattern in
                benchmark.name == pattern || benchmark.name.hasPrefix(pattern.hasSuffix("/") ? pattern : pattern + "/")
            }
        }
    }

    /// The patterns that select nothing, so a misspelt `--only` is reported rather than ignored.
    func unmatched(_ patterns: [String]) -> [String] {
        patterns.filter { selected(by: [$0]).isEmpty }
    }

    /// Every benchmark this runner knows, grouped by workload.
    static func all() -> BenchmarkRegistry {
        var registry = BenchmarkRegistry()
        ParseBenchmarks.register(in: &registry)
        ParseFloorBenchmarks.register(in: &registry)
        PairedBenchmarks.register(in: &registry)
        StoreBenchmarks.register(in: &registry)
        ImportBenchmarks.register(in: &registry)
        LibraryBenchmarks.register(in: &registry)
        NavigationBenchmarks.register(in: &registry)
        VersificationBenchmarks.register(in: &registry)
        SearchBenchmarks.register(in: &registry)
        SearchEngineBenchmarks.register(in: &registry)
        PeerFixBenchmarks.register(in: &registry)
        SearchAttributeBenchmarks.register(in: &registry)
        AnnotationBenchmarks.register(in: &registry)
        StartupBenchmarks.register(in: &registry)
        return registry
    }
}

/// What a benchmark can see: the options, the corpus, the peers, and fixtures shared between benchmarks.
final class BenchmarkContext {
    /// The command line's settings.
    let options: RunOptions
    /// The Python peers, when their environment is set up.
    let peers: PeerEnvironment
    private var fixtures: [String: Any] = [:]

    /// Creates a context.
    init(options: RunOptions, peers: PeerEnvironment) {
        self.options = options
        self.peers = peers
    }

    /// A folder of the corpus, such as `eng-web-usfm`.
    func corpusFolder(_ name: String) -> URL { options.corpus.appendingPathComponent(name) }

    /// A value made once per run and shared by the benchmarks that need it (a parsed corpus, an FTS5 table).
    func fixture<T>(_ key: String, make: () throws -> T) throws -> T {
        if let value = fixtures[key] as? T { return value }
        let value = try make()
        fixtures[key] = value
        return value
    }

    /// A progress line on standard error.
    func log(_ message: String) {
        FileHandle.standardError.write(Data("lectern-bench: \(message)\n".utf8))
    }

    /// Times `body` in this process (warm-up, then the configured repetitions) and makes a row of it.
    ///
    /// - Parameters:
    ///   - work: bytes for MB/s; calls per run of `body` for µs/query and ms.
    ///   - body: one run; returns a checksum that goes to the black hole.
    func measure(
        _ row: RowIdentity, unit: FigureUnit, work: Double, repetitions: Int? = nil, notes: [String] = [],
        _ body: () throws -> Int
    ) throws -> BenchmarkResult {
        PeakMemory.reset()
        let seconds = try Stopwatch.samples(
            warmup: options.warmup, repetitions: repetitions ?? options.repetitions, body)
        let peak = PeakMemory.current()
        return BenchmarkResult(
            row, unit: unit, statistics: Statistics(seconds.map { unit.figure(seconds: $0, work: work) }),
            peakMemoryBytes: peak, notes: notes)
    }

    /// How long one timed sample of `measureBatched` runs at least.
    static let minimumSampleSeconds = 0.02

    /// Times a short operation: each sample repeats `body` as often as fits in about 20 ms (counted
    /// from one untimed call), and the figure is per call (µs per query, ms per run).
    func measureBatched(
        _ row: RowIdentity, unit: FigureUnit, _ body: () throws -> Int
    ) throws -> BenchmarkResult {
        let once = try Stopwatch.time { BlackHole.consume(try body()) }
        let batch = max(1, Int(BenchmarkContext.minimumSampleSeconds / max(once, 1e-9)))
        return try measure(row, unit: unit, work: Double(batch), notes: ["\(batch) calls per sample"]) {
            var sum = 0
            for _ in 0..<batch { sum &+= try body() }
            return sum
        }
    }
}
