/// The `lectern` command line: dispatches to a subcommand and turns errors into exit statuses.
public enum LecternCLI {
    /// Every subcommand, in the order `lectern --help` lists them.
    public static let commands: [any LecternCommand.Type] = [
        CheckCommand.self, ImportCommand.self, VersionsCommand.self, BooksCommand.self, ReadCommand.self,
        NextCommand.self, PreviousCommand.self, SearchCommand.self, ExportCommand.self, VerifyCommand.self,
        RemoveCommand.self, LayoutCommand.self,
    ]

    /// The top-level usage.
    public static var usage: String {
        var text = "Usage: lectern COMMAND [OPTIONS]\n\nCommands:\n"
        for command in commands {
            text += "  " + command.name.padding(toLength: 10, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += "\nRun 'lectern COMMAND --help' for a command's options.\n"
        return text
    }

    /// Runs `lectern` with `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
        guard let first = arguments.first else {
            context.standardError("Error: no command given\n\n" + usage)
            return ExitStatus.usage
        }
        if first == "--help" || first == "-h" || first == "help" {
            context.standardOutput(usage)
            return ExitStatus.success
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            context.standardError("Error: unknown command '\(first)'\n\n" + usage)
            return ExitStatus.usage
        }
        do {
            var parsed = try Arguments(Array(arguments.dropFirst()), valued: command.valuedOptions)
            if parsed.wantsHelp {
                context.standardOutput(command.usage)
                return ExitStatus.success
            }
            return try command.run(&parsed, context: context)
        } catch let error as UsageError {
            context.standardError("Error: \(error.message)\n\n" + command.usage)
            return ExitStatus.usage
        } catch {
            context.standardError("Error: \(error)\n")
            return ExitStatus.failure
        }
    }
}
