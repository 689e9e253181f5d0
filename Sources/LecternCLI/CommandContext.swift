import Foundation

/// Where a command writes and what it can see: tests give it buffers and a made-up environment.
package struct CommandContext: Sendable {
    /// Writes to standard output.
    package var standardOutput: @Sendable (String) -> Void
    /// Writes to standard error.
    package var standardError: @Sendable (String) -> Void
    /// The environment variables.
    package var environment: [String: String]
    /// The directory relative paths are resolved against.
    package var currentDirectory: String
    /// Whether standard error is a terminal (progress bars are shown only then).
    package var isTerminal: Bool
    /// Whether standard output is a terminal (colour is shown only then, by default).
    package var isOutputTerminal: Bool
    /// The `errno` of the first write to either stream that failed, or nil (tests' buffers never fail).
    package var writeFailure: @Sendable () -> Int32?

    /// Creates a context.
    package init(
        standardOutput: @escaping @Sendable (String) -> Void,
        standardError: @escaping @Sendable (String) -> Void,
        environment: [String: String],
        currentDirectory: String,
        isTerminal: Bool = false,
        isOutputTerminal: Bool = false,
        writeFailure: @escaping @Sendable () -> Int32? = { nil }
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.isTerminal = isTerminal
        self.isOutputTerminal = isOutputTerminal
        self.writeFailure = writeFailure
    }

    /// The real process: stdout, stderr, environment and working directory. A write that fails (a full disk,
    /// a closed descriptor, a pipe with no reader) is remembered, not trapped on: see `StreamWriter`.
    package static var process: CommandContext {
        let output = StreamWriter(descriptor: 1)
        let error = StreamWriter(descriptor: 2)
        return CommandContext(
            standardOutput: { output.write($0) },
            standardError: { error.write($0) },
            environment: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath,
            isTerminal: isatty(2) == 1,
            isOutputTerminal: isatty(1) == 1,
            writeFailure: { output.failedErrno ?? error.failedErrno }
        )
    }
}

/// Exit statuses, as a command-line tool's users expect them.
package enum ExitStatus {
    /// Success.
    package static let success: Int32 = 0
    /// The work failed (errors in the input, a damaged store, …).
    package static let failure: Int32 = 1
    /// Nothing to report (no neighbour at the ends of the Bible).
    package static let nothing: Int32 = 2
    /// The command line was wrong (EX_USAGE).
    package static let usage: Int32 = 64
}
