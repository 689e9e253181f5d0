import Foundation
import Lectern

/// Parsing whole Bibles: Lectern's USFM and USX parsers, and the Python peers on the same files.
enum ParseBenchmarks {
    /// The USFM folder every parser reads.
    static let usfmFolder = "eng-web-usfm"
    /// The USX folder (Paratext's export of the same Bible).
    static let usxFolder = "eng-web-usx"

    /// Registers the parse benchmarks.
    static func register(in registry: inout BenchmarkRegistry) {
        registry.register(
            "usfm-parse/lectern",
            "Lectern's USFM parser over all of eng-web-usfm held in memory, one file after another on one core (MB/s)"
        ) { context in [try lecternInProcess(context)] }
        registry.register(
            "usfm-parse/lectern-process", "`lectern check --vref eng-web-usfm` as a whole process (MB/s)"
        ) { context in [try lecternWholeProcess(context)] }
        for peer in Peer.usfmParsers {
            registry.register(
                "usfm-parse/\(peer.name)",
                "\(peer.name) on eng-web-usfm: its own loop in-process, and whole `python` processes (MB/s)"
            ) { context in try peerRows(peer, context) }
        }
        registry.register(
            "usfm-parse/usfm3-core",
            "usfm3's Rust core on eng-web-usfm: parse() alone, on strings decoded before the clock (MB/s)"
        ) { context in [try usfm3CoreRow(context)] }
        registry.register(
            "usx-parse/lectern", "Lectern's USX parser over all of eng-web-usx held in memory, one core (MB/s)"
        ) { context in
            let input = try context.fixture("input/\(usxFolder)") {
                try CorpusInput(folder: context.corpusFolder(usxFolder), extensions: ["usx"])
            }
            let identity = LecternWorkloads.row(
                "usx-parse/lectern", "USX parse, \(input.label) (decompressed)", .inProcess,
                "USXParser.parse(bytes, path:) per file (libxml2 SAX2), one core")
            var errors = 0
            for file in input.files {
                errors += USXParser.parse(file.bytes, path: file.path).diagnostics.count { $0.severity == .error }
            }
            var result = try context.measure(identity, unit: .megabytesPerSecond, work: Double(input.totalBytes)) {
                usxPass(input)
            }
            if errors > 0 { result.notes.append("\(errors) parse errors") }
            return [result]
        }
    }

    /// Lectern's parser in this process: `USFMParser.parse` on each file's bytes in turn, on one core, each
    /// file's model let go before the next is parsed, as usfm3's driver lets each document go.
    static func lecternInProcess(_ context: BenchmarkContext) throws -> BenchmarkResult {
        let input = try usfmInput(context)
        let identity = LecternWorkloads.row(
            "usfm-parse/lectern", workload(input), .inProcess,
            "USFMParser.parse(bytes, path:, session:) per file, one session for the version, each file's model "
                + "let go before the next (as usfm3's driver does), one core")
        let errors = LecternWorkloads.parseUSFM(input).diagnostics.count { $0.severity == .error }
        var result = try context.measure(identity, unit: .megabytesPerSecond, work: Double(input.totalBytes)) {
            usfmPass(input)
        }
        if errors > 0 { result.notes.append("\(errors) parse errors") }
        return result
    }

    /// One timed pass of `usfm-parse/lectern`: each file parsed in turn with one session, its model let go
    /// before the next; the books and diagnostics counted.
    static func usfmPass(_ input: CorpusInput) -> Int {
        let session = USFMParseSession()
        var count = 0
        for file in input.files {
            let parsed = file.bytes.withUnsafeBytes { USFMParser.parse($0, path: file.path, session: session) }
            count &+= parsed.books.count &+ parsed.diagnostics.count
        }
        return count
    }

    /// One timed pass of `usx-parse/lectern`: each file parsed in turn; the books counted.
    static func usxPass(_ input: CorpusInput) -> Int {
        var count = 0
        for file in input.files { count &+= USXParser.parse(file.bytes, path: file.path).books.count }
        return count
    }

    /// `lectern check --vref` on the folder, timed around the whole process; its verses are checked too.
    static func lecternWholeProcess(_ context: BenchmarkContext) throws -> BenchmarkResult {
        let input = try usfmInput(context)
        let executable = try LecternWorkloads.executable(context)
        let identity = LecternWorkloads.row(
            "usfm-parse/lectern-process", workload(input), .wholeProcess,
            "lectern check --vref DIR (parse + write vref; files parsed concurrently, \(ProcessInfo.processInfo.activeProcessorCount) cores)"
        )
        context.log(
            "lectern: \(context.options.warmup) + \(context.options.repetitions) whole-process runs on \(usfmFolder)")
        let outcomes = try ProcessRunner.samples(
            executable, ["check", "--vref", context.corpusFolder(usfmFolder).path],
            warmup: context.options.warmup, repetitions: context.options.repetitions)
        let reference = try LecternWorkloads.referenceVerses(context)
        let agreement = outcomes.last.map {
            VerseAgreement(reference: reference.name, reference.verses, VerseList(vref: $0.standardOutput))
        }
        return BenchmarkResult(
            identity, unit: .megabytesPerSecond, processes: outcomes, work: Double(input.totalBytes),
            agreement: agreement)
    }

    /// eng-web-usfm in memory, read once per run.
    static func usfmInput(_ context: BenchmarkContext) throws -> CorpusInput {
        try context.fixture("input/\(usfmFolder)") {
            try CorpusInput(folder: context.corpusFolder(usfmFolder), extensions: ["usfm", "sfm"])
        }
    }

