import Foundation
import Lectern

/// The `lectern` command line: reads the global options and the command word, dispatches, and turns errors
/// into messages and exit statuses.
package enum LecternCLI {
    /// Every subcommand, in the order `lectern --help` lists them.
    package static let commands: [any LecternCommand.Type] = [
        ImportCommand.self, ReadCommand.self, SearchCommand.self, BooksCommand.self, VersionsCommand.self,
        UseCommand.self, MapCommand.self, NextCommand.self, PreviousCommand.self, CheckCommand.self, ExportCommand.self,
        VerifyCommand.self, RemoveCommand.self, LayoutCommand.self, CompletionsCommand.self, HelpCommand.self,
    ]

    /// The declarations of every subcommand.
    package static var specs: [CommandSpec] { commands.map { $0.spec } }

    /// The command called `name`, if any.
    package static func command(named name: String) -> (any LecternCommand.Type)? {
        commands.first { $0.spec.name == name }
    }

    /// Runs `lectern` with `arguments` (without the program name) and returns the exit status.
    ///
    /// When a write to standard output or standard error failed, the status is 1 (unless the command had
    /// already failed) with `Error: cannot write output: …`; a pipe whose reader has gone (`EPIPE`, with
    /// `SIGPIPE` ignored) ends quietly, as the signal would.
    package static func run(_ arguments: [String], context: CommandContext) -> Int32 {
        let status = dispatch(arguments, context: context)
        guard let code = context.writeFailure() else { return status }
        if code != EPIPE {
            context.standardError("Error: cannot write output: \(FileProblem.Cause(errno: code).text)\n")
        }
        return status == ExitStatus.usage ? status : ExitStatus.failure
    }

    /// Parses the global options and the command word and runs the command.
    private static func dispatch(_ arguments: [String], context: CommandContext) -> Int32 {
        let globals: Arguments
        let commandIndex: Int
        do {
            (globals, commandIndex) = try Arguments.leadingGlobals(arguments)
        } catch {
            return topLevelUsageError(error.message, context: context)
        }
        guard commandIndex < arguments.count else {
            if globals.flag("version") {
                context.standardOutput(globals.flag("json") ? versionJSON.line : LecternVersion.description + "\n")
                return ExitStatus.success
            }
            // `lectern` alone or `lectern --help`: the overview is what a newcomer needs.
            context.standardOutput(HelpText.topLevel(specs))
            return ExitStatus.success
        }
        let word = arguments[commandIndex]
        if globals.flag("version") {
            return topLevelUsageError("--version takes no command (give 'lectern --version' alone)", context: context)
        }
        guard let command = command(named: word) else {
            var message = "unknown command '\(word)'"
            if let near = Suggestion.nearest(to: word, in: specs.map(\.name)) { message += "; did you mean '\(near)'?" }
            return topLevelUsageError(message, context: context)
        }
        let spec = command.spec
        do {
            let parsed = try Arguments(Array(arguments[(commandIndex + 1)...]), spec: spec, globals: globals)
            if parsed.flag("help") {
                context.standardOutput(HelpText.help(spec))
                return ExitStatus.success
            }
            let invocation = Invocation(arguments: parsed, context: context, spec: spec)
            if spec.usesLibrary, let warning = invocation.library.permissionWarning()
            {
                invocation.warn(warning)
            }
            return try command.run(invocation)
        } catch let error as UsageError {
            context.standardError(
                "Error: \(error.message)\n" + HelpText.usage(spec) + "See 'lectern \(spec.name) --help'.\n")
            return ExitStatus.usage
        } catch let failure as CommandFailure {
            context.standardError("Error: \(Terminal.sanitized(failure.description))\n")
            return failure.status
        } catch {
            context.standardError("Error: \(Terminal.sanitized(ErrorText.sentence(for: error)))\n")
            return ExitStatus.failure
        }
    }

    /// `Error: …`, the top-level usage line and where help is; exit 64.
    private static func topLevelUsageError(_ message: String, context: CommandContext) -> Int32 {
        context.standardError(
            "Error: \(message)\nUsage: lectern [--library DIR] [--json] [--color WHEN] COMMAND [ARGS...]\n"
                + "See 'lectern --help'.\n")
        return ExitStatus.usage
    }

    /// `lectern --version --json`.
    static var versionJSON: JSONValue {
        .object([
            ("schemaVersion", .int(JSONSchema.version)), ("command", .string("version")),
            ("release", .string(LecternVersion.release)), ("storeFormat", .int(LecternVersion.storeFormat)),
            ("searchIndexFormat", .int(LecternVersion.searchIndexFormat)),
        ])
    }
}

/// `lectern help [COMMAND]`: a command's help, or the overview.
package enum HelpCommand: LecternCommand {
    package static let spec = CommandSpec(
        name: "help", summary: "show the help of a command (lectern help read)", arguments: "[COMMAND]",
        argumentCompletion: .choices(["commands"]),
        discussion: """
            Prints the help of COMMAND, the same as 'lectern COMMAND --help', or the overview. With --man, \
            prints the manual page lectern.1 (roff), made from the same table as the help and completions: \
            lectern help --man | man -l -
            """,
        options: [.flag("man", "print the manual page (roff) instead")],
        printsJSON: false, usesLibrary: false)

    package static func run(_ invocation: Invocation) throws -> Int32 {
        if invocation.arguments.flag("man") {
            try invocation.expectNoArguments("--man prints the whole manual")
            invocation.output(ManPage.render(LecternCLI.specs))
            return ExitStatus.success
        }
        guard let name = invocation.positionals.first else {
            invocation.output(HelpText.topLevel(LecternCLI.specs))
            return ExitStatus.success
        }
        guard invocation.positionals.count == 1 else { throw UsageError("give one command") }
        guard let command = LecternCLI.command(named: name) else {
            var message = "unknown command '\(name)'"
            if let near = Suggestion.nearest(to: name, in: LecternCLI.specs.map(\.name)) {
                message += "; did you mean '\(near)'?"
            }
            throw UsageError(message)
        }
        invocation.output(HelpText.help(command.spec))
        return ExitStatus.success
    }
}
