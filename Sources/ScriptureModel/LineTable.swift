/// Turns byte offsets of one file into line and column numbers.
///
/// Built once per file with a newline scan; each lookup is a binary search plus a
/// count of the scalars before the offset on its line.
public struct LineTable: Sendable {
    /// The file's path as the user gave it.
    public let file: String
    private let lineStarts: [Int]
    /// Where a repaired copy of the file has U+FFFD (three bytes) in place of one invalid byte, in order.
    private let replacements: [Int]

    /// Scans `bytes` for line feeds.
    ///
    /// - Parameter replacements: when `bytes` is a repaired copy, the offsets in it where U+FFFD replaced
    ///   one invalid byte of the file, in increasing order; locations then give the file's own offsets.
    /// - Complexity: O(n).
    public init(file: String, bytes: UnsafeBufferPointer<UInt8>, replacements: [Int] = []) {
        self.file = file
        self.replacements = replacements
        var starts = [0]
        starts.reserveCapacity(bytes.count / 40 + 1)
        for index in bytes.indices where bytes[index] == 0x0A {
            starts.append(index + 1)
        }
        lineStarts = starts
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
        let clamped = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var index = lineStarts[low]
        while index < clamped {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourceLocation(
            file: file, line: low + 1, column: column, offset: Self.originalOffset(clamped, replacements: replacements))
    }

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
