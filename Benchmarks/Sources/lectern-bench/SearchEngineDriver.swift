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
            + "+ lowercase + ascii_fold; Index.parse_query per call (bless* as Query.regex_query 'bless.*'); "
            + "canon order by the rowid fast field; references from a list by rowid")
    /// Apache Lucene from Debian's jars, in a JVM warmed up first.
    static let lucene = SearchEngineDriver(
        name: "lucene", displayName: "Lucene",
        invocation: "LuceneDriver.java: ByteBuffersDirectory, one segment; StandardTokenizer (UAX #29 words) "
            + "+ LowerCaseFilter + ASCIIFoldingFilter; classic QueryParser per call; canon order Sort.INDEXORDER; "
            + "exact counts; 2 s JIT warm-up over every query and shape first; references from an array by doc id")

    /// One query in one shape, as the driver timed it.
    struct Row: Decodable {
        var query: String
        var shape: String
        var hits: Int
        var batch: Int
        var us: [Double]
    }

    /// What a driver prints.
    struct Report: Decodable {
        var engine: String
        var version: String
        /// The runtime (`python` in the Python drivers' reports, `Java …` in Lucene's).
        var python: String
        var docs: Int
        var buildSeconds: Double
        /// µs per call of a trivial call into the engine (tantivy: `searcher.num_docs`), timed in the same loop.
        var overheadUs: [Double]
        var rows: [Row]
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
                else { throw ProcessError(description: "\(module) not in \(java): apt-get install liblucene8-java") }
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
