/// What a parser returns: the books it read and every problem it found.
public struct ParseResult: Sendable {
    /// The books, in the order they were read.
    public var books: [Book]
    /// Problems, in source order.
    public var diagnostics: [Diagnostic]

    /// Creates a result.
    public init(books: [Book] = [], diagnostics: [Diagnostic] = []) {
        self.books = books
        self.diagnostics = diagnostics
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
