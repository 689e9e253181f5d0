import CByteScan
import LecternKernels
import ScriptureModel

/// The byte-level checks made before parsing: empty input, byte order mark,
/// invalid UTF-8 (repaired to U+FFFD), CRLF line ends, trailing spaces and NUL characters;
/// the same pass finds the line starts for the file's `LineLocator`.
struct SourceHygiene {
    /// Whether there is nothing to parse: the file has no content at all, or is UTF-16 or UTF-32.
    var isUnreadable = false
    /// Where parsing starts (after a byte order mark).
    var contentStart = 0
    /// A copy with invalid UTF-8 replaced, when the input had any.
    var repairedBytes: [UInt8]?
    /// Where the copy has U+FFFD in place of an invalid byte (for `LineLocator` to give the file's offsets).
    var replacements: [Int] = []
    /// The line starts of the bytes to parse: the input's, or the repaired copy's when there is one.
    var lineStarts: [Int] = [0]

    /// At most this many invalid sequences are reported one by one.
    static let invalidReportLimit = 20

    /// Checks `input` (the bytes of the file at `path`) in one pass, reporting what it finds.
    ///
    /// - Complexity: O(n), 32 bytes at a time while they are ASCII.
    static func inspect(
        _ input: UnsafeBufferPointer<UInt8>, path: String, diagnostics: inout [Diagnostic]
    ) -> SourceHygiene {
        var result = SourceHygiene()
        let start = SourceLocation(file: path, line: 1, column: 1, offset: 0)
        let encoding = TextEncoding.sniff(input)
        if let wide = encoding.wideName {
            result.isUnreadable = true
            diagnostics.append(.notUTF8(wide, file: path))
            return result
        }
        if encoding.byteOrderMarkLength > 0 {
            result.contentStart = encoding.byteOrderMarkLength
            diagnostics.append(
                Diagnostic(
                    .note, .byteOrderMark, at: start,
                    "file starts with a UTF-8 byte order mark; it is ignored (USFM files should not have one)"))
        }
        if !input[result.contentStart...].contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) {
            result.isUnreadable = true
            diagnostics.append(
                Diagnostic(
                    .error, .emptyFile, at: start, "file is empty; a USFM file starts with \\id and a book code"))
            return result
        }
        let clean = cleanScan(input)
        var scan = clean ?? scan(input)
        // The input's lines, for the diagnostics here (the parse's are the repaired copy's when there is one).
        var lines = LineLocator(bytes: input, lineStarts: scan.lineStarts)
        let inputStarts = scan.lineStarts
        if let repaired = scan.repaired {
            report(scan.invalid, path: path, lines: &lines, diagnostics: &diagnostics)
            result.repairedBytes = repaired
            result.replacements = scan.replacements
            // Each U+FFFD before a line start moved it by two bytes.
            var moved = 0
            for line in scan.lineStarts.indices {
                while moved < scan.replacements.count, scan.replacements[moved] - 2 * moved < scan.lineStarts[line] {
                    moved += 1
                }
                scan.lineStarts[line] += 2 * moved
            }
        }
        result.lineStarts = scan.lineStarts
        noteLineEnds(input, lineStarts: inputStarts, path: path, lines: &lines, diagnostics: &diagnostics)
        if scan.mayHaveNUL { warnNUL(input, path: path, lines: &lines, diagnostics: &diagnostics) }
        // (The clean scan stops at any control character, so only unclean bytes are read for them.)
        if clean == nil, let found = ControlCharacters.scan(input) {
            diagnostics.append(
                ControlCharacters.diagnostic(
                    at: lines.location(at: found.offset, file: path), scalar: found.scalar, count: found.count))
        }
        return result
    }

    /// What `scan` found.
    private struct Scan {
        /// The offset of every line's first byte, in order (0 first).
        var lineStarts: [Int]
        /// A copy with U+FFFD in place of each invalid byte, when there is one.
        var repaired: [UInt8]?
        /// Where the copy has U+FFFD, in its own offsets.
        var replacements: [Int] = []
        /// The first `invalidReportLimit` invalid bytes (offset and value), and how many there are in all.
        var invalid: (first: [(offset: Int, byte: UInt8)], count: Int) = ([], 0)
        /// Whether a byte may be NUL.
        var mayHaveNUL = false
    }

    /// Reports the invalid bytes `scan` found, then how many more there are.
    private static func report(
        _ invalid: (first: [(offset: Int, byte: UInt8)], count: Int), path: String, lines: inout LineLocator,
        diagnostics: inout [Diagnostic]
    ) {
        for (offset, byte) in invalid.first {
            diagnostics.append(
                Diagnostic(
                    .error, .invalidUTF8, at: lines.location(at: offset, file: path),
                    "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true)); save the file as UTF-8 (it was replaced by U+FFFD)"
                ))
        }
        let more = invalid.count - invalidReportLimit
        if more > 0 {
            diagnostics.append(
                Diagnostic(
                    .error, .invalidUTF8, at: lines.location(at: 0, file: path),
                    "\(more) more invalid UTF-8 bytes in this file were replaced by U+FFFD"))
        }
    }

    /// What `scan` finds for bytes that are valid UTF-8 without NUL: only the line starts, found by
    /// `lectern_usfm_line_starts` 32 bytes a step; `nil` for other bytes, which `scan` reads, and for a file
    /// of more lines than `scan` would make room for at first (one every 40 bytes), which it reads growing
    /// its table as it goes.
    private static func cleanScan(_ input: UnsafeBufferPointer<UInt8>) -> Scan? {
        guard let base = input.baseAddress else { return nil }
        let capacity = input.count / 40 + 64
        var found = -1
        let starts = [Int](unsafeUninitializedCapacity: capacity + 1) { room, initialized in
            guard let first = room.baseAddress else { return }
            first.initialize(to: 0)
            found = first.advanced(by: 1).withMemoryRebound(to: Int64.self, capacity: capacity) {
                Int(lectern_usfm_line_starts(base, input.count, $0, capacity))
            }
            initialized = found >= 0 ? found + 1 : 1
        }
        return found >= 0 ? Scan(lineStarts: starts) : nil
    }

    /// Finds the line starts, checks the UTF-8 (making a repaired copy when a byte is invalid) and notes
    /// whether a byte is NUL, in one pass.
    private static func scan(_ input: UnsafeBufferPointer<UInt8>) -> Scan {
        var index = 0
        var result = Scan(lineStarts: [0])
        result.lineStarts.reserveCapacity(input.count / 40 + 1)
        var copiedUpTo = 0
        let count = input.count
        let raw = input.baseAddress.map { UnsafeRawPointer($0) }
        while index < count {
            // Thirty-two bytes at a time while they are ASCII: a word minus 0x20 in every byte, and not the
            // word, has a high bit set exactly when a byte is below 0x20 (a borrow starts only at such a
            // byte), given that the word has none set itself. Only then may a byte be a line feed or NUL,
            // found exactly the same way with 0x01 and by `ByteSearch.matches`.
            let ones: UInt64 = 0x0101_0101_0101_0101
            let high: UInt64 = 0x8080_8080_8080_8080
            if let raw, index + 32 <= count {
                let first = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
                let third = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self))
                let fourth = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self))
                if (first | second | third | fourth) & high == 0 {
                    let spaces = ones &* 0x20
                    let controls =
                        ((first &- spaces) & ~first) | ((second &- spaces) & ~second)
                        | ((third &- spaces) & ~third) | ((fourth &- spaces) & ~fourth)
                    if controls & high == 0 {
                        index += 32
                        continue
                    }
                    let nuls =
                        ((first &- ones) & ~first) | ((second &- ones) & ~second) | ((third &- ones) & ~third)
                        | ((fourth &- ones) & ~fourth)
                    if nuls & high == 0 {
                        appendLineStarts(feedsIn: first, at: index, to: &result.lineStarts)
                        appendLineStarts(feedsIn: second, at: index + 8, to: &result.lineStarts)
                        appendLineStarts(feedsIn: third, at: index + 16, to: &result.lineStarts)
                        appendLineStarts(feedsIn: fourth, at: index + 24, to: &result.lineStarts)
                        index += 32
                        continue
                    }
                }
            }
            if let raw, index + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let valid = validPrefix(word)
                if valid > 0 {
                    // A seventh byte that starts a sequence is no line feed.
                    appendLineStarts(feedsIn: word, at: index, to: &result.lineStarts)
                    index += valid
                    continue
                }
            }
            let byte = input[index]
            if byte < 0x80 {
                if byte == 0 { result.mayHaveNUL = true }
                if byte == 0x0A { result.lineStarts.append(index + 1) }
                index += 1
                continue
            }
            let length = validSequenceLength(input, at: index)
            if length > 0 {
                index += length
                continue
            }
            if result.repaired == nil {
                result.repaired = []
                result.repaired?.reserveCapacity(count + 16)
            }
            result.repaired?.append(contentsOf: input[copiedUpTo..<index])
            result.replacements.append(result.repaired?.count ?? 0)
            result.repaired?.append(contentsOf: [0xEF, 0xBF, 0xBD])
            if result.invalid.count < invalidReportLimit { result.invalid.first.append((index, byte)) }
            result.invalid.count += 1
            index += 1
            copiedUpTo = index
        }
        result.repaired?.append(contentsOf: input[copiedUpTo..<count])
        return result
    }

    /// How many of the eight bytes of `word` (read little-endian) are whole ASCII characters but NUL and
    /// two-byte sequences (U+0080–U+07FF: Hebrew, Greek, Cyrillic, Latin with diacritics): 8, or 7 when
    /// only the last byte starts a sequence, else 0 (the byte loop decides).
    ///
    /// Per byte, as its top bit: `lead` is 110xxxxx, `continuation` 10xxxxxx; each lead must be followed
    /// by a continuation and each continuation preceded by a lead (one byte later is eight bits higher).
    @inline(__always)
    static func validPrefix(_ word: UInt64) -> Int {
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        let lead = word & (word << 1) & ~(word << 2) & high
        let continuation = word & ~(word << 1) & high
        // Bytes of 111xxxxx (three- and four-byte leads, 0xF8 and above), 0xC0 and 0xC1 (overlong), and NUL.
        let long = word & (word << 1) & (word << 2) & high
        let overlong = ByteSearch.matches(of: 0xC0, in: word & 0xFEFE_FEFE_FEFE_FEFE)
        let nul = (word &- ones) & ~word & high
        // A last byte that starts a sequence is left to the next step: only its own check (0xC0, 0xC1) is
        // masked off, not whether it follows a lead.
        let lastIsLead = lead >> 63
        let lastMask: UInt64 = lastIsLead == 0 ? ~0 : 0x00FF_FFFF_FFFF_FFFF
        let unmatched = (continuation ^ (lead << 8)) | long | nul | (overlong & lastMask)
        return unmatched == 0 ? 8 &- Int(lastIsLead) : 0
    }

    /// Appends the line start after each line feed in the eight bytes at `offset`, `word` (read little-endian).
    @inline(__always)
    private static func appendLineStarts(feedsIn word: UInt64, at offset: Int, to starts: inout [Int]) {
        var found = ByteSearch.matches(of: 0x0A, in: word)
        while found != 0 {
            starts.append(offset + found.trailingZeroBitCount / 8 + 1)
            found &= found &- 1
        }
    }

    /// The length of the valid UTF-8 sequence starting at `index`, or 0 when it is invalid.
    private static func validSequenceLength(_ input: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = input[index]
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            upper = 0x9F
        case 0xF0:
            length = 4
            lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            upper = 0x8F
        default: return 0
        }
        guard index + length <= input.count else { return 0 }
        let second = input[index + 1]
        guard second >= lower && second <= upper else { return 0 }
        for offset in 2..<length where input[index + offset] & 0xC0 != 0x80 { return 0 }
        return length
    }

    /// One note each for CRLF line ends and for trailing spaces, at their first occurrence, with a count.
    ///
    /// Visits only the line feeds, which the scan already found (`lineStarts`, the input's).
    private static func noteLineEnds(
        _ input: UnsafeBufferPointer<UInt8>, lineStarts: [Int], path: String, lines: inout LineLocator,
        diagnostics: inout [Diagnostic]
    ) {
        var crlfCount = 0
        var firstCRLF = -1
        var trailingCount = 0
        var firstTrailing = -1
        for next in lineStarts.dropFirst() {
            // The line feed that ends the line before.
            var end = next - 1
            if end > 0, input[end - 1] == 0x0D {
                end -= 1
                crlfCount += 1
                if firstCRLF < 0 { firstCRLF = end }
            }
            if end > 0, input[end - 1] == 0x20 || input[end - 1] == 0x09 {
                trailingCount += 1
                if firstTrailing < 0 {
                    var start = end
                    while start > 0, input[start - 1] == 0x20 || input[start - 1] == 0x09 { start -= 1 }
                    firstTrailing = start
                }
            }
        }
        if firstCRLF >= 0 {
            diagnostics.append(
                Diagnostic(
                    .note, .crlfLineEnds, at: lines.location(at: firstCRLF, file: path),
                    "lines end with CRLF (\(crlfCount) \(crlfCount == 1 ? "line" : "lines")); read as LF"))
        }
        if firstTrailing >= 0 {
            diagnostics.append(
                Diagnostic(
                    .note, .trailingSpaces, at: lines.location(at: firstTrailing, file: path),
                    "lines end with spaces (\(trailingCount) \(trailingCount == 1 ? "line" : "lines")); they are insignificant and ignored"
                ))
        }
    }

    /// One warning for NUL characters, at the first, with a count. NUL is valid UTF-8 but never text.
    private static func warnNUL(
        _ input: UnsafeBufferPointer<UInt8>, path: String, lines: inout LineLocator, diagnostics: inout [Diagnostic]
    ) {
        guard let first = firstNUL(input) else { return }
        let count = input[first...].count { $0 == 0 }
        diagnostics.append(
            Diagnostic(
                .warning, .nulCharacter, at: lines.location(at: first, file: path),
                "a NUL character (U+0000) in the text (\(count) in the file); remove it"))
    }

    /// The index of the first NUL byte, eight bytes at a time.
    private static func firstNUL(_ input: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = input.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let count = input.count
        var index = 0
        while index + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            // A byte is zero exactly when this sets its high bit (no false positive before the first zero byte).
            if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { break }
            index += 8
        }
        while index < count {
            if input[index] == 0 { return index }
            index += 1
        }
        return nil
    }
}
