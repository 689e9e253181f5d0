import Foundation
import TestSupport

/// A library holding the sample version, imported once per test process by the built binary, for the suites
/// that run the binary against it and change nothing in it.
enum BinarySample {
    /// The library's path (removed when the process exits).
    static let library: String = {
        let path = NSTemporaryDirectory() + "/lectern-binary-sample-\(UUID().uuidString)"
        _ = try? CLIRunner.runBinary(["import", TestCorpus.sample("sample/usfm").path, "--library", path])
        ExitCleanup.remove(atExit: path)
        return path
    }()

    /// Runs the built binary with `arguments` against the library.
    static func run(_ arguments: [String]) throws -> CLIResult {
        try CLIRunner.runBinary(arguments + ["--library", library])
    }
}
