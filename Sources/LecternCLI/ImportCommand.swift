import Foundation
import Lectern

/// `lectern import PATH...`: parses a Bible's sources and stores it in the library.
package enum ImportCommand: LecternCommand {
    package static let spec = CommandSpec(
        name: "import", summary: "add a Bible to the library from USFM/USX/USJ files, folders or bundles",
        arguments: "PATH...",
        argumentCompletion: .file,
        discussion: """
            Parses the sources like 'lectern check' (files or folders, .gz allowed, format detected from the \
            content) and writes them to the library as one Bible, atomically: errors in the input stop the \
            import, and a failed import leaves the library as it was. A Digital Bible Library bundle \
            (metadata.xml, USX under release/USX_1/) or a Scripture Burrito (metadata.json and its ingredients), \
            as a folder or a .zip, is read too, and so is a .zip of plain USFM/USX files, and a file that \
            'lectern export --format json' wrote (the whole Bible, read back exactly). The title, \
            abbreviation, language and copyright come from the options, else from the bundle's metadata, \
            else from the sources. On a terminal a progress bar is shown; a summary is printed at the end.
            """,
        options: [
            .value("id", "N", "the Bible's id, 1 to 999999999 (default: the next free id)"),
            .value(
                "abbreviation", "ABBR", "short name (default: from a bundle's metadata, else the sources, such as WEB)"),
            .value(
                "title", "TEXT", "full name (default: from a bundle's metadata, else the sources, else the folder name)"
            ),
            .value(
                "language", "TAG",
                "BCP 47 language tag (default: from a bundle's metadata or the sources or a folder name like eng-…, else und)"
            ),
            .value("copyright", "TEXT", "copyright statement (default: from the bundle's metadata, else none)"),
            .value(
                "versification", "SCHEME",
                "verse numbering: english, original or FILE.vrs (default: the best fit of the chapter and verse counts)"
            ),
            .flag("replace", "overwrite the Bible that has this id or abbreviation"),
            .flag("allow-errors", "import even when the input has errors"),
            .flag("verbose", "also print notes (byte order marks, CRLF, trailing spaces)"),
        ],
        examples: [
            ("import Corpus/sample/usfm", "add the bundled sample"),
            ("import ~/bibles/eng-web-usfm --abbreviation WEB --replace", "import again over an older copy"),
            ("import Corpus/bundles/dbl-sample", "a Digital Bible Library bundle, names from its metadata.xml"),
        ])

    package static func run(_ invocation: Invocation) throws -> Int32 {
        let arguments = invocation.arguments
        let id = try arguments.value(
            "id", as: { Int($0).flatMap { Library.idRange.contains($0) ? $0 : nil } },
            expected: "a number from \(Library.idRange.lowerBound) to \(Library.idRange.upperBound)")
        let abbreviation = arguments.value("abbreviation")
        if let abbreviation, let problem = Library.abbreviationProblem(abbreviation) {
            throw UsageError("option '--abbreviation': \(problem), not '\(Terminal.sanitized(abbreviation))'")
        }
        let title = arguments.value("title")
        let copyright = arguments.value("copyright")
        let language = try arguments.value("language").map { tag throws(UsageError) in
            guard let canonical = LanguageTag.canonical(tag) else {
                throw UsageError(
                    "option '--language': '\(Terminal.sanitized(tag))' is not a BCP 47 language tag (such as en, en-US, grc, zh-Hant-TW)"
                )
            }
            return canonical
        }
        let versification = try CheckCommand.versification(invocation)
        do {
            // A scheme file that cannot be read stops the import before any source is read.
            if let versification { _ = try VersificationScheme.named(versification) }
        } catch {
            throw CommandFailure(Terminal.sanitized(error.description))
        }
        let json = invocation.json
        let verbose = arguments.flag("verbose")
        let library = invocation.library
        guard !invocation.positionals.isEmpty else { throw UsageError("give at least one file or folder") }
        let paths = invocation.positionals.map(invocation.absolute)
        let context = invocation.context

        let started = Date()
        let bar = ProgressBar(context: context, enabled: context.isTerminal && !json)
        // Each book is encoded for the store as soon as it is read, and its model let go.
        var reading = ImportedBook.read(paths: paths, versification: versification) { done, total in
            bar.show(done: done, total: total, unit: "files", label: "Reading")
        }
        let diagnostics = reading.diagnostics
        bar.clear()
        if !json {
            DiagnosticPrinter.print(diagnostics, verbose: verbose, to: context)
        }
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count { $0.severity == .warning }
        if errors > 0, !arguments.flag("allow-errors") || reading.books.isEmpty {
            if json { invocation.output(json: failureJSON(diagnostics)) }
            let tally = counted(errors, "error") + " in the input"
            // --allow-errors only helps when there are books to import despite the errors.
            throw CommandFailure(
                reading.books.isEmpty
                    ? "\(tally) and no book could be read; nothing was imported"
                    : "\(tally); nothing was imported (fix them, or use --allow-errors)")
        }
        guard !reading.books.isEmpty else {
            throw CommandFailure("no books found in \(invocation.positionals.joined(separator: " "))")
        }

        // A bundle's metadata, or a folder that `lectern export` wrote (its metadata.json), carries the names.
        let metadata: VersionMetadata
        do {
            metadata = try VersionMetadata.forImport(
                of: reading.books.map(\.kept.summary), paths: paths, id: id, abbreviation: abbreviation, title: title,
                language: language, copyright: copyright, bundle: reading.bundle, versification: versification)
        } catch let error as VersificationError {
            throw CommandFailure(Terminal.sanitized(error.description))
        }
        if let problem = Library.abbreviationProblem(metadata.abbreviation) {
            // (Given with --abbreviation it was refused above: it came from a bundle or the sources.)
            throw CommandFailure(
                "the abbreviation '\(Terminal.sanitized(metadata.abbreviation))' the sources give cannot name a Bible: "
                    + "\(problem); give one with --abbreviation")
        }
        bar.message("Writing \(Terminal.sanitized(metadata.abbreviation)) to \(library.directory)…")
        let wasEmpty = (try? library.ids().isEmpty) ?? false
        let stored: VersionMetadata
        do {
            let encoded = try ImportedBook.take(&reading.books)
            stored = try library.add(
                encoded: consume encoded, metadata: metadata, id: id, replace: arguments.flag("replace"),
                sections: [SearchIndexSection()])
        } catch {
            bar.clear()
            throw error
        }
        bar.clear()
        let store = try library.open(stored.id)
        var summary = ImportSummary(
            store: store, errors: errors, warnings: warnings, seconds: Date().timeIntervalSince(started))
        summary.madeDefault = wasEmpty && makeDefault(stored.id, in: library)
        if json {
            invocation.output(json: summary.json(diagnostics: diagnostics))
        } else {
            invocation.output(Terminal.sanitized(summary.line) + "\n")
            if summary.madeDefault {
                invocation.output(
                    "\(Terminal.sanitized(stored.abbreviation)) is the default Bible; change it with 'lectern use'\n")
            }
        }
        return ExitStatus.success
    }

    /// Makes `id`, the first Bible imported into an empty library, the default (as rustup makes the first
    /// toolchain the default), so that a second import leaves `read` working; true when it did. Nothing is
    /// changed when another import got there first (the library holds more than this Bible); a default
    /// left from a Bible no longer there is replaced.
    private static func makeDefault(_ id: Int, in library: Library) -> Bool {
        guard (try? library.ids()) == [id] else { return false }
        var state = library.readingState()
        state.defaultVersion = id
        return (try? library.saveReadingState(state)) != nil
    }

    /// `--json` when the input had errors: the diagnostics, and no Bible.
    private static func failureJSON(_ diagnostics: [Diagnostic]) -> JSONValue {
        JSONSchema.document(
            "import", [("bible", .null), ("diagnostics", .array(diagnostics.map(JSONSchema.diagnostic)))])
    }
}

