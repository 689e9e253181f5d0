/// Turns byte offsets of one file into line and column numbers.
///
/// Built once per file from the line starts a scan found; each lookup is a binary search plus a
/// count of the scalars before the offset on its line.
public struct LineTable: Sendable {
    /// The file's path as the user gave it.
    public let file: String
    private let lineStarts: [Int]
    /// Where a repaired copy of the file has U+FFFD (three bytes) in place of one invalid byte, in order.
    private let replacements: [Int]

    /// A table of the line starts a scanner found: the offset of each line's first byte, in increasing
    /// order, 0 first (USFM's `SourceHygiene` finds them while it checks the UTF-8).
    ///
    /// - Parameter replacements: when the offsets are those of a repaired copy, the offsets in it where
    ///   U+FFFD replaced one invalid byte of the file, in increasing order; locations then give the file's
    ///   own offsets.
    public init(file: String, lineStarts: [Int], replacements: [Int] = []) {
        self.file = file
        self.replacements = replacements
        self.lineStarts = lineStarts.first == 0 ? lineStarts : [0] + lineStarts
    }

    /// The number of lines.
    public var lineCount: Int { lineStarts.count }

    /// The byte offset where a 1-based line starts, if there is such a line.
    public func startOfLine(_ line: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        return lineStarts[line - 1]
    }

    /// The location of a byte offset; the column counts Unicode scalars (UTF-8 lead bytes) from 1.
    ///
    /// - Complexity: O(log lines + line length).
    public func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        var cursor = Cursor()
        return location(of: offset, in: bytes, cursor: &cursor)
    }

    /// The last location a scanner asked for, so that the next one is found from there.
    public struct Cursor: Sendable {
        var line = 0
        var offset = 0
        var column = 1

        /// A cursor at the start of the file.
        public init() {}

        init(line: Int, offset: Int, column: Int) {
            self.line = line
            self.offset = offset
            self.column = column
        }
    }

    /// The location of a byte offset, found from the cursor and moving it there: the line by a
    /// short walk forward (else a binary search), the column by counting from the cursor when
    /// the offset is on its line and after it. Offsets asked in file order so cost O(1) each
    /// besides the bytes between them, even on very long lines.
    ///
    /// - Complexity: O(log lines + line length), O(distance from the cursor) after it.
    public func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>, cursor: inout Cursor) -> SourceLocation {
        SourceLocation(file: file, place(of: offset, in: bytes, cursor: &cursor))
    }

    /// `location(of:in:cursor:)` without the file's name, for a caller that stores the rest (so no copy of the
    /// name is made and let go for each).
    @inline(__always)
    public func place(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>, cursor: inout Cursor) -> SourcePlace {
        let clamped = max(0, min(offset, bytes.count))
        let line = lineIndex(of: clamped, near: cursor.line)
        var from = lineStarts[line]
        var column = 1
        if line == cursor.line, cursor.offset >= from, cursor.offset <= clamped, cursor.offset <= bytes.count {
            from = cursor.offset
            column = cursor.column
        }
        column += Self.scalarCount(bytes, from: from, to: clamped)
        cursor = Cursor(line: line, offset: clamped, column: column)
        let fileOffset = replacements.isEmpty ? clamped : Self.originalOffset(clamped, replacements: replacements)
        return SourcePlace(line: line + 1, column: column, offset: fileOffset)
    }

    /// The number of UTF-8 lead bytes (bytes that are not `10xxxxxx`) in `bytes[from..<to]`, eight at a time.
    private static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        var count = 0
        var index = from
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= to {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                // The top bit of each continuation byte: bit 7 set and bit 6 clear.
                let continuation = word & ~(word << 1) & 0x8080_8080_8080_8080
                count += 8 - continuation.nonzeroBitCount
                index += 8
            }
        }
        while index < to {
            if bytes[index] & 0xC0 != 0x80 { count += 1 }
            index += 1
        }
        return count
    }

    /// The index of the line holding `offset`: a short walk forward from `hint`, else a binary search.
    private func lineIndex(of offset: Int, near hint: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        if hint >= 0, hint < lineStarts.count, lineStarts[hint] <= offset {
            var line = hint
            for _ in 0..<8 {
                if line + 1 > high || lineStarts[line + 1] > offset { return line }
                line += 1
            }
            low = line
        }
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

/// Finding a byte in a buffer eight bytes at a time, for scanners over UTF-8.
public enum ByteSearch {
    /// The top bit of each byte of `word` (read little-endian) that equals `byte`, the others zero.
    ///
    /// Exact: adding 0x7F to the low seven bits of a byte never carries into the next byte.
    @inlinable
    public static func matches(of byte: UInt8, in word: UInt64) -> UInt64 {
        let zeroWhereEqual = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        let low = zeroWhereEqual & 0x7F7F_7F7F_7F7F_7F7F
        return ~((low &+ 0x7F7F_7F7F_7F7F_7F7F) | zeroWhereEqual) & 0x8080_8080_8080_8080
    }

    /// The index of the first `byte` at or after `start`, or `bytes.count` when there is none.
    ///
    /// - Complexity: O(n), one 64-bit word per eight bytes.
    @inlinable
    public static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        var index = max(start, 0)
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let found = matches(of: byte, in: word)
                if found != 0 { return index + found.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < count, bytes[index] != byte { index += 1 }
        return index
    }
}

extension LineTable {
    /// The file's offset of an offset in a repaired copy: each U+FFFD before it added two bytes.
    ///
    /// - Complexity: O(log replacements).
    public static func originalOffset(_ offset: Int, replacements: [Int]) -> Int {
        var low = 0
        var high = replacements.count
        while low < high {
            let middle = (low + high) / 2
            if replacements[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return offset - 2 * low
    }
}
