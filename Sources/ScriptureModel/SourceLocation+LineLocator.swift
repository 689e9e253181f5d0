import LecternKernels

extension SourcePlace {
    /// The place the line locator found.
    package init(_ place: LinePlace) {
        self.init(line: place.line, column: place.column, offset: place.offset)
    }
}

extension LineLocator {
    /// The location of the byte at `offset` in `file` (`place(at:)`), moving the cursor there.
    package mutating func location(at offset: Int, file: String) -> SourceLocation {
        SourceLocation(file: file, SourcePlace(place(at: offset)))
    }

    /// The location of a line and column as libxml2 gives them, in `file`, with the offset they stand for
    /// (`place(line:column:)`), moving the cursor there.
    package mutating func location(line: Int, column: Int, file: String) -> SourceLocation {
        SourceLocation(file: file, SourcePlace(place(line: line, column: column)))
    }
}
