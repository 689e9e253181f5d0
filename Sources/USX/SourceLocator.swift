import CXMLShim
import ScriptureModel

/// Turns byte offsets of the parsed buffer into file locations (line, column in scalars, original offset).
///
/// Queries usually come in increasing order, so a cursor walks forward from
/// the previous answer: locating every element of a file costs O(n) in all.
struct SourceLocator {
    /// The file's path as the user gave it.
    let path: String
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Offsets in `bytes` where one invalid byte of the file was replaced by the three bytes of U+FFFD.
    private let replacements: [Int]
    /// Where line 1, column 1 is: after a byte order mark, which editors do not count as a column.
    private let origin: Int
    private var cursor: Int
    private var line = 1
    private var column = 1

    /// Creates a locator over the buffer being parsed.
    init(path: String, bytes: UnsafeBufferPointer<UInt8>, replacements: [Int] = []) {
        self.path = path
        self.bytes = bytes
        self.replacements = replacements
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        origin = hasBOM ? 3 : 0
        cursor = origin
    }

    /// The location of the byte at `offset`.
    ///
    /// - Complexity: amortized O(distance from the previous query).
    mutating func location(at offset: Int) -> SourceLocation {
        SourceLocation(file: path, place(at: offset))
    }

    /// `location(at:)` without the file's name (see `SourcePlace`).
    mutating func place(at offset: Int) -> SourcePlace {
        let target = min(max(offset, origin), bytes.count)
        if target < cursor { rewind(to: target) }
        moveForward(to: target)
        return SourcePlace(line: line, column: column, offset: originalOffset(max(offset, 0)))
    }

    /// Moves the cursor forward to `target`: counts the line feeds (in C, at memory speed), then the
    /// column from the last one (or from the cursor's column when there is none).
    private mutating func moveForward(to target: Int) {
        guard cursor < target, let base = bytes.baseAddress else { return }
        var afterLast: Int64 = -1
        let feeds = Int(lectern_bytes_count_line_feeds(base + cursor, target - cursor, &afterLast))
        let lineStart = feeds > 0 ? cursor + Int(afterLast) : -1
        line += feeds
        let from = lineStart >= 0 ? lineStart : cursor
        let scalars = Int(lectern_bytes_count_scalars(base + from, target - from))
        column = (lineStart >= 0 ? 1 : column) + scalars
        cursor = target
    }

    /// The location of a line and column (as libxml2 reports them), with the byte offset they stand for.
    ///
    /// - Complexity: O(distance from the previous query); O(n) when the place is before it.
    mutating func location(line targetLine: Int, column targetColumn: Int) -> SourceLocation {
        if targetLine < line || (targetLine == line && targetColumn < column) {
            cursor = origin
            line = 1
            column = 1
        }
        while line < targetLine && cursor < bytes.count { advance(upTo: bytes.count) }
        while column < targetColumn && cursor < bytes.count && bytes[cursor] != 0x0A {
            cursor += 1
            while cursor < bytes.count && bytes[cursor] & 0xC0 == 0x80 { cursor += 1 }
            column += 1
        }
        return SourceLocation(file: path, line: targetLine, column: targetColumn, offset: originalOffset(cursor))
    }

    /// Moves the cursor towards `limit`, stopping just after the first line feed.
    private mutating func advance(upTo limit: Int) {
        skipWords(to: limit)
        while cursor < limit {
            let byte = bytes[cursor]
            cursor += 1
            if byte == 0x0A {
                line += 1
                column = 1
                return
            }
            if byte & 0xC0 != 0x80 { column += 1 }
        }
    }

    /// Advances the cursor eight bytes at a time while no line feed is among them: the column
    /// grows by the bytes that start a scalar (all but the `10xxxxxx` continuation bytes).
    private mutating func skipWords(to target: Int) {
        guard let base = bytes.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while cursor + 8 <= target {
            let word = raw.loadUnaligned(fromByteOffset: cursor, as: UInt64.self)
            let newlines = word ^ (ones &* 0x0A)
            if (newlines &- ones) & ~newlines & highs != 0 { return }
            // A continuation byte has bit 7 set and bit 6 clear.
            let continuations = word & ~(word << 1) & highs
            column += 8 - continuations.nonzeroBitCount
            cursor += 8
        }
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

    /// The file offset of a buffer offset: each replacement before it added two bytes.
    func originalOffset(_ offset: Int) -> Int {
        LineTable.originalOffset(offset, replacements: replacements)
    }

    /// Moves the cursor back to the start of `target`'s line and recounts that line's line number.
    private mutating func rewind(to target: Int) {
        var lineStart = target
        while lineStart > origin && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        var newlines = 0
        var index = lineStart
        while index < cursor {
            if bytes[index] == 0x0A { newlines += 1 }
            index += 1
        }
        line -= newlines
        column = 1
        cursor = lineStart
    }
}
