import Foundation
import Lectern

/// Lectern's side of the workloads: in-process calls into the library, whole processes of the
/// release `lectern` binary, and the rows of what has not landed yet.
enum LecternWorkloads {

    /// Lectern as the table names it: the commit of the package root, when it is a git checkout.
    static let version: String = {
        let root = RunOptions.packageRoot.path
        guard let outcome = try? ProcessRunner.run("/usr/bin/git", ["-C", root, "rev-parse", "--short", "HEAD"]),
            outcome.status == 0
        else { return "working tree" }
        return "git " + outcome.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }()

    /// A row identity for one of Lectern's benchmarks.
    static func row(_ benchmark: String, _ workload: String, _ mode: RunMode, _ invocation: String) -> RowIdentity {
        RowIdentity(
            benchmark: benchmark, workload: workload, mode: mode,
            implementation: Implementation(name: Implementation.lecternName, version: version, invocation: invocation))
    }

    /// Parses every file of `input` in turn on this thread, as the USFM benchmark times it and as
    /// `VersionSource` does on each worker: one `USFMParseSession` for the version's files, made anew per run.
    static func parseUSFM(_ input: CorpusInput) -> ParseResult {
        var combined = ParseResult()
        let session = USFMParseSession()
        for file in input.files {
            let result = file.bytes.withUnsafeBytes { USFMParser.parse($0, path: file.path, session: session) }
            combined.books += result.books
            combined.diagnostics += result.diagnostics
        }
        return combined
    }

    /// What the other workloads need of eng-web-usfm as Lectern parses it: its verses and its outline.
    /// The books themselves are not kept, so later benchmarks' peak memory does not carry them.
    struct ParsedVersion {
        /// `Vref.format` of the books.
        var verses: VerseList
        /// `VersionOutline(parsed:)` of the books.
        var outline: VersionOutline
    }

    /// eng-web-usfm parsed once per run.
    static func parsedVersion(_ context: BenchmarkContext) throws -> ParsedVersion {
        try context.fixture("lectern/parsed/\(ParseBenchmarks.usfmFolder)") {
            let books = parseUSFM(try ParseBenchmarks.usfmInput(context)).books
            return ParsedVersion(verses: VerseList(vref: Vref.format(books)), outline: VersionOutline(parsed: books))
        }
    }

    /// Lectern's verse texts of eng-web-usfm, the reference every peer's verses are compared with and
    /// the rows of the FTS5 table.
    static func referenceVerses(_ context: BenchmarkContext) throws -> (name: String, verses: VerseList) {
        ("Lectern's vref of \(ParseBenchmarks.usfmFolder)", try parsedVersion(context).verses)
    }

    /// The `lectern` executable for whole-process rows: beside this runner, brought up to date once per run
    /// with `swift build --product lectern` in the runner's own configuration (release under
    /// `swift run -c release`). The runner does not link it, so `swift run` alone would leave an old one.
    static func executable(_ context: BenchmarkContext) throws -> String {
        try context.fixture("lectern/executable") {
            let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            let directory = runner.deletingLastPathComponent()
            let binary = directory.appendingPathComponent("lectern").path
            let configuration = directory.lastPathComponent == "release" ? "release" : "debug"
            context.log("building lectern (\(configuration)) for the whole-process rows")
            let package = RunOptions.packageRoot.appendingPathComponent("Benchmarks").path
            let outcome = try ProcessRunner.run(
                "/usr/bin/env",
                ["swift", "build", "-c", configuration, "--package-path", package, "--product", "lectern"])
            guard outcome.status == 0, FileManager.default.isExecutableFile(atPath: binary) else {
                throw ProcessError(description: "cannot build lectern: \(outcome.standardError.suffix(300))")
            }
            return binary
        }
    }
}
