import Foundation

/// Where a command writes and what it can see: tests give it buffers and a made-up environment.
public struct CommandContext: Sendable {
    /// Writes to standard output.
    public var standardOutput: @Sendable (String) -> Void
    /// Writes to standard error.
    public var standardError: @Sendable (String) -> Void
    /// The environment variables.
    public var environment: [String: String]
    /// The directory relative paths are resolved against.
    public var currentDirectory: String
    /// Whether standard error is a terminal (progress lines are shown only then).
    public var isTerminal: Bool

    /// Creates a context.
    public init(
        standardOutput: @escaping @Sendable (String) -> Void,
        standardError: @escaping @Sendable (String) -> Void,
        environment: [String: String],
        currentDirectory: String,
        isTerminal: Bool = false
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.isTerminal = isTerminal
    }

    /// The real process: stdout, stderr, environment and working directory.
    public static var process: CommandContext {
        CommandContext(
            standardOutput: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
            standardError: { text in FileHandle.standardError.write(Data(text.utf8)) },
            environment: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath,
            isTerminal: isatty(2) == 1
        )
    }
}

/// Exit statuses, as a command-line tool's users expect them.
public enum ExitStatus {
    /// Success.
    public static let success: Int32 = 0
    /// The work failed (errors in the input, a damaged store, …).
    public static let failure: Int32 = 1
    /// Nothing to report (no neighbour at the ends of the Bible).
    public static let nothing: Int32 = 2
    /// The command line was wrong (EX_USAGE).
    public static let usage: Int32 = 64
}
