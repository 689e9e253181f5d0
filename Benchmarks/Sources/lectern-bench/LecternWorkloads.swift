import Foundation

/// Lectern's side of the workloads, and what is not there yet.
///
/// The parsers, the store and search land on other branches; until they do, their rows say so
/// instead of showing a figure.
enum LecternWorkloads {
    /// Why the USFM rows have no Lectern figure yet.
    static let usfmParserMissing = "not yet available: Lectern's USFM parser has not landed"
    /// Why the USX rows have no Lectern figure yet.
    static let usxParserMissing = "not yet available: Lectern's USX parser has not landed"
    /// Why the search rows have no Lectern figure yet.
    static let searchMissing = "not yet available: Lectern's search index has not landed"

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

    /// Lectern's verse texts of eng-web-usfm, the reference every peer's verses are compared with;
    /// nil while Lectern's USFM parser has not landed.
    static func referenceVerses(_ context: BenchmarkContext) throws -> (name: String, verses: VerseList)? {
        nil
    }
}
