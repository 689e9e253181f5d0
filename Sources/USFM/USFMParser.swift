import ScriptureModel

/// Parses USFM 2.x and 3.x into the document model.
///
/// The parser works on bytes: it scans the UTF-8 input once with a cursor,
/// compares against ASCII byte literals and never builds `Character`s. It never
/// throws: problems become diagnostics with their `file:line:col`, and it
/// recovers to keep reading the rest of the file.
public enum USFMParser {
    /// Parses one USFM file (already decompressed).
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes.
    ///   - path: the path to show in diagnostics and locations.
    /// - Returns: the books in the file (usually one) and every diagnostic.
    /// - Complexity: O(n) in the size of the input.
    public static func parse(_ bytes: UnsafeRawBufferPointer, path: String) -> ParseResult {
        parse(bytes, path: path, nfcWords: NFCWordCache())
    }

    private static func parse(
        _ bytes: UnsafeRawBufferPointer, path: String, nfcWords: NFCWordCache, wordRuns: Bool = true
    ) -> ParseResult {
        let input = bytes.bindMemory(to: UInt8.self)
        var diagnostics: [Diagnostic] = []
        let hygiene = SourceHygiene.inspect(input, path: path, diagnostics: &diagnostics)
        if hygiene.isUnreadable {
            return ParseResult(books: [], diagnostics: diagnostics)
        }
        if let repaired = hygiene.repairedBytes {
            return repaired.withUnsafeBufferPointer { buffer in
                var parser = USFMBookBuilder(
                    input: buffer, path: path, lineStarts: hygiene.lineStarts, replacements: hygiene.replacements,
                    start: hygiene.contentStart, nfcWords: nfcWords,
                    wordRuns: wordRuns)
                parser.diagnostics = diagnostics
                return parser.run()
            }
        }
        var parser = USFMBookBuilder(
            input: input, path: path, lineStarts: hygiene.lineStarts, start: hygiene.contentStart, nfcWords: nfcWords,
            wordRuns: wordRuns)
        parser.diagnostics = diagnostics
        return parser.run()
    }

    /// Parses one file of a version whose other files go through the same session.
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes.
    ///   - path: the path to show in diagnostics and locations.
    ///   - session: the files' session; use one session per thread.
    /// - Returns: the books in the file and every diagnostic, exactly as `parse(_:path:)` gives them.
    public static func parse(_ bytes: UnsafeRawBufferPointer, path: String, session: USFMParseSession) -> ParseResult {
        parse(bytes, path: path, nfcWords: session.nfcWords, wordRuns: session.readsWordRuns)
    }

    /// Parses one USFM file held in an array.
    public static func parse(_ bytes: [UInt8], path: String) -> ParseResult {
        bytes.withUnsafeBytes { parse($0, path: path) }
    }

    /// Parses USFM text (convenient in tests).
    public static func parse(_ text: String, path: String = "<string>") -> ParseResult {
        parse(Array(text.utf8), path: path)
    }
}
