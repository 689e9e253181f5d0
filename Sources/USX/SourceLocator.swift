import LecternKernels
import ScriptureModel

/// The locations of a USX file's tags: the package's `LineLocator` over the parsed buffer (line, column in
/// scalars, the file's offset), with the file's name and what XML adds (a tag's `<` from its end).
struct SourceLocator {
    /// The file's path as the user gave it.
    let path: String
    /// Lines and columns of the parsed buffer.
    private var lines: LineLocator
    private var bytes: UnsafeBufferPointer<UInt8> { lines.bytes }

    /// Creates a locator over the buffer being parsed (`replacements`: where a repaired copy has U+FFFD in
    /// place of one invalid byte of the file).
    init(path: String, bytes: UnsafeBufferPointer<UInt8>, replacements: [Int] = []) {
        self.path = path
        lines = LineLocator(bytes: bytes, replacements: replacements)
    }

    /// The location of the byte at `offset`.
    ///
    /// - Complexity: amortized O(distance from the previous query).
    mutating func location(at offset: Int) -> SourceLocation {
        lines.location(at: offset, file: path)
    }

    /// `location(at:)` without the file's name (see `SourcePlace`).
    mutating func place(at offset: Int) -> SourcePlace {
        SourcePlace(lines.place(at: offset))
    }

    /// The location of a line and column (as libxml2 reports them), with the byte offset they stand for.
    ///
    /// - Complexity: O(distance from the previous query); O(n) when the place is before it.
    mutating func location(line: Int, column: Int) -> SourceLocation {
        lines.location(line: line, column: column, file: path)
    }

    /// The location of the `<` that starts the tag whose `>` or `/>` is at `end`.
    ///
    /// Attribute values cannot hold a raw `<`, so the nearest `<` before the end is the tag's start.
    mutating func location(ofTagEndingAt end: Int) -> SourceLocation {
        SourceLocation(file: path, place(ofTagEndingAt: end))
    }

    /// `location(ofTagEndingAt:)` without the file's name (see `SourcePlace`).
    mutating func place(ofTagEndingAt end: Int) -> SourcePlace {
        var start = min(end, bytes.count - 1)
        while start > 0 && bytes[start] != UInt8(ascii: "<") { start -= 1 }
        return place(at: start)
    }

    /// The offset of the first byte from `offset` on that is not ASCII white space (where text really starts).
    func skippingSpace(from offset: Int) -> Int {
        var index = max(offset, 0)
        while index < bytes.count && USXBuilder.isSpace(bytes[index]) { index += 1 }
        return index
    }
}
