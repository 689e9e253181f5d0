import Lectern

/// Prints diagnostics on stderr as `file:line:col: severity: message [code]`, at most `limit` a file; the rest
/// are counted in one line per file (`… and 94 more diagnostics in GEN.usfm`).
struct DiagnosticPrinter {
    /// How many diagnostics of one file are printed.
    static let limit = 200

    /// Prints the diagnostics to print (notes only when `verbose`).
    static func print(_ diagnostics: [Diagnostic], verbose: Bool, limit: Int = limit, to context: CommandContext) {
        var printed: [String: Int] = [:]
        var files: [String] = []
        for diagnostic in diagnostics where verbose || diagnostic.severity != .note {
            let file = diagnostic.location.file
            let count = printed[file, default: 0]
            if count == 0 { files.append(file) }
            printed[file] = count + 1
            if count < limit { context.standardError(Terminal.sanitized(diagnostic.description) + "\n") }
        }
        for file in files {
            let more = printed[file, default: 0] - limit
            if more > 0 {
                context.standardError(
                    "… and \(more) more \(more == 1 ? "diagnostic" : "diagnostics") in \(Terminal.sanitized(file))\n")
            }
        }
    }
}
