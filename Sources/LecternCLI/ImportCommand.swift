import Foundation
import Lectern

/// `lectern import PATH...`: parses a version's sources and stores it in the library.
public enum ImportCommand: LecternCommand {
    public static let name = "import"
    public static let summary = "parse USFM/USX files and add them to the library as a version"
    public static let valuedOptions: Set<String> = ["id", "abbreviation", "title", "language", "library"]
    public static let usage = """
        Usage: lectern import PATH... [--id N] [--abbreviation ABBR] [--title TEXT] [--language TAG]
                              [--replace] [--allow-errors] [--json] [--library DIR]

        Parses the sources like 'lectern check' (files or folders, .gz allowed, format
        detected from the content) and writes them to the library as one version.
        Errors in the input stop the import and nothing is written.

        Options:
          --id N              the version's id (default: the next free id)
          --abbreviation A    short name (default: from the \\id lines, such as WEB)
          --title TEXT        full name (default: from the \\id lines or the folder name)
          --language TAG      BCP 47 language tag (default: from a folder name like eng-…, else und)
          --replace           overwrite the version that has this id
          --allow-errors      import even when the input has errors
          --json              print the summary as JSON on stdout
          --verbose           also print notes (byte order marks, CRLF, trailing spaces)

        """ + LibraryOptions.usage

    public static func run(_ arguments: inout Arguments, context: CommandContext) throws -> Int32 {
        let id = try arguments.value("id", as: { Int($0).flatMap { $0 > 0 ? $0 : nil } }, expected: "a positive number")
        let abbreviation = arguments.value("abbreviation")
        let title = arguments.value("title")
        let language = arguments.value("language")
        let replace = arguments.flag("replace")
        let allowErrors = arguments.flag("allow-errors")
        let json = arguments.flag("json")
        let verbose = arguments.flag("verbose")
        let library = LibraryOptions.library(&arguments, context: context)
        try arguments.finish()
        guard let first = arguments.positionals.first else { throw UsageError("give at least one file or folder") }
        let paths = arguments.positionals.map { LibraryOptions.absolute($0, context: context) }

        let started = Date()
        let progress = Progress(context: context, enabled: context.isTerminal && !json)
        progress.show("Reading \(arguments.positionals.joined(separator: " "))…")
        let result = VersionSource.parse(paths: paths)
        progress.clear()
        if !json {
            for diagnostic in result.diagnostics where verbose || diagnostic.severity != .note {
                context.standardError(diagnostic.description + "\n")
            }
        }
        let errors = result.diagnostics.count { $0.severity == .error }
        let warnings = result.diagnostics.count { $0.severity == .warning }
        if errors > 0, !allowErrors {
            throw CommandFailure(
                "\(errors) \(errors == 1 ? "error" : "errors") in the input; nothing was imported (fix them, or use --allow-errors)"
            )
        }
        guard !result.books.isEmpty else {
            throw CommandFailure("no books found in \(arguments.positionals.joined(separator: " "))")
        }

        let suggestion = VersionNaming.suggest(books: result.books, source: first)
        let formats = Set(result.books.map { $0.location.file.lowercased().contains(".usx") ? "usx" : "usfm" })
        let metadata = VersionMetadata(
            id: id ?? 0, abbreviation: abbreviation ?? suggestion.abbreviation, title: title ?? suggestion.title,
            language: language ?? suggestion.language, sourceFormat: formats.sorted().joined(separator: "+"),
            importedAt: ISO8601DateFormatter().string(from: Date()))
        progress.show("Writing \(metadata.abbreviation) to \(library.directory)…")
        let stored = try library.add(
            books: result.books, metadata: metadata, id: id, replace: replace, sections: [SearchIndexSection()])
        progress.clear()
        let store = try library.open(stored.id)
        let summary = ImportSummary(
            store: store, errors: errors, warnings: warnings, seconds: Date().timeIntervalSince(started))
        context.standardOutput(json ? try summary.json() : summary.line + "\n")
        return ExitStatus.success
    }
}

/// What `import` reports when it has written a version.
struct ImportSummary: Encodable {
    var id: Int
    var abbreviation: String
    var title: String
    var language: String
    var path: String
    var books: Int
    var chapters: Int
    var verses: Int
    var errors: Int
    var warnings: Int
    var seconds: Double
    var storeBytes: Int

    init(store: VersionStore, errors: Int, warnings: Int, seconds: Double) {
        id = store.metadata.id
        abbreviation = store.metadata.abbreviation
        title = store.metadata.title
        language = store.metadata.language
        path = store.path
        books = store.books.count
        chapters = store.chapterCount
        verses = store.verseCount
        self.errors = errors
        self.warnings = warnings
        self.seconds = seconds
        storeBytes = store.fileSize
    }

    /// `Imported WEB (id 1): 83 books, 1402 chapters, 38058 verses, 0 warnings in 1.02 s; store 9.1 MB`.
    var line: String {
        "Imported \(abbreviation) (id \(id), \(title)): \(books) books, \(chapters) chapters, \(verses) verses, "
            + "\(errors) \(errors == 1 ? "error" : "errors"), \(warnings) \(warnings == 1 ? "warning" : "warnings") "
            + "in \(String(format: "%.2f", seconds)) s; store \(ByteCount.format(storeBytes)) at \(path)"
    }

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
}

/// Sizes as people read them.
enum ByteCount {
    /// `9.14 MB`, `812 KB`, `96 bytes` (decimal units).
    static func format(_ bytes: Int) -> String {
        if bytes >= 1_000_000 { return String(format: "%.2f MB", Double(bytes) / 1_000_000) }
        if bytes >= 1_000 { return "\(bytes / 1_000) KB" }
        return "\(bytes) bytes"
    }
}

/// A one-line progress message on a terminal's standard error, overwritten in place.
struct Progress {
    let context: CommandContext
    let enabled: Bool

    func show(_ message: String) {
        if enabled { context.standardError("\r\u{1B}[K" + message) }
    }

    func clear() {
        if enabled { context.standardError("\r\u{1B}[K") }
    }
}
