import Lectern

/// `lectern next REF` and `lectern previous REF`: the neighbouring page's id, or nothing (exit 2) at the ends.
enum NavigateCommand {
    static let valuedOptions: Set<String> = ["version", "library"]

    static func usage(_ name: String, _ direction: String) -> String {
        """
        Usage: lectern \(name) REF [--version ID|ABBR] [--library DIR]

        Prints the id of the page \(direction) REF in the version's reading order (ACT.1,
        JHN.INTRO): introductions come before chapter 1, books follow the canon, and
        only the chapters the version has are visited. Prints nothing and exits 2 at
        the \(name == "next" ? "end" : "start") of the Bible.

        Options:
          --version ID|ABBR  the version (default: the library's only version)

        """ + LibraryOptions.usage
    }

    static func run(_ arguments: inout Arguments, context: CommandContext, forward: Bool) throws -> Int32 {
        let versionName = arguments.value("version")
        let library = LibraryOptions.library(&arguments, context: context)
        try arguments.finish()
        guard !arguments.positionals.isEmpty else { throw UsageError("give a reference such as JHN.3") }
        let store = try LibraryOptions.version(versionName, in: library)
        let text = arguments.positionals.joined(separator: " ")
        let sequence = ChapterSequence(try VersionOutline(store: store))
        let reference: BibleReference
        do {
            reference = try ReferenceParser.parse(text, names: BookNameIndex(store: store))
            try sequence.validate(reference.chapterReference)
        } catch {
            throw CommandFailure("\(text): \(error.description) (\(store.metadata.abbreviation))")
        }
        let neighbour = forward ? sequence.next(after: reference) : sequence.previous(before: reference)
        guard let neighbour else { return ExitStatus.nothing }
        context.standardOutput(neighbour.id + "\n")
        return ExitStatus.success
    }
}

/// `lectern next REF`.
public enum NextCommand: LecternCommand {
    public static let name = "next"
    public static let summary = "print the page after a reference (exit 2 at the end)"
    public static let valuedOptions = NavigateCommand.valuedOptions
    public static let usage = NavigateCommand.usage("next", "after")

    public static func run(_ arguments: inout Arguments, context: CommandContext) throws -> Int32 {
        try NavigateCommand.run(&arguments, context: context, forward: true)
    }
}

/// `lectern previous REF`.
public enum PreviousCommand: LecternCommand {
    public static let name = "previous"
    public static let summary = "print the page before a reference (exit 2 at the start)"
    public static let valuedOptions = NavigateCommand.valuedOptions
    public static let usage = NavigateCommand.usage("previous", "before")

    public static func run(_ arguments: inout Arguments, context: CommandContext) throws -> Int32 {
        try NavigateCommand.run(&arguments, context: context, forward: false)
    }
}