/// What `import` reports when it has written a Bible.
struct ImportSummary {
    var metadata: VersionMetadata
    var path: String
    var books: Int
    var chapters: Int
    var verses: Int
    var errors: Int
    var warnings: Int
    var seconds: Double
    var storeBytes: Int
    /// Whether the import made this Bible the default (the first one in an empty library).
    var madeDefault = false

    init(store: VersionStore, errors: Int, warnings: Int, seconds: Double) {
        metadata = store.metadata
        path = store.path
        books = store.books.count
        chapters = store.chapterCount
        verses = store.verseCount
        self.errors = errors
        self.warnings = warnings
        self.seconds = seconds
        storeBytes = store.fileSize
    }

    /// `Imported WEB (id 1, World English Bible): 83 books, 1402 chapters, 38058 verses, 0 errors, …`.
    var line: String {
        "Imported \(metadata.abbreviation) (id \(metadata.id), \(metadata.title)): \(counted(books, "book")), "
            + "\(counted(chapters, "chapter")), \(counted(verses, "verse")), \(counted(errors, "error")), "
            + "\(counted(warnings, "warning")) "
            + "in \(String(format: "%.2f", seconds)) s; store \(ByteCount.format(storeBytes)) at \(path)"
    }

    func json(diagnostics: [Diagnostic]) -> JSONValue {
        JSONSchema.document(
            "import",
            [
                ("bible", JSONSchema.bible(metadata)), ("path", .string(path)), ("books", .int(books)),
                ("chapters", .int(chapters)), ("verses", .int(verses)), ("errors", .int(errors)),
                ("warnings", .int(warnings)), ("seconds", .double(seconds)), ("storeBytes", .int(storeBytes)),
                ("madeDefault", .bool(madeDefault)), ("diagnostics", .array(diagnostics.map(JSONSchema.diagnostic))),
            ])
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
