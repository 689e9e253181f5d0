import Foundation
import Testing

/// Golden files for command output: compared byte for byte, re-recorded only on request.
enum GoldenFile {
    /// Whether `LECTERN_RECORD_GOLDEN=1` asks to rewrite golden files instead of checking them.
    static var isRecording: Bool { ProcessInfo.processInfo.environment["LECTERN_RECORD_GOLDEN"] == "1" }

    /// Checks `actual` against the fixture `name`, or rewrites the fixture (atomically) when recording.
    static func check(
        _ actual: String,
        matches name: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let url = CLIRunner.fixture(name)
        if isRecording {
            try Data(actual.utf8).write(to: url, options: .atomic)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(
            actual == expected,
            "output differs from Fixtures/\(name); rerun with LECTERN_RECORD_GOLDEN=1 to re-record after checking it",
            sourceLocation: sourceLocation
        )
    }
}
