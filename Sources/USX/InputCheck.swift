import ScriptureModel

/// What the bytes of a file say before any XML is read: empty, wrong encoding,
/// byte order mark, CRLF line ends, invalid UTF-8.
struct InputCheck {
    /// Diagnostics about the bytes, in file order.
    var diagnostics: [Diagnostic] = []
    /// Whether the file cannot be read as XML at all (empty, UTF-16 or UTF-32).
    var isUnreadable = false
    /// The bytes to parse when some were invalid UTF-8: each invalid byte becomes U+FFFD.
    var repaired: [UInt8]?
    /// Offsets in `repaired` where a replacement starts (each adds two bytes).
    var replacements: [Int] = []

    /// At most this many invalid UTF-8 sequences are reported one by one.
    static let reportedInvalidSequences = 10

    /// Checks `bytes`, read from `path`.
    ///
    /// - Complexity: O(n); UTF-8 validation runs at memory speed when the file is valid.
    init(_ bytes: UnsafeBufferPointer<UInt8>, path: String) {
        var locator = SourceLocator(path: path, bytes: bytes)
        let start = SourceLocation(file: path, line: 1, column: 1, offset: 0)
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            diagnostics.append(
                Diagnostic(.error, .emptyFile, at: start, "the file is empty; a USX file holds <usx version=\"3.0\">…</usx>"))
            isUnreadable = true
            return
        }
        if let encoding = Self.wideEncoding(bytes) {
            diagnostics.append(
                Diagnostic(.error, .invalidUTF8, at: start, "the file is \(encoding), not UTF-8; save it as UTF-8"))
            isUnreadable = true
            return
        }
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            diagnostics.append(
                Diagnostic(.note, .byteOrderMark, at: start, "the file starts with a UTF-8 byte order mark (allowed in XML)"))
        }
        if let crlf = Self.firstCRLF(bytes) {
            diagnostics.append(
                Diagnostic(.note, .crlfLineEnds, at: locator.location(at: crlf), "lines end with CRLF (allowed in XML)"))
        }
        let invalid = Self.invalidRanges(bytes)
        guard !invalid.isEmpty else { return }
        for range in invalid.prefix(Self.reportedInvalidSequences) {
            let shown = bytes[range].map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            diagnostics.append(
                Diagnostic(
                    .error, .invalidUTF8, at: locator.location(at: range.lowerBound),
                    "invalid UTF-8 (\(shown)), read as U+FFFD; save the file as UTF-8"))
        }
        if invalid.count > Self.reportedInvalidSequences, let last = invalid.last {
            let more = invalid.count - Self.reportedInvalidSequences
            diagnostics.append(
                Diagnostic(
                    .error, .invalidUTF8, at: locator.location(at: last.lowerBound),
                    "\(more) more invalid UTF-8 sequences up to here, read as U+FFFD"))
        }
        repair(bytes, invalid)
    }

    /// Copies `bytes` with every byte of the invalid ranges replaced by U+FFFD.
    private mutating func repair(_ bytes: UnsafeBufferPointer<UInt8>, _ invalid: [Range<Int>]) {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 6 * invalid.count)
        var copied = 0
        for range in invalid {
            output.append(contentsOf: bytes[copied..<range.lowerBound])
            for _ in range {
                replacements.append(output.count)
                output.append(contentsOf: [0xEF, 0xBF, 0xBD])
            }
            copied = range.upperBound
        }
        output.append(contentsOf: bytes[copied..<bytes.count])
        repaired = output
    }

    /// The byte ranges that are not valid UTF-8, in order.
    static func invalidRanges(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        let span = bytes.span
        while start < span.count {
            do throws(UTF8.ValidationError) {
                _ = try UTF8Span(validating: span.extracting(start...))
                break
            } catch {
                let bad = (start + error.byteOffsets.lowerBound)..<(start + error.byteOffsets.upperBound)
                ranges.append(bad)
                start = max(bad.upperBound, start + 1)
            }
        }
        return ranges
    }

    /// The offset of the first CR LF pair, if any.
    static func firstCRLF(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count >= 2 else { return nil }
        for index in 0..<(bytes.count - 1) where bytes[index] == 0x0D && bytes[index + 1] == 0x0A {
            return index
        }
        return nil
    }

    /// The name of a UTF-16 or UTF-32 encoding the file starts with, by byte order mark or zero bytes.
    static func wideEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let head = Array(bytes.prefix(4))
        if head.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            return "UTF-32"
        }
        if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) { return "UTF-16" }
        if head.count == 4 && head.contains(0) { return head.filter { $0 == 0 }.count == 3 ? "UTF-32" : "UTF-16" }
        return nil
    }
}
