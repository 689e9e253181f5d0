import Lectern

/// Which Bible a command acts on: `--bible ID|ABBR`, else the default set by `lectern use`, else the one
/// read last, else the library's only one. With several and none chosen, the error names them in one line.
package enum BibleSelection {
    /// `-b, --bible ID|ABBR`, as every command that reads a Bible declares it.
    package static let option = OptionSpec.value(
        "bible", short: "b", "ID|ABBR",
        "the Bible to use (default: the one set by 'lectern use', else the one read last, else the only one)",
        completion: .bible)

    /// Where the choice came from, for `lectern use` and messages.
    package enum Source: String, Sendable {
        case option = "--bible"
        case chosen = "lectern use"
        case lastRead = "last read"
        case only = "the only one"
    }

    /// Opens the Bible the invocation names or defaults to.
    package static func open(_ invocation: Invocation) throws -> VersionStore {
        try resolve(invocation.arguments.value("bible"), in: invocation.library).store
    }

    /// Opens `name` (an id or abbreviation) or the default, and says where the choice came from: the library's
    /// one rule (`Library.bible(_:)`), its errors in the command line's words.
    package static func resolve(_ name: String?, in library: Library) throws -> (store: VersionStore, source: Source) {
        do throws(BibleSelectionError) {
            let choice = try library.bible(name)
            let source: Source =
                switch choice.reason {
                case .named: .option
                case .defaultBible: .chosen
                case .lastRead: .lastRead
                case .onlyOne: .only
                }
            return (choice.store, source)
        } catch {
            throw failure(error)
        }
    }

    /// Opens `name`; an unknown name lists the Bibles there are.
    package static func open(_ name: String, in library: Library) throws -> VersionStore {
        try resolve(name, in: library).store
    }

    /// `no Bible 'KJV' in the library; it has WEB (1), BSB (2)`, with `did you mean 'WEB'?` before the list
    /// when an abbreviation is near `name`, as for books and commands.
    package static func unknown(_ name: String, in library: Library) -> any Error {
        failure(library.unknownBible(name))
    }

    /// The library's selection error as the command line says it (with the command to run).
    private static func failure(_ error: BibleSelectionError) -> any Error {
        switch error {
        case .emptyLibrary(let directory):
            return CommandFailure(
                "the library \(directory) has no Bibles; add one with 'lectern import PATH'"
                    + " (try 'lectern import Corpus/sample/usfm' in a checkout)")
        case .unknown(let name, let suggestion, let available):
            guard !available.isEmpty else {
                return CommandFailure(
                    "no Bible '\(Terminal.sanitized(name))' in the library (it has none; add one with 'lectern import PATH')")
            }
            let list = names(available)
            return CommandFailure(
                "no Bible '\(Terminal.sanitized(name))' in the library; "
                    + (suggestion.map { "did you mean '\(Terminal.sanitized($0))'? It has \(list)" } ?? "it has \(list)"))
        case .noneChosen(let available):
            return CommandFailure(
                "\(available.count) Bibles in the library and none chosen: \(names(available)); "
                    + "pick one with --bible ABBR, or set a default with 'lectern use ABBR'")
        case .store(let error):
            return error
        }
    }

    /// `WEB (1), KJV (2), BSB (3)`, made safe for a terminal.
    package static func names(in library: Library) throws -> String { names(library.bibleNames()) }

    private static func names(_ bibles: [BibleName]) -> String {
        bibles.map { "\(Terminal.sanitized($0.abbreviation)) (\($0.id))" }.joined(separator: ", ")
    }
}
