import Lectern

/// `lectern verify [--version ID|ABBR]`: checks a store file's checksums and structure.
public enum VerifyCommand: LecternCommand {
    public static let name = "verify"
    public static let summary = "check a stored version's checksums and structure"
    public static let valuedOptions: Set<String> = ["version", "library"]
    public static let usage = """
        Usage: lectern verify [--version ID|ABBR] [--all] [--library DIR]

        Checks every section checksum of the version's store file, then decodes every
        book, chapter and verse, and checks the search index against the text.
        Prints what is damaged and exits 1 when anything is.

        Options:
          --version ID|ABBR  the version (default: the library's only version)
          --all              check every version in the library

        """ + LibraryOptions.usage

    public static func run(_ arguments: inout Arguments, context: CommandContext) throws -> Int32 {
        let name = arguments.value("version")
        let all = arguments.flag("all")
        let library = LibraryOptions.library(&arguments, context: context)
        try arguments.finish()
        guard arguments.positionals.isEmpty else {
            throw UsageError("verify takes no arguments; name the version with --version")
        }
        if all, name != nil { throw UsageError("--all and --version cannot be combined") }
        let paths: [String]
        if all {
            paths = try library.ids().map { library.path(for: $0) }
        } else if let name, let id = Int(name) {
            guard try library.ids().contains(id) else { throw StoreError.unknownVersion(name) }
            paths = [library.path(for: id)]
        } else {
            paths = [try LibraryOptions.version(name, in: library).path]
        }
        var damaged = 0
        for path in paths {
            let problems = VersionStore.verify(path: path, sections: [SearchIndexSection()])
            if problems.isEmpty {
                context.standardOutput("\(path): OK\n")
            } else {
                damaged += 1
                for problem in problems { context.standardError("\(problem.message)\n") }
            }
        }
        return damaged == 0 ? ExitStatus.success : ExitStatus.failure
    }
}
