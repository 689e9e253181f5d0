import ScriptureModel

extension VersionSource {
    /// USX is parsed by the USX module once it is part of the build.
    static func parseUSX(_ bytes: [UInt8], path: String) -> ParseResult {
        ParseResult(diagnostics: [
            Diagnostic(.error, .unknownFormat, at: SourceLocation(file: path, line: 1, column: 1), "USX support is not built in yet")
        ])
    }
}
