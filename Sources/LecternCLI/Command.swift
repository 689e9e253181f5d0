import Lectern

/// One `lectern` subcommand: a declaration and what it does.
package protocol LecternCommand: Sendable {
    /// The command's name, arguments, options and help, from which parsing, help, completions and the man page
    /// are made.
    static var spec: CommandSpec { get }
    /// Runs the command; throws `UsageError` for a wrong command line, anything else for a failure (exit 1).
    static func run(_ invocation: Invocation) throws -> Int32
}

/// One run of a command: its parsed arguments, the global settings and where output goes.
package struct Invocation: Sendable {
    /// The command's options and arguments.
    package var arguments: Arguments
    /// Streams, environment and working directory.
    package var context: CommandContext
    /// The command's declaration.
    package var spec: CommandSpec

    /// Creates an invocation.
    package init(arguments: Arguments, context: CommandContext, spec: CommandSpec) {
        self.arguments = arguments
        self.context = context
        self.spec = spec
    }

    /// Whether `--json` was given.
    package var json: Bool { arguments.flag("json") }

    /// The positional arguments.
    package var positionals: [String] { arguments.positionals }

    /// Whether standard output gets colour: `--color always`, or `auto` (the default) on a terminal with
    /// `NO_COLOR` unset or empty and `TERM` not `dumb`.
    package var colorsOutput: Bool {
        switch arguments.value("color") {
        case "always": return true
        case "never": return false
        default:
            if let noColor = context.environment["NO_COLOR"], !noColor.isEmpty { return false }
            if context.environment["TERM"] == "dumb" { return false }
            return context.isOutputTerminal
        }
    }

    /// The library of `--library`, else the default one.
    package var library: Library {
        let directory = arguments.value("library") ?? Library.defaultDirectory(environment: context.environment)
        return Library(directory: absolute(directory))
    }

    /// A path relative to the working directory made absolute.
    package func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : context.currentDirectory + "/" + path
    }

    /// Writes to standard output.
    package func output(_ text: String) { context.standardOutput(text) }

    /// Writes a JSON document (one line) to standard output.
    package func output(json value: JSONValue) { context.standardOutput(value.line) }

    /// Writes a line to standard error as `Warning: …`.
    package func warn(_ message: String) { context.standardError("Warning: \(message)\n") }

    /// Fails with a usage error when arguments were given to a command that takes none.
    package func expectNoArguments(_ hint: String = "") throws(UsageError) {
        if let first = positionals.first {
            throw UsageError("unexpected argument '\(first)'" + (hint.isEmpty ? "" : "; \(hint)"))
        }
    }
}

/// A command that failed for a reason worth one line: printed as `Error: …`, exit 1.
package struct CommandFailure: Error, CustomStringConvertible {
    /// The sentence.
    package var description: String
    /// The exit status (1 unless said otherwise).
    package var status: Int32

    /// Creates a failure.
    package init(_ description: String, status: Int32 = ExitStatus.failure) {
        self.description = description
        self.status = status
    }
}
