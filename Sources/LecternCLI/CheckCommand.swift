import Foundation
import Lectern

/// `lectern check PATH... [--vref] [--strict] [--deny CODE] [--allow CODE] [--json]`: parses sources and reports
/// what is wrong with them.
package enum CheckCommand: LecternCommand {
    package static let spec = CommandSpec(
        name: "check", summary: "parse USFM/USX/USJ files and report problems", arguments: "PATH...",
        argumentCompletion: .file,
        discussion: """
            Parses USFM (.usfm, .sfm), USX (.usx) and USJ (.usj, and .json files that are USJ) files, each \
            optionally gzipped; folders are scanned recursively. The format is detected from the content. Prints diagnostics as \
            file:line:col: severity: message [code] on stderr and a summary, at most 200 a file (the rest \
            are counted). Exits 1 when there are errors. The codes are listed in the README under \
            "Diagnostic codes".
            """,
        options: [
            .flag("vref", "print every verse to stdout as BOOK C:V<TAB>text, in canon order"),
            .flag("verbose", "also print notes (byte order marks, CRLF, trailing spaces)"),
            .flag("strict", "treat warnings as errors (exit 1)"),
            .value("deny", "CODE", "treat this code's warnings and notes as errors (repeatable)", repeatable: true),
            .value("allow", "CODE", "leave out this code's warnings and notes (repeatable)", repeatable: true),
            .value(
                "versification", "SCHEME",
                "compare the chapter and verse counts with english, original or FILE.vrs (default: the best fit)"),
        ],
        examples: [
            ("check Corpus/sample/usfm", "report problems and counts"),
            ("check --vref Corpus/sample/usfm", "print every verse"),
            ("check --strict --allow trailing-spaces Corpus/sample/usfm", "fail on any warning but one kind"),
        ],
        usesLibrary: false)

    package static func run(_ invocation: Invocation) throws -> Int32 {
        let vref = invocation.arguments.flag("vref")
        let json = invocation.json
        let verbose = invocation.arguments.flag("verbose")
        guard !invocation.positionals.isEmpty else { throw UsageError("give at least one file or folder") }
        if vref && json { throw UsageError("--vref and --json cannot be combined") }
        let policy = try policy(invocation.arguments)
        // Paths stay as given, so diagnostics name files the way the user wrote them.
        let paths = invocation.positionals
        let started = Date()
        // Each book is summed up (and its vref lines made) on the thread that parsed it, and its model let go.
        let reading = VersionSource.read(paths: paths, versification: try versification(invocation)) { book in
            var lines: [UInt8] = []
            if vref { book.appendVrefLines(to: &lines) }
            return BookCounts(chapters: book.chapters.count, verses: book.verseKeys().count, vrefLines: lines)
        }
        let diagnostics = policy.apply(reading.diagnostics)
        let seconds = Date().timeIntervalSince(started)
        let summary = ParseSummary(books: reading.books.map(\.kept), diagnostics: diagnostics, seconds: seconds)
        if json {
            invocation.output(json: summary.json(diagnostics: diagnostics))
        } else {
            DiagnosticPrinter.print(diagnostics, verbose: verbose, to: invocation.context)
            if vref {
                // The books are in canon order, as `Vref.format` puts them.
                var lines: [UInt8] = []
                lines.reserveCapacity(reading.books.reduce(0) { $0 + $1.kept.vrefLines.count })
                for book in reading.books { lines += book.kept.vrefLines }
                invocation.output(String(decoding: lines, as: UTF8.self))
                invocation.context.standardError(summary.line + "\n")
            } else {
                invocation.output(summary.line + "\n")
            }
        }
        return diagnostics.contains { $0.severity == .error } ? ExitStatus.failure : ExitStatus.success
    }

    /// The scheme `--versification` names (`english`, `original`, or a `.vrs` path made absolute), as `import`
    /// takes it; anything else is a usage error.
    static func versification(_ invocation: Invocation) throws(UsageError) -> String? {
        try invocation.arguments.value("versification").map { name throws(UsageError) in
            guard VersificationScheme.standard(named: name) != nil || name.hasSuffix(".vrs") else {
                throw UsageError(
                    "option '--versification': '\(Terminal.sanitized(name))' is not english, original or a FILE.vrs")
            }
            return VersificationScheme.standard(named: name) != nil ? name : invocation.absolute(name)
        }
    }

    /// The policy `--strict`, `--deny` and `--allow` ask for; an unknown code, or one both denied and allowed,
    /// is a usage error.
    static func policy(_ arguments: Arguments) throws(UsageError) -> DiagnosticPolicy {
        var policy = DiagnosticPolicy(strict: arguments.flag("strict"))
        for code in arguments.values("deny") { policy.denied.insert(try kind(code, option: "deny")) }
        for code in arguments.values("allow") { policy.allowed.insert(try kind(code, option: "allow")) }
        if let both = policy.denied.intersection(policy.allowed).map(\.rawValue).sorted().first {
            throw UsageError("'\(both)' is given to both --deny and --allow; keep one")
        }
        return policy
    }

    /// The kind whose code is `code`, or a usage error naming the nearest codes.
    static func kind(_ code: String, option: String) throws(UsageError) -> Diagnostic.Kind {
        if let kind = Diagnostic.Kind(rawValue: code) { return kind }
        let nearest = Diagnostic.Kind.allCases.map(\.rawValue)
            .map { ($0, Suggestion.distance(code.lowercased(), $0)) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .prefix(3).map(\.0)
        throw UsageError(
            "option '--\(option)': unknown diagnostic code '\(Terminal.sanitized(code))'; the nearest are "
                + nearest.joined(separator: ", ") + " (the README lists them all)")
    }
}

/// What `check` keeps of a parsed book: its counts, and its `vref` lines when they are asked for.
struct BookCounts: Sendable {
    var chapters: Int
    var verses: Int
    var vrefLines: [UInt8] = []
}

/// The counts a `check` or `import` reports.
struct ParseSummary {
    var books: Int
    var chapters: Int
    var verses: Int
    var errors: Int
    var warnings: Int
    var notes: Int
    var seconds: Double

    init(books: [BookCounts], diagnostics: [Diagnostic], seconds: Double) {
        self.books = books.count
        chapters = books.reduce(0) { $0 + $1.chapters }
        verses = books.reduce(0) { $0 + $1.verses }
        errors = diagnostics.count { $0.severity == .error }
        warnings = diagnostics.count { $0.severity == .warning }
        notes = diagnostics.count { $0.severity == .note }
        self.seconds = seconds
    }

    /// `83 books, 1402 chapters, 38058 verses, 0 errors, 0 warnings, 83 notes (0.41 s)`.
    var line: String {
        "\(counted(books, "book")), \(counted(chapters, "chapter")), \(counted(verses, "verse")), "
            + "\(counted(errors, "error")), \(counted(warnings, "warning")), \(counted(notes, "note"))"
            + " (\(String(format: "%.2f", seconds)) s)"
    }

    func json(diagnostics: [Diagnostic]) -> JSONValue {
        JSONSchema.document(
            "check",
            [
                ("books", .int(books)), ("chapters", .int(chapters)), ("verses", .int(verses)),
                ("errors", .int(errors)),
                ("warnings", .int(warnings)), ("notes", .int(notes)), ("seconds", .double(seconds)),
                ("diagnostics", .array(diagnostics.map(JSONSchema.diagnostic))),
            ])
    }
}