    /// The workload label every implementation's USFM row shares.
    static func workload(_ input: CorpusInput) -> String { "USFM parse, \(input.label)" }

    /// usfm3's Rust parser alone: the driver's `--stage core`, which decodes every file into a Python string
    /// before its clock starts and times only the `parse` calls (each document let go outside the clock).
    static func usfm3CoreRow(_ context: BenchmarkContext) throws -> BenchmarkResult {
        let peer = Peer.usfm3
        let input = try usfmInput(context)
        let python = context.peers.versions["python"].map { "CPython \($0)" } ?? "Python"
        let identity = RowIdentity(
            benchmark: "usfm-parse/usfm3-core", workload: workload(input), mode: .inProcess,
            implementation: Implementation(
                name: "usfm3 (Rust core)", version: context.peers.versions[peer.name] ?? "?",
                invocation: "usfm3.parse(text) alone, each call timed, on Python strings decoded before the clock "
                    + "starts; each document let go outside the clock; \(python)"))
        if let reason = context.peers.unavailableReason(peer) {
            return BenchmarkResult(identity, unit: .megabytesPerSecond, unavailable: reason)
        }
        context.log("usfm3: \(context.options.warmup) + \(context.options.repetitions) core pass(es) on \(usfmFolder)")
        let arguments = [
            "--mode", "time", "--stage", "core", "--warmup", String(context.options.warmup), "--repetitions",
            String(context.options.repetitions), context.corpusFolder(usfmFolder).path,
        ]
        guard let report = try context.peers.run(peer, arguments, warmup: 0, repetitions: 1).first?.report else {
            throw ProcessError(description: "usfm3's driver gave no report")
        }
        let bytes = Double(report.bytes)
        return BenchmarkResult(
            identity, unit: .megabytesPerSecond,
            statistics: Statistics(
                report.seconds.map { FigureUnit.megabytesPerSecond.figure(seconds: $0, work: bytes) }),
            peakMemoryBytes: report.peakRssKb * 1024,
            notes: ["the same parser as usfm3's rows, whose verses are checked against Lectern's"])
    }

    /// A peer's rows: its driver's own in-process loop, and whole processes that also write its verses.
    ///
    /// A peer with a repetition cap of 1 (usfmtc, minutes per pass) runs once: that one whole process
    /// gives both rows, its in-process figure from the driver's own clock (which then includes getting
    /// the verse texts).
    static func peerRows(_ peer: Peer, _ context: BenchmarkContext) throws -> [BenchmarkResult] {
        let input = try usfmInput(context)
        let name = "usfm-parse/\(peer.name)"
        let inProcess = RowIdentity(
            benchmark: name, workload: workload(input), mode: .inProcess,
            implementation: context.peers.implementation(peer, mode: .inProcess))
        let whole = RowIdentity(
            benchmark: name, workload: workload(input), mode: .wholeProcess,
            implementation: context.peers.implementation(peer, mode: .wholeProcess))
        if let reason = context.peers.unavailableReason(peer) {
            return [
                BenchmarkResult(inProcess, unit: .megabytesPerSecond, unavailable: reason),
                BenchmarkResult(whole, unit: .megabytesPerSecond, unavailable: reason),
            ]
        }
        let repetitions = min(context.options.repetitions, peer.repetitionCap ?? .max)
        let warmup = peer.repetitionCap == nil ? context.options.warmup : 0
        let folder = context.corpusFolder(usfmFolder).path
        let vref = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-bench-\(peer.name).vref")
        defer { try? FileManager.default.removeItem(at: vref) }

        context.log("\(peer.name): \(warmup) + \(repetitions) whole-process run(s) on \(usfmFolder)")
        let runs = try context.peers.run(
            peer, ["--mode", "once", "--vref", vref.path, folder], warmup: warmup, repetitions: repetitions)
        let reports = runs.map(\.report)
        let bytes = Double(reports.first?.bytes ?? input.totalBytes)
        var notes: [String] = []
        if Int(bytes) != input.totalBytes { notes.append("read \(Int(bytes)) bytes, not \(input.totalBytes)") }
        let reference = try LecternWorkloads.referenceVerses(context)
        let agreement = VerseAgreement(reference: reference.name, reference.verses, try VerseList(contentsOf: vref))
        let wholeRow = BenchmarkResult(
            whole, unit: .megabytesPerSecond, processes: runs.map(\.outcome), work: bytes, agreement: agreement,
            notes: notes)

        let driverRuns: [PeerReport]
        var inProcessNotes = notes
        if peer.repetitionCap == 1 {
            driverRuns = reports
            inProcessNotes.append("one run; the driver's clock includes getting the verse texts")
        } else {
            context.log("\(peer.name): \(warmup) + \(repetitions) in-process pass(es) on \(usfmFolder)")
            let arguments = [
                "--mode", "time", "--stage", "parse", "--warmup", String(warmup), "--repetitions", String(repetitions),
                folder,
            ]
            driverRuns = try context.peers.run(peer, arguments, warmup: 0, repetitions: 1).map(\.report)
        }
        let seconds = driverRuns.flatMap(\.seconds)
        let inProcessRow = BenchmarkResult(
            inProcess, unit: .megabytesPerSecond,
            statistics: Statistics(seconds.map { FigureUnit.megabytesPerSecond.figure(seconds: $0, work: bytes) }),
            peakMemoryBytes: driverRuns.map { $0.peakRssKb * 1024 }.max(), agreement: agreement, notes: inProcessNotes)
        return [inProcessRow, wholeRow]
    }
}
