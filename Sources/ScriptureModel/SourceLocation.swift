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

    /// The location of a whole file, not of a place in it (a file that could not be read): line and column 0.
    public static func wholeFile(_ file: String) -> SourceLocation {
        SourceLocation(file: file, line: 0, column: 0)
    }

    /// `path:line:col`, the form editors and compilers use; `path` alone for a whole file (`wholeFile(_:)`).
    public var description: String { line > 0 ? "\(file):\(line):\(column)" : file }

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
