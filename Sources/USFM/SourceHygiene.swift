import ScriptureModel

/// The byte-level checks made before parsing: empty input, byte order mark,
/// invalid UTF-8 (repaired to U+FFFD), CRLF line ends, trailing spaces and NUL characters.
struct SourceHygiene {
    /// Whether the file has no content at all.
    var isEmpty = false
    /// Where parsing starts (after a byte order mark).
    var contentStart = 0
    /// A copy with invalid UTF-8 replaced, when the input had any.
    var repairedBytes: [UInt8]?
    /// Where the copy has U+FFFD in place of an invalid byte (for `LineTable` to give the file's offsets).
    var replacements: [Int] = []

    /// At most this many invalid sequences are reported one by one.
    static let invalidReportLimit = 20

    static func inspect(
        _ input: UnsafeBufferPointer<UInt8>, table: LineTable, diagnostics: inout [Diagnostic]
    ) -> SourceHygiene {
        var result = SourceHygiene()
        if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF {
            result.contentStart = 3
            diagnostics.append(
                Diagnostic(
                    .note, .byteOrderMark, at: table.location(of: 0, in: input),
                    "file starts with a UTF-8 byte order mark; it is ignored (USFM files should not have one)"))
        }
        if !input[result.contentStart...].contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) {
            result.isEmpty = true
            diagnostics.append(
                Diagnostic(
                    .error, .emptyFile, at: table.location(of: 0, in: input),
                    "file is empty; a USFM file starts with \\id and a book code"))
            return result
        }
        var mayHaveNUL = false
        result.repairedBytes = repairInvalidUTF8(
            input, table: table, replacements: &result.replacements, mayHaveNUL: &mayHaveNUL,
            diagnostics: &diagnostics)
        noteLineEnds(input, table: table, diagnostics: &diagnostics)
        if mayHaveNUL { warnNUL(input, table: table, diagnostics: &diagnostics) }
        return result
    }

    /// Returns a repaired copy when the input has invalid UTF-8, reporting each bad sequence; sets
    /// `mayHaveNUL` when a byte is NUL.
    private static func repairInvalidUTF8(
        _ input: UnsafeBufferPointer<UInt8>, table: LineTable, replacements: inout [Int], mayHaveNUL: inout Bool,
        diagnostics: inout [Diagnostic]
    ) -> [UInt8]? {
        var index = 0
        var repaired: [UInt8]?
        var copiedUpTo = 0
        var reported = 0
        let count = input.count
        let raw = input.baseAddress.map { UnsafeRawPointer($0) }
        while index < count {
            // Thirty-two, then eight bytes at a time while they are ASCII but NUL: a word minus 0x01 in
            // every byte has no high bit set exactly when no byte is 0 (a borrow starts only at a 0),
            // given that the word has none set itself.
            let ones: UInt64 = 0x0101_0101_0101_0101
            if let raw, index + 32 <= count {
                let first = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let second = raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                let third = raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
                let fourth = raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)
                let words = first | second | third | fourth
                let borrows = (first &- ones) | (second &- ones) | (third &- ones) | (fourth &- ones)
                if (words | borrows) & 0x8080_8080_8080_8080 == 0 {
                    index += 32
                    continue
                }
            }
            if let raw, index + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if (word | (word &- ones)) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            let byte = input[index]
            if byte < 0x80 {
                if byte == 0 { mayHaveNUL = true }
                index += 1
                continue
            }
            let length = validSequenceLength(input, at: index)
            if length > 0 {
                index += length
                continue
            }
            if repaired == nil {
                repaired = []
                repaired?.reserveCapacity(count + 16)
            }
            repaired?.append(contentsOf: input[copiedUpTo..<index])
            replacements.append(repaired?.count ?? 0)
            repaired?.append(contentsOf: [0xEF, 0xBF, 0xBD])
            if reported < invalidReportLimit {
                diagnostics.append(
                    Diagnostic(
                        .error, .invalidUTF8, at: table.location(of: index, in: input),
                        "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true)); save the file as UTF-8 (it was replaced by U+FFFD)"
                    ))
            }
            reported += 1
            index += 1
            copiedUpTo = index
        }
        guard var result = repaired else { return nil }
        result.append(contentsOf: input[copiedUpTo..<count])
        if reported > invalidReportLimit {
            diagnostics.append(
                Diagnostic(
                    .error, .invalidUTF8, at: table.location(of: 0, in: input),
                    "\(reported - invalidReportLimit) more invalid UTF-8 bytes in this file were replaced by U+FFFD"))
        }
        return result
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
    /// Visits only the line feeds, which the line table already found.
    private static func noteLineEnds(
        _ input: UnsafeBufferPointer<UInt8>, table: LineTable, diagnostics: inout [Diagnostic]
    ) {
        var crlfCount = 0
        var firstCRLF = -1
        var trailingCount = 0
        var firstTrailing = -1
        for line in 2..<(table.lineCount + 1) {
            // The line feed that ends the line before.
            guard let next = table.startOfLine(line) else { break }
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
                    .note, .crlfLineEnds, at: table.location(of: firstCRLF, in: input),
                    "lines end with CRLF (\(crlfCount) \(crlfCount == 1 ? "line" : "lines")); read as LF"))
        }
        if firstTrailing >= 0 {
            diagnostics.append(
                Diagnostic(
                    .note, .trailingSpaces, at: table.location(of: firstTrailing, in: input),
                    "lines end with spaces (\(trailingCount) \(trailingCount == 1 ? "line" : "lines")); they are insignificant and ignored"
                ))
        }
    }

    /// One warning for NUL characters, at the first, with a count. NUL is valid UTF-8 but never text.
    private static func warnNUL(
        _ input: UnsafeBufferPointer<UInt8>, table: LineTable, diagnostics: inout [Diagnostic]
    ) {
        guard let first = firstNUL(input) else { return }
        let count = input[first...].count { $0 == 0 }
        diagnostics.append(
            Diagnostic(
                .warning, .nulCharacter, at: table.location(of: first, in: input),
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
