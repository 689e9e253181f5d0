import Foundation

/// A Python peer parser and its driver script in `Benchmarks/peers/`.
struct Peer: Sendable {
    /// The PyPI package name, also the name in the table.
    var name: String
    /// The driver script, relative to `Benchmarks/peers/`.
    var driver: String
    /// The call the driver times, for the table's legend.
    var call: String
    /// At most this many timed repetitions (usfmtc takes minutes per pass), and no warm-up when set.
    var repetitionCap: Int?

    /// usfm3 0.3: the Rust parser's Python binding.
    static let usfm3 = Peer(
        name: "usfm3", driver: "usfm3_driver.py", call: "usfm3.parse(text); verses from doc.to_vref()",
        repetitionCap: nil)
    /// usfm-grammar 3: tree-sitter-usfm3 with Python tree walking.
    static let usfmGrammar = Peer(
        name: "usfm-grammar", driver: "usfm_grammar_driver.py",
        call: "USFMParser(text); verses from to_biblenlp_format()", repetitionCap: 3)
    /// usfmtc: the USFM technical committee's reference parser, pure Python.
    static let usfmtc = Peer(
        name: "usfmtc", driver: "usfmtc_driver.py",
        call: "usfmtc.USX.fromUsfm(text); verses by walking its USX tree", repetitionCap: 1)

    /// The peers that parse USFM, fastest first.
    static let usfmParsers = [usfm3, usfmGrammar, usfmtc]
}

/// What a peer driver prints: its own timing of its parse loop, and what it read.
struct PeerReport: Decodable {
    /// The package.
    var peer: String
    /// Its version.
    var version: String
    /// The interpreter's version.
    var python: String
    /// How many files it parsed.
    var files: Int
    /// Their size in bytes (after gunzip).
    var bytes: Int
    /// Seconds of each timed pass over all files.
    var seconds: [Double]
    /// Verses written with `--vref`.
    var verses: Int
    /// The driver's peak resident set, in kilobytes (`peak_rss_kb`).
    var peakRssKb: Int
}

/// The Python environment `Benchmarks/peers/setup.sh` makes, and the versions installed in it.
struct PeerEnvironment {
    /// `Benchmarks/peers/`.
    let directory: URL
    /// The virtual environment's interpreter, when set up.
    let python: String?
    /// Installed versions by package name (`python` for the interpreter itself).
    let versions: [String: String]

    /// Finds the environment beside this package; `enabled: false` (for `--no-peers`) finds none.
    init(enabled: Bool) {
        directory = RunOptions.packageRoot.appendingPathComponent("Benchmarks/peers")
        let candidate = directory.appendingPathComponent(".venv/bin/python").path
        guard enabled, FileManager.default.isExecutableFile(atPath: candidate),
            let outcome = try? ProcessRunner.run(candidate, [directory.appendingPathComponent("versions.py").path]),
            outcome.status == 0
        else {
            python = nil
            versions = [:]
            return
        }
        python = candidate
        var versions: [String: String] = [:]
        for line in outcome.standardOutput.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[1] != "missing" { versions[String(parts[0])] = String(parts[1]) }
        }
        self.versions = versions
    }

    /// Why `peer` cannot run, or nil when it can.
    func unavailableReason(_ peer: Peer) -> String? {
        guard python != nil else { return "peers not set up: run Benchmarks/peers/setup.sh" }
        guard versions[peer.name] != nil else {
            return peer.name == "usfm3"
                ? "usfm3 not installed: it needs CPython 3.13 (see Benchmarks/peers/setup.sh)"
                : "\(peer.name) not installed: run Benchmarks/peers/setup.sh"
        }
        return nil
    }

    /// The table's description of `peer`.
    func implementation(_ peer: Peer, mode: RunMode) -> Implementation {
        let python = versions["python"].map { "CPython \($0)" } ?? "Python"
        let how =
            mode == .inProcess ? "driver's own loop over files in memory" : "python \(peer.driver) (parse + write vref)"
        return Implementation(
            name: peer.name, version: versions[peer.name] ?? "?", invocation: "\(peer.call); \(how); \(python)")
    }

    /// Runs a driver as whole processes (`warmup` untimed, then `repetitions` timed) and decodes each report.
    func run(
        _ peer: Peer, _ arguments: [String], warmup: Int, repetitions: Int
    ) throws -> [(outcome: ProcessOutcome, report: PeerReport)] {
        guard let python else { throw ProcessError(description: "peers not set up") }
        let script = directory.appendingPathComponent(peer.driver).path
        let outcomes = try ProcessRunner.samples(
            python, [script] + arguments, warmup: warmup, repetitions: repetitions)
        return try outcomes.map { ($0, try decodeReport($0, peer)) }
    }

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }()

    /// Decodes the JSON line a driver prints.
    private func decodeReport(_ outcome: ProcessOutcome, _ peer: Peer) throws -> PeerReport {
        guard let line = outcome.standardOutput.split(separator: "\n").last,
            let report = try? PeerEnvironment.decoder.decode(PeerReport.self, from: Data(line.utf8))
        else {
            throw ProcessError(
                description: "\(peer.name) driver printed no report: \(outcome.standardOutput.prefix(200))")
        }
        return report
    }
}
