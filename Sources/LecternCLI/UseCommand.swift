import Lectern

/// `lectern use ABBR`: sets the Bible commands use when none is named.
package enum UseCommand: LecternCommand {
    package static let spec = CommandSpec(
        name: "use", summary: "set the default Bible (lectern use WEB), or show it", arguments: "[ID|ABBR]",
        argumentCompletion: .bible,
        discussion: """
            Sets the Bible that read, search, books, next, previous, export and verify use when --bible is not \
            given; it is kept in the library's reading state (written atomically). Without an argument, prints \
            the Bible commands would use now and why. The first Bible imported into an empty library is made \
            the default. Without a default, commands use the Bible read last, else the library's only one.
            """,
        options: [.flag("clear", "forget the default (commands then use the Bible read last)")],
        examples: [("use WEB", "make WEB the default"), ("use", "show the default")])

    package static func run(_ invocation: Invocation) throws -> Int32 {
        let library = invocation.library
        if invocation.arguments.flag("clear") {
            try invocation.expectNoArguments("--clear takes no Bible")
            try library.updateReadingState { $0.defaultVersion = nil }
            if invocation.json {
                invocation.output(json: JSONSchema.document("use", [("bible", .null), ("source", .null)]))
            } else {
                invocation.output("No default Bible.\n")
            }
            return ExitStatus.success
        }
        guard invocation.positionals.count <= 1 else { throw UsageError("give one Bible's id or abbreviation") }
        let store: VersionStore
        let source: BibleSelection.Source
        if let name = invocation.positionals.first {
            store = try BibleSelection.open(name, in: library)
            let id = store.metadata.id
            // Set under the reading-state lock, and only while the Bible is there: a `remove` that deleted it
            // meanwhile has cleared the default or will (see RemoveCommand), never after this.
            try library.updateReadingState { (state) throws(CommandFailure) in
                guard (try? library.ids().contains(id)) == true else {
                    throw CommandFailure("\(Terminal.sanitized(name)) was removed from the library meanwhile")
                }
                state.defaultVersion = id
            }
            source = .chosen
        } else {
            (store, source) = try BibleSelection.resolve(nil, in: library)
        }
        let metadata = store.metadata
        if invocation.json {
            invocation.output(
                json: JSONSchema.document(
                    "use", [("bible", JSONSchema.bible(metadata)), ("source", .string(source.rawValue))]))
        } else {
            let name = "\(Terminal.sanitized(metadata.abbreviation)) (id \(metadata.id), \(Terminal.sanitized(metadata.title)))"
            switch source {
            case .chosen where !invocation.positionals.isEmpty: invocation.output("Default Bible: \(name).\n")
            case .chosen, .option: invocation.output("\(name), the default Bible; change it with 'lectern use'.\n")
            case .lastRead: invocation.output("\(name), the Bible read last (no default is set).\n")
            case .only: invocation.output("\(name), the library's only Bible.\n")
            }
        }
        return ExitStatus.success
    }
}
