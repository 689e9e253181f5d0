import ScriptureModel

/// What reading a `.vrs` file gives: the scheme and every problem found, in source order.
public struct VersificationParseResult: Sendable {
    /// The scheme, built from every line that could be read.
    public var scheme: VersificationScheme
    /// Problems, each with `file:line:col`.
    public var diagnostics: [Diagnostic]

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Reads Paratext `.vrs` files: `BOOK 1:31 2:25 …` lines give each chapter's last verse,
/// `BOOK c:v[-v] = BOOK c:v[-v]` lines map this scheme's verses onto Original, `-BOOK c:v` excludes a verse.
///
/// `#` starts a comment; `#!` lines are read (Paratext hides lines from old readers that way); a leading `&`
/// on a mapping allows ranges of unequal length (the extra verses map onto the last one). Verse segments
/// (`1:1a`) are read as their verse.
public enum VersificationParser {
    /// Parses a file's bytes; `name` defaults to the `# Versification "…"` header, else the file name.
    public static func parse(_ bytes: [UInt8], file: String, name: String? = nil) -> VersificationParseResult {
        var state = VersificationLineReader(file: file)
        // A UTF-8 byte order mark (an editor's) is no part of the first line.
        var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        while lineStart < bytes.count {
            var end = lineStart
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            state.read(bytes[lineStart..<end], line: line, offset: lineStart)
            lineStart = end + 1
            line += 1
        }
        if state.lastVerses.isEmpty {
            state.report(.error, .emptyFile, line: 1, column: 1, offset: 0, "no book lines (`GEN 1:31 2:25 …`)")
        }
        let scheme = VersificationScheme(
            name: name ?? state.headerName ?? Self.baseName(file), lastVerses: state.lastVerses,
            mappings: state.mappings, excluded: state.excluded)
        return VersificationParseResult(scheme: scheme, diagnostics: state.diagnostics)
    }

    /// Parses text (a string literal, a test's table).
    public static func parse(_ text: String, file: String, name: String? = nil) -> VersificationParseResult {
        parse(Array(text.utf8), file: file, name: name)
    }

    private static func baseName(_ path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasSuffix(".vrs") { name.removeLast(4) }
        return name
    }
}
