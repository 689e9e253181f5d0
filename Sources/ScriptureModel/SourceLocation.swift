/// A position in a source file: 1-based line and column (in Unicode scalars), and the byte offset.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible, Comparable {
    /// The file's path as the user gave it.
    public var file: String
    /// The line, counting from 1.
    public var line: Int
    /// The column in Unicode scalars, counting from 1.
    public var column: Int
    /// The offset in bytes from the start of the file (after decompression).
    public var offset: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int, offset: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `path:line:col`, the form editors and compilers use.
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// A place in a file without the file's name: a `SourceLocation` but for `file`, for the builders that store
/// many places of one file (so the name is not copied, retained and released for each).
public struct SourcePlace: Sendable, Hashable {
    /// The line, counting from 1.
    public var line: Int
    /// The column in Unicode scalars, counting from 1.
    public var column: Int
    /// The offset in bytes from the start of the file (after decompression).
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }
}

extension SourceLocation {
    /// The location of `place` in `file`.
    public init(file: String, _ place: SourcePlace) {
        self.init(file: file, line: place.line, column: place.column, offset: place.offset)
    }
}
