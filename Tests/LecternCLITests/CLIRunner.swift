import Foundation
import LecternCLI
import Synchronization
import TestSupport

/// What a run of `lectern` produced: exit status, standard output and standard error.
struct CLIResult: Sendable, Equatable, CustomStringConvertible {
    /// The exit status.
    var status: Int32
    /// Everything written to standard output.
    var standardOutput: String
    /// Everything written to standard error.
    var standardError: String

    var description: String { "status \(status)\n--- stdout\n\(standardOutput)--- stderr\n\(standardError)" }
}

/// Runs `lectern` for tests: in-process through `LecternCLI.run` (fast, for tables of cases), or as the
/// built binary in a subprocess (end to end: `main.swift`, real streams, the real exit status).
enum CLIRunner {
    /// This test target's folder, found from this file's path.
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// A file in `Tests/LecternCLITests/Fixtures`.
    static func fixture(_ name: String) -> URL { testsFolder.appendingPathComponent("Fixtures/\(name)") }

    /// Runs `lectern arguments` in this process with a context that captures both streams.
    ///
    /// - Parameters:
    ///   - currentDirectory: what relative paths are resolved against (default: the process's).
    ///   - environment: the environment variables the command sees (default: none).
    ///   - terminal: whether both streams are to be taken for a terminal (colour, progress bars).
    static func run(
        _ arguments: [String],
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        environment: [String: String] = [:],
        terminal: Bool = false
    ) -> CLIResult {
        let output = Captured()
        let error = Captured()
        let context = CommandContext(
            standardOutput: { output.append($0) },
            standardError: { error.append($0) },
            environment: environment,
            currentDirectory: currentDirectory,
            isTerminal: terminal,
            isOutputTerminal: terminal
        )
        let status = LecternCLI.run(arguments, context: context)
        return CLIResult(status: status, standardOutput: output.text, standardError: error.text)
    }

    /// Where the built executable is: `$LECTERN_BINARY`, else beside the running test bundle (SwiftPM puts
    /// products and the test runner in one directory), else `.build/debug` in the package; nil when none exists.
    static func binary(named name: String = "lectern") -> URL? {
        if let path = ProcessInfo.processInfo.environment["LECTERN_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        var candidates: [URL] = []
        var folder = URL(fileURLWithPath: ProcessInfo.processInfo.arguments.first ?? "").deletingLastPathComponent()
        for _ in 0..<4 {  // macOS nests the runner in `X.xctest/Contents/MacOS`
            candidates.append(folder.appendingPathComponent(name))
            folder = folder.deletingLastPathComponent()
        }
        candidates.append(TestCorpus.packageRoot.appendingPathComponent(".build/debug/\(name)"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Why `binary()` found nothing, for the failing test's message.
    static var binaryMissingMessage: String {
        "the lectern executable was not found beside the test bundle or in .build/debug; run 'swift build' first"
            + " or set LECTERN_BINARY"
    }

    /// Runs the built executable with `arguments` and waits for it; stdin is empty.
    static func runBinary(
        _ arguments: [String],
        currentDirectory: URL? = nil,
        environment: [String: String]? = nil,
        executable: String = "lectern"
    ) throws -> CLIResult {
        guard let binary = binary(named: executable) else { throw BinaryNotFound(message: binaryMissingMessage) }
        return try runProcess(binary, arguments, currentDirectory: currentDirectory, environment: environment)
    }

    /// Runs any program with `arguments` and waits for it; stdin is empty.
    static func runProcess(
        _ program: URL, _ arguments: [String], currentDirectory: URL? = nil, environment: [String: String]? = nil
    ) throws -> CLIResult {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        if let environment { process.environment = environment }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Drain stderr on another thread so neither pipe can fill up and stall the child.
        let errorData = Captured()
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorData.append(String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
            drained.signal()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        return CLIResult(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: errorData.text
        )
    }

    /// The executable could not be found.
    struct BinaryNotFound: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Text written from any thread.
    private final class Captured: Sendable {
        private let buffer = Mutex("")
        func append(_ text: String) { buffer.withLock { $0 += text } }
        var text: String { buffer.withLock { $0 } }
    }
}
