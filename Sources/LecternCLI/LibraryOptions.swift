import Lectern

/// The `--library DIR` and `--version ID|ABBR` options the store commands share.
enum LibraryOptions {
    /// The usage lines for the shared options.
    static let usage = """
          --library DIR   the library folder (default: $LECTERN_LIBRARY, else $XDG_DATA_HOME/lectern,
                          else ~/.local/share/lectern)
        """

    /// Consumes `--library` and returns the library it names (or the default one).
    static func library(_ arguments: inout Arguments, context: CommandContext) -> Library {
        let directory = arguments.value("library") ?? Library.defaultDirectory(environment: context.environment)
        return Library(directory: absolute(directory, context: context))
    }

    /// Opens the version named by `name` (an id or abbreviation), or the library's only version when nil
    /// (or, with `fallBackToOnly`, when the named one is gone).
    static func version(_ name: String?, in library: Library, fallBackToOnly: Bool = false) throws -> VersionStore {
        if let name {
            do {
                return try library.open(named: name)
            } catch {
                if !fallBackToOnly { throw error }
            }
        }
        let ids = try library.ids()
        guard let only = ids.first else {
            throw CommandFailure("the library \(library.directory) has no versions; add one with 'lectern import'")
        }
        guard ids.count == 1 else {
            throw UsageError(
                "the library has \(ids.count) versions; choose one with --version ID|ABBR ('lectern versions' lists them)"
            )
        }
        return try library.open(only)
    }

    /// A path relative to the context's working directory made absolute.
    static func absolute(_ path: String, context: CommandContext) -> String {
        path.hasPrefix("/") ? path : context.currentDirectory + "/" + path
    }
}

/// A command that failed for a reason worth one line: printed as `Error: …`, exit 1.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
