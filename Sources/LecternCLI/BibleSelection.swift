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

    /// Opens `name` (an id or abbreviation) or the default, and says where the choice came from.
    package static func resolve(_ name: String?, in library: Library) throws -> (store: VersionStore, source: Source) {
        if let name { return (try open(name, in: library), .option) }
        let ids = try library.ids()
        guard !ids.isEmpty else {
            throw CommandFailure(
                "the library \(library.directory) has no Bibles; add one with 'lectern import PATH'"
                    + " (try 'lectern import Corpus/sample/usfm' in a checkout)")
        }
        let state = library.readingState()
        if let chosen = state.defaultVersion, ids.contains(chosen), let store = try? library.open(chosen) {
            return (store, .chosen)
        }
        if let last = state.lastVersion, ids.contains(last), let store = try? library.open(last) {
            return (store, .lastRead)
        }
        if ids.count == 1 { return (try library.open(ids[0]), .only) }
        throw CommandFailure(
            "\(ids.count) Bibles in the library and none chosen: \(try names(in: library)); "
                + "pick one with --bible ABBR, or set a default with 'lectern use ABBR'")
    }

    /// Opens `name`; an unknown name lists the Bibles there are.
    package static func open(_ name: String, in library: Library) throws -> VersionStore {
        if let id = Int(name), !(try library.ids().contains(id)) { throw unknown(name, in: library) }
        do {
            return try library.open(named: name)
        } catch .unknownVersion {
            throw unknown(name, in: library)
        }
    }

    /// `no Bible 'KJV' in the library; it has WEB (1), BSB (2)`, with `did you mean 'WEB'?` before the list
    /// when an abbreviation is near `name`, as for books and commands.
    package static func unknown(_ name: String, in library: Library) -> CommandFailure {
        let bibles = (try? abbreviations(in: library)) ?? []
        guard !bibles.isEmpty else {
            return CommandFailure(
                "no Bible '\(Terminal.sanitized(name))' in the library (it has none; add one with 'lectern import PATH')")
        }
        let available = bibles.map { "\($0.abbreviation) (\($0.id))" }.joined(separator: ", ")
        let near = Suggestion.nearest(to: name, in: bibles.map(\.abbreviation).filter { $0 != "?" })
        return CommandFailure(
            "no Bible '\(Terminal.sanitized(name))' in the library; "
                + (near.map { "did you mean '\($0)'? It has \(available)" } ?? "it has \(available)"))
    }

    /// `WEB (1), KJV (2), BSB (3)`: each version's abbreviation and id, one at a time (a large library is never
    /// mapped all at once).
    package static func names(in library: Library) throws -> String {
        try abbreviations(in: library).map { "\($0.abbreviation) (\($0.id))" }.joined(separator: ", ")
    }

    /// Each version's id and abbreviation (made safe for a terminal; `?` when its store cannot be opened).
    private static func abbreviations(in library: Library) throws -> [(id: Int, abbreviation: String)] {
        try library.ids().map { id in
            (id, (try? library.open(id).metadata.abbreviation).map(Terminal.sanitized) ?? "?")
        }
    }
}
