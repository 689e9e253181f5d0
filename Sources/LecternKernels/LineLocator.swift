import CByteScan

/// A line, a column in scalars from 1, and the file's byte offset: where a byte of a file is.
package struct LinePlace: Sendable, Hashable {
    /// The line, counting from 1.
    package var line: Int
    /// The column in Unicode scalars, counting from 1.
    package var column: Int
    /// The offset in the file's own bytes (a repaired copy's offsets given back as the file's).
    package var offset: Int

    /// A place.
    @inlinable
    package init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }
}

/// Turns byte offsets of one file's bytes into lines and columns, and libxml2's lines and columns into
/// offsets: the one line and column locator of the parsers (USFM, USX).
///
/// A cursor remembers the last place asked for, so offsets asked in file order cost O(1) each besides the
/// bytes between them, however long the lines. The line is found from the line starts when a scan gave them
/// (USFM's UTF-8 check finds them), else by counting line feeds from the cursor (at memory speed, in C).
/// The column counts scalars (UTF-8 bytes but the continuation bytes) from the line's start; line 1 starts
/// after a UTF-8 byte order mark, which editors do not count as a column. When the bytes are a repaired
/// copy (U+FFFD, three bytes, in place of each invalid byte of the file), offsets are given back as the
/// file's own.
///
/// The bytes are borrowed: a locator is valid only while they are.
package struct LineLocator {
    /// The bytes located in.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// Where line 1, column 1 is: 3 after a byte order mark, else 0.
    package let origin: Int
    /// The offset of each line's first byte, increasing, 0 first; empty when the lines are counted as the
    /// cursor moves.
    private let lineStarts: [Int]
    /// Where the bytes have U+FFFD in place of one invalid byte of the file, in increasing order.
    private let replacements: [Int]
    /// The cursor: the last place found, its line (from 1) and that line's first byte.
    private var offset: Int
    private var line = 1
    private var lineStart = 0
    private var column = 1

    /// A locator over `bytes`, with their line starts when a scan found them (the offset of each line's
    /// first byte, increasing; a first 0 may be left out) and the offsets where `bytes`, a repaired copy,
    /// have U+FFFD in place of one invalid byte of the file.
    package init(bytes: UnsafeBufferPointer<UInt8>, lineStarts: [Int] = [], replacements: [Int] = []) {
        self.bytes = bytes
        self.replacements = replacements
        self.lineStarts = lineStarts.isEmpty || lineStarts.first == 0 ? lineStarts : [0] + lineStarts
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        origin = hasBOM ? 3 : 0
        offset = origin
    }

    /// The place of the byte at `offset` (clamped to the bytes; an offset in a byte order mark is 1:1),
    /// moving the cursor there.
    ///
    /// - Complexity: O(distance from the previous place) in file order; with line starts O(log lines + line
    ///   length) otherwise, without them O(bytes from the start of the line before).
    package mutating func place(at offset: Int) -> LinePlace {
        let target = min(max(offset, origin), bytes.count)
        if lineStarts.isEmpty {
            if target < self.offset { rewind(to: target) }
            countForward(to: target)
        } else {
            moveByTable(to: target)
        }
        return LinePlace(line: line, column: column, offset: originalOffset(min(max(offset, 0), bytes.count)))
    }

    /// The place of a line and column as libxml2 gives them (line from 1, column in scalars from 1), the
    /// offset they stand for found in the bytes (at the line's end when the line is shorter), moving the
    /// cursor there.
    ///
    /// - Complexity: O(distance from the previous place); O(n) when it is before it and there are no line
    ///   starts.
    package mutating func place(line targetLine: Int, column targetColumn: Int) -> LinePlace {
        let count = bytes.count
        if !lineStarts.isEmpty, targetLine >= 1, targetLine <= lineStarts.count {
            (line, lineStart, offset, column) = (targetLine, lineStarts[targetLine - 1], lineStarts[targetLine - 1], 1)
            if line == 1 { offset = origin }
        } else if targetLine < line || (targetLine == line && targetColumn < column) {
            (line, lineStart, offset, column) = (1, 0, origin, 1)
        }
        while line < targetLine, offset < count, let base = bytes.baseAddress {
            let found = lectern_bytes_find(base + offset, count - offset, 0x0A)
            guard found >= 0 else {
                column += UTF8Counts.scalarCount(bytes, from: offset, to: count)
                offset = count
                break
            }
            (line, offset, column) = (line + 1, offset + Int(found) + 1, 1)
            lineStart = offset
        }
        while column < targetColumn, offset < count, bytes[offset] != 0x0A {
            offset += 1
            while offset < count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            column += 1
        }
        return LinePlace(line: targetLine, column: targetColumn, offset: originalOffset(offset))
    }

    /// The file's offset of an offset in the bytes: each replacement before it added two bytes.
    package func originalOffset(_ offset: Int) -> Int {
        replacements.isEmpty ? offset : Self.originalOffset(offset, replacements: replacements)
    }

    /// The file's offset of an offset in a repaired copy, whose U+FFFD replacements are at `replacements`:
    /// each one before it added two bytes.
    ///
    /// - Complexity: O(log replacements).
    package static func originalOffset(_ offset: Int, replacements: [Int]) -> Int {
        var low = 0
        var high = replacements.count
        while low < high {
            let middle = (low + high) / 2
            if replacements[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return offset - 2 * low
    }

    // MARK: - With line starts

    /// Moves the cursor to `target`: the line by a short walk forward from the cursor's (else a binary
    /// search), the column counted from the cursor when `target` is on its line and after it.
    @inline(__always)
    private mutating func moveByTable(to target: Int) {
        let index = lineIndex(of: target, near: line - 1)
        var from = max(lineStarts[index], origin)
        var column = 1
        if index == line - 1, offset >= from, offset <= target {
            from = offset
            column = self.column
        }
        self.column = column + UTF8Counts.scalarCount(bytes, from: from, to: target)
        (line, lineStart, offset) = (index + 1, lineStarts[index], target)
    }

    /// The index of the line holding `offset`: a short walk forward from `hint`, else a binary search.
    @inline(__always)
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

    // MARK: - Counting lines

    /// Moves the cursor forward to `target`: counts the line feeds (in C, at memory speed), then the column
    /// from the last one (or from the cursor's column when there is none).
    private mutating func countForward(to target: Int) {
        guard offset < target, let base = bytes.baseAddress else { return }
        var afterLast: Int64 = -1
        let feeds = Int(lectern_bytes_count_line_feeds(base + offset, target - offset, &afterLast))
        if feeds > 0 {
            line += feeds
            lineStart = offset + Int(afterLast)
            column = 1 + UTF8Counts.scalarCount(bytes, from: lineStart, to: target)
        } else {
            column += UTF8Counts.scalarCount(bytes, from: offset, to: target)
        }
        offset = target
    }

    /// Moves the cursor back to the start of `target`'s line, its line number counted back.
    private mutating func rewind(to target: Int) {
        var start = target
        while start > origin && bytes[start - 1] != 0x0A { start -= 1 }
        if start < lineStart {
            var feeds = 0
            for index in start..<lineStart where bytes[index] == 0x0A { feeds += 1 }
            line -= feeds
        }
        (lineStart, offset, column) = (start, max(start, origin), 1)
    }
}
