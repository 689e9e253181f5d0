import Lectern

/// `lectern remove ID|ABBR`: deletes a version from the library.
public enum RemoveCommand: LecternCommand {
    public static let name = "remove"
    public static let summary = "delete a version from the library"
    public static let valuedOptions: Set<String> = ["library"]
    public static let usage = """
        Usage: lectern remove ID|ABBR [--library DIR]

        Deletes the version's store file. Readers that have it open keep working.

        """ + LibraryOptions.usage

    public static func run(_ arguments: inout Arguments, context: CommandContext) throws -> Int32 {
        let library = LibraryOptions.library(&arguments, context: context)
        try arguments.finish()
        guard arguments.positionals.count == 1, let name = arguments.positionals.first else {
            throw UsageError("give the id or abbreviation of one version")
        }
        let id: Int
        if let number = Int(name) {
            id = number
        } else {
            id = try library.open(named: name).metadata.id
        }
        try library.remove(id)
        context.standardOutput("Removed version \(id) (\(name)).\n")
        return ExitStatus.success
    }
}
