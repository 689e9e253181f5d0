import Foundation
import Lectern

/// `lectern check PATH... [--vref] [--json]`: parses sources and reports what is wrong with them.
public enum CheckCommand: LecternCommand {
    public static let name = "check"
    public static let summary = "parse USFM/USX files and report problems"
    public static let valuedOptions: Set<String> = []
    public static let usage = """
        Usage: lectern check PATH... [--vref] [--json]

        Parses USFM (.usfm, .sfm) and USX (.usx) files, each optionally gzipped; folders
        are scanned recursively. The format is detected from the content.

        Prints diagnostics as file:line:col: severity: message on stderr and a summary.
        Exits 1 when there are errors.

        Options:
          --vref    print every verse to stdout as BOOK C:V<TAB>text, in canon order
          --json    print the summary and diagnostics as JSON on stdout
          --verbose also print notes (byte order marks, CRLF, trailing spaces)
          -h, --help
        """

    public static func run(_ arguments: inout Arguments, context: CommandContext) throws -> Int32 {
        let vref = arguments.flag("vref")
        let json = arguments.flag("json")
        let verbose = arguments.flag("verbose")
        try arguments.finish()
        guard !arguments.positionals.isEmpty else { throw UsageError("give at least one file or folder") }
        if vref && json { throw UsageError("--vref and --json cannot be combined") }
        let paths = arguments.positionals
        let started = Date()
        let result = VersionSource.parse(paths: paths)
        let seconds = Date().timeIntervalSince(started)
        let summary = ParseSummary(result: result, seconds: seconds)
        if json {
            context.standardOutput(try summary.json(diagnostics: result.diagnostics))
        } else {
            for diagnostic in result.diagnostics where verbose || diagnostic.severity != .note {
                context.standardError(diagnostic.description + "\n")
            }
            if vref {
                context.standardOutput(Vref.format(result.books))
                context.standardError(summary.line + "\n")
            } else {
                context.standardOutput(summary.line + "\n")
            }
        }
        return result.hasErrors ? ExitStatus.failure : ExitStatus.success
    }
}

/// The counts a `check` or `import` reports.
struct ParseSummary: Encodable {
    var books: Int
    var chapters: Int
    var verses: Int
    var errors: Int
    var warnings: Int
    var notes: Int
    var seconds: Double

    init(result: ParseResult, seconds: Double) {
        books = result.books.count
        chapters = result.books.reduce(0) { $0 + $1.chapters.count }
        verses = result.books.reduce(0) { $0 + $1.verseTexts().count }
        errors = result.diagnostics.count { $0.severity == .error }
        warnings = result.diagnostics.count { $0.severity == .warning }
        notes = result.diagnostics.count { $0.severity == .note }
        self.seconds = seconds
    }

    /// `83 books, 1402 chapters, 38058 verses, 0 errors, 0 warnings, 83 notes (0.41 s)`.
    var line: String {
        "\(books) books, \(chapters) chapters, \(verses) verses, \(errors) \(errors == 1 ? "error" : "errors"), "
            + "\(warnings) \(warnings == 1 ? "warning" : "warnings"), \(notes) \(notes == 1 ? "note" : "notes")"
            + " (\(String(format: "%.2f", seconds)) s)"
    }

    func json(diagnostics: [Diagnostic]) throws -> String {
        struct Output: Encodable {
            var summary: ParseSummary
            var diagnostics: [JSONDiagnostic]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let output = Output(summary: self, diagnostics: diagnostics.map(JSONDiagnostic.init))
        return String(decoding: try encoder.encode(output), as: UTF8.self) + "\n"
    }
}

/// A diagnostic as `--json` prints it.
struct JSONDiagnostic: Encodable {
    var file: String
    var line: Int
    var column: Int
    var severity: String
    var kind: String
    var message: String

    init(_ diagnostic: Diagnostic) {
        file = diagnostic.location.file
        line = diagnostic.location.line
        column = diagnostic.location.column
        severity = diagnostic.severity.rawValue
        kind = diagnostic.kind.rawValue
        message = diagnostic.message
    }
}
