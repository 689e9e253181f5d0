extension Diagnostic {
    /// The error for a file in UTF-16 or UTF-32 (`encoding`, its name: `UTF-16 (little-endian)`), which no
    /// reader reads: at its start, since nothing in it is read.
    package static func notUTF8(_ encoding: String, file: String) -> Diagnostic {
        Diagnostic(
            .error, .invalidUTF8, at: SourceLocation(file: file, line: 1, column: 1, offset: 0),
            "the file is \(encoding); save it as UTF-8")
    }
}
