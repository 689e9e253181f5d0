import Foundation

/// A search engine measured by a driver process of its own (tantivy in Python, Lucene in Java): the driver
/// indexes the verses it is given and times every query in every shape with its own clock, in the runner's
/// batched way (see `Benchmarks/peers/searchcommon.py`), and prints one JSON report.
struct SearchEngineDriver: Sendable {
    /// The name in the table and in the benchmark names (`tantivy`, `lucene`).
    var name: String
    /// The engine as the table names it.
    var displayName: String
    /// How each call is made, for the legend.
    var invocation: String

    /// tantivy through its Python binding.
    static let tantivy = SearchEngineDriver(
        name: "tantivy", displayName: "tantivy",
        invocation: "tantivy_driver.py: Python binding, RAM index, one segment; tokenizer simple (alphanumeric runs) "
            + "+ lowercase + ascii_fold; Index.parse_query per call (bless* as Query.phrase_prefix_query, and for the "
            + "top 20 by BM25 a boolean OR of the words Searcher.terms_with_prefix gives); canon order by the rowid "
            + "fast field; references from a list by rowid")
    /// Apache Lucene from Debian's jars, in a JVM warmed up first.
    static let lucene = SearchEngineDriver(
        name: "lucene", displayName: "Lucene",
        invocation: "LuceneDriver.java: ByteBuffersDirectory, one segment; StandardTokenizer (UAX #29 words) "
            + "+ LowerCaseFilter + ASCIIFoldingFilter; classic QueryParser per call (for the top 20 by BM25 with "
            + "MultiTermQuery.SCORING_BOOLEAN_REWRITE, so a prefix is ranked); canon order Sort.INDEXORDER; "
            + "exact counts; 2 s JIT warm-up over every query and shape first; references from an array by doc id")

    /// A word in no verse, which every driver times in every shape: the cheapest real query call, its
    /// per-call overhead (`ABSENT` in `searchcommon.py`).
    static let absentWord = "xyzzy"

    /// How a row was made before issue 46's fix, timed in batches alternating with the row's own.
    struct Variant: Decodable {
        /// What the old call was.
        var label: String
        var hits: Int
        var batch: Int
        var us: [Double]
    }

    /// How the driver ranks a prefix by BM25, for the note of its `top20` prefix row.
    var rankedPrefixNote: String {
        name == "tantivy"
            ? "ranked: a boolean OR of the words with the prefix (Searcher.terms_with_prefix), each scored by BM25; "
                + "tantivy's prefix query scores every hit 1.0"
            : "ranked: MultiTermQuery.SCORING_BOOLEAN_REWRITE, each word with the prefix scored by BM25; the default "
                + "constant-score rewrite ranks nothing"
    }

    /// One query in one shape, as the driver timed it.
    struct Row: Decodable {
        var query: String
        var shape: String
        var hits: Int
        var batch: Int
        var us: [Double]
        /// The row as it was made before issue 46, when it changed.
        var before: Variant?
    }

    /// One shape with the queries in turn, a different query each call, each call timed alone.
    struct Interleaved: Decodable {
        var shape: String
        /// Rounds of all the queries in one sample.
        var rounds: Int
        /// µs per round of all the queries, per sample.
        var us: [Double]
        /// µs per call of each query (in the order given), per sample.
        var queries: [[Double]]
    }

    /// What a driver prints.
    struct Report: Decodable {
        var engine: String
        var version: String
        /// The runtime (`python` in the Python drivers' reports, `Java …` in Lucene's).
        var python: String
        var docs: Int
        var buildSeconds: Double
        /// Every query, and `absentWord`, in every shape.
        var rows: [Row]
        /// Every shape with the queries interleaved.
        var interleaved: [Interleaved]
        var peakRssKb: Int

        /// The row for `query` (in the peers' syntax) and `shape`.
        func row(_ query: String, _ shape: String) -> Row? {
            rows.first { $0.query == query && $0.shape == shape }
        }
    }

    /// The driver's report over every query, run once per run; throws why the engine cannot run.
    func report(_ context: BenchmarkContext) throws -> Report {
        try context.fixture("search-engine/\(name)") {
            let (executable, arguments) = try command(context)
            let verses = FileManager.default.temporaryDirectory
                .appendingPathComponent("lectern-bench-verses-\(getpid()).txt")
            let source = try SearchBenchmarks.verseSource(context)
            var text = ""
            for verse in source.verses.verses { text += "\(verse.reference)\t\(verse.text)\n" }
            try Data(text.utf8).write(to: verses)
            defer { try? FileManager.default.removeItem(at: verses) }
            var all =
                arguments + [
                    "--verses", verses.path, "--warmup", "\(context.options.warmup)",
                    "--repetitions", "\(context.options.repetitions)",
                ]
            for query in SearchQuery.all { all += ["--query", query.fts5] }
            context.log("running the \(displayName) search driver")
            let outcome = try ProcessRunner.run(executable, all)
            guard outcome.status == 0, let line = outcome.standardOutput.split(separator: "\n").last else {
                throw ProcessError(
                    description: "\(name) driver exited \(outcome.status): \(outcome.standardError.suffix(300))")
            }
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return try decoder.decode(Report.self, from: Data(line.utf8))
        }
    }

    /// The driver's command line, or why it cannot run.
    private func command(_ context: BenchmarkContext) throws -> (String, [String]) {
        guard context.options.peers else { throw ProcessError(description: "--no-peers") }
        let peers = context.peers.directory
        if name == "tantivy" {
            if let reason = context.peers.unavailableReason(
                Peer(name: "tantivy", driver: "", call: "", repetitionCap: nil))
            {
                throw ProcessError(description: reason)
            }
            return (context.peers.python ?? "", [peers.appendingPathComponent("tantivy_driver.py").path])
        }
        let classPath = try SearchEngineDriver.luceneClassPath(context)
        return ("/usr/bin/java", ["-cp", classPath, "LuceneDriver", "--jit-seconds", "2"])
    }

    /// Debian's Lucene jars (`liblucene8-java`, in /usr/share/java) and the driver compiled with javac into
    /// `Benchmarks/peers/.java-build` (gitignored), once per run.
    static func luceneClassPath(_ context: BenchmarkContext) throws -> String {
        try context.fixture("search-engine/lucene-classpath") {
            let java = "/usr/share/java"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: java)) ?? []
            let jars = try ["lucene-core", "lucene-queryparser", "lucene-analyzers-common"].map { module in
                guard let jar = names.filter({ $0.hasPrefix(module + "-8") && $0.hasSuffix(".jar") }).sorted().last
                else {
                    throw ProcessError(
                        description:
                            "\(module) not in \(java): run Benchmarks/peers/setup.sh (it installs liblucene8-java and a JDK)"
                    )
                }
                return "\(java)/\(jar)"
            }
            let output = context.peers.directory.appendingPathComponent(".java-build").path
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            let source = context.peers.directory.appendingPathComponent("LuceneDriver.java").path
            let classPath = jars.joined(separator: ":")
            let outcome = try ProcessRunner.run("/usr/bin/javac", ["-cp", classPath, "-d", output, source])
            guard outcome.status == 0 else {
                throw ProcessError(description: "javac failed: \(outcome.standardError.suffix(300))")
            }
            return classPath + ":" + output
        }
    }
}
