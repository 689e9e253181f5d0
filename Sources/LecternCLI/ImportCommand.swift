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
        let json = invocation.json
        let verbose = arguments.flag("verbose")
        let library = invocation.library
        guard !invocation.positionals.isEmpty else { throw UsageError("give at least one file or folder") }
        let paths = invocation.positionals.map(invocation.absolute)
        let context = invocation.context
        let options = ImportOptions(
            id: id, abbreviation: abbreviation, title: title, language: language, copyright: copyright,
            versification: versification, replace: arguments.flag("replace"),
            allowErrors: arguments.flag("allow-errors"))

        let started = Date()
        let bar = ProgressBar(context: context, enabled: context.isTerminal && !json)
        let directory = library.directory
        let outcome: ImportOutcome
        do {
            outcome = try library.importBible(from: paths, options: options, progress: { event in
                switch event {
                case .reading(let done, let total): bar.show(done: done, total: total, unit: "files", label: "Reading")
                case .writing(let name):
                    bar.message("Writing \(Terminal.sanitized(name)) to \(directory)…")
                }
            })
        } catch {
            bar.clear()
            throw failure(error, positionals: invocation.positionals, json: json, verbose: verbose, invocation)
        }
        bar.clear()
        let diagnostics = outcome.diagnostics
        if !json { DiagnosticPrinter.print(diagnostics, verbose: verbose, to: context) }
        let store = outcome.store
        var summary = ImportSummary(
            store: store, errors: diagnostics.count { $0.severity == .error },
            warnings: diagnostics.count { $0.severity == .warning }, seconds: Date().timeIntervalSince(started))
        summary.madeDefault = outcome.madeDefault
        if json {
            invocation.output(json: summary.json(diagnostics: diagnostics))
        } else {
            invocation.output(Terminal.sanitized(summary.line) + "\n")
            if summary.madeDefault {
                invocation.output(
                    "\(Terminal.sanitized(store.metadata.abbreviation)) is the default Bible; change it with 'lectern use'\n")
            }
        }
        return ExitStatus.success
    }

    /// What `import` says when the library's import wrote nothing: the input's diagnostics first (as `check`
    /// prints them), then the reason in the command's words.
    private static func failure(
        _ error: ImportError, positionals: [String], json: Bool, verbose: Bool, _ invocation: Invocation
    ) -> any Error {
        let diagnostics = error.diagnostics
        if !json { DiagnosticPrinter.print(diagnostics, verbose: verbose, to: invocation.context) }
        switch error.reason {
        case .errorsInInput(let booksRead):
            if json { invocation.output(json: failureJSON(diagnostics)) }
            let tally = counted(error.errorCount, "error") + " in the input"
            // --allow-errors only helps when there are books to import despite the errors.
            return CommandFailure(
                booksRead == 0
                    ? "\(tally) and no book could be read; nothing was imported"
                    : "\(tally); nothing was imported (fix them, or use --allow-errors)")
        case .noBooks:
            return CommandFailure("no books found in \(positionals.joined(separator: " "))")
        case .invalidAbbreviation(let abbreviation, let problem):
            // (Given with --abbreviation it was refused before the import: it came from a bundle or the sources.)
            return CommandFailure(
                "the abbreviation '\(Terminal.sanitized(abbreviation))' the sources give cannot name a Bible: "
                    + "\(problem); give one with --abbreviation")
        case .versification(let problem): return CommandFailure(Terminal.sanitized(problem))
        case .file(let problem): return problem
        case .store(let error): return error
        case .cancelled: return CommandFailure(error.description)
        }
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
