import CByteScan
import LecternKernels
import ScriptureModel

/// What the bytes of a file say before any XML is read: empty, not XML, wrong
/// encoding, byte order mark, CRLF line ends, invalid UTF-8, NUL bytes, a start tag
/// with more attributes than Lectern reads.
struct InputCheck {
    /// Diagnostics about the bytes, in file order.
    var diagnostics: [Diagnostic] = []
    /// Whether the file cannot be read as USX at all (empty, UTF-16 or UTF-32, not XML, a crowded tag).
    var isUnreadable = false
    /// The bytes to parse when some could not be: each invalid UTF-8 byte and each NUL becomes U+FFFD.
    var repaired: [UInt8]?
    /// Offsets in `repaired` where a replacement starts (each adds two bytes).
    var replacements: [Int] = []

    /// At most this many damaged places are reported one by one.
    static let reportedDamage = 10

    /// At most this many attributes are read in one start tag. USX elements have a few; libxml2 2.9 checks a
    /// tag's attributes for duplicates pairwise, so that one tag of a million attributes (a 10 MB file) would
    /// take many minutes.
    static let attributeLimit = 1024

    /// A run of bytes that cannot be parsed: invalid UTF-8, or a NUL, which XML does not allow.
    struct Damage {
        /// The bytes, in the file.
        var range: Range<Int>
        /// Whether it is a NUL byte (valid UTF-8, but not XML).
        var isNUL: Bool
    }

    /// Checks `bytes`, read from `path`.
    ///
    /// - Complexity: O(n), at memory speed when the file is sound.
    init(_ bytes: UnsafeBufferPointer<UInt8>, path: String) {
        let start = SourceLocation(file: path, line: 1, column: 1, offset: 0)
        let encoding = TextEncoding.sniff(bytes)
        if let wide = encoding.wideName {
            diagnostics.append(.notUTF8(wide, file: path))
            isUnreadable = true
            return
        }
        let hasBOM = encoding.byteOrderMarkLength > 0
        guard let first = bytes.dropFirst(encoding.byteOrderMarkLength).first(where: { !USXBuilder.isSpace($0) }) else {
            diagnostics.append(
                Diagnostic(
                    .error, .emptyFile, at: start, "the file is empty; a USX file holds <usx version=\"3.0\">…</usx>"))
            isUnreadable = true
            return
        }
        if first != UInt8(ascii: "<") {
            diagnostics.append(
                Diagnostic(
                    .error, .notUSX, at: start,
                    "the file does not start with \"<\", so it is not XML and not USX (is it USFM?)"))
            isUnreadable = true
            return
        }
        if hasBOM {
            diagnostics.append(
                Diagnostic(
                    .note, .byteOrderMark, at: start, "the file starts with a UTF-8 byte order mark (allowed in XML)"))
        }
        // One pass says whether the bytes are sound and bounds the attributes of any one start tag.
        var crowding: Int64 = 0
        let clean = bytes.baseAddress.map { lectern_utf8_check_markup($0, bytes.count, &crowding) == 1 } ?? true
        let damage = clean ? [] : Self.damage(bytes)
        // The control characters XML allows (DEL, C1): libxml2 reports the others as malformed XML.
        let controls = clean ? nil : ControlCharacters.scan(bytes) { !ControlCharacters.isForbiddenInXML($0) }
        if !damage.isEmpty { repair(bytes, damage) }
        // (The count may fall short of a stretch's by 62: see `lectern_utf8_check_markup`.)
        if crowding + 62 > Self.attributeLimit {
            let replacements = replacements
            let crowded = { (buffer: UnsafeBufferPointer<UInt8>) -> Diagnostic? in
                guard let tag = Self.crowdedTag(buffer) else { return nil }
                var locator = SourceLocator(path: path, bytes: buffer, replacements: replacements)
                return Diagnostic(
                    .error, .malformedXML, at: locator.location(at: tag.offset),
                    "a start tag with \(tag.count) attributes; USX elements have a few, and Lectern reads at most "
                        + "\(Self.attributeLimit) in one tag, so the file is not read")
            }
            if let found = repaired.map({ $0.withUnsafeBufferPointer(crowded) }) ?? crowded(bytes) {
                diagnostics.append(found)
                isUnreadable = true
                return
            }
        }
        let original = bytes
        let replacements = replacements
        let check = { (buffer: UnsafeBufferPointer<UInt8>) -> [Diagnostic] in
            var locator = SourceLocator(path: path, bytes: buffer, replacements: replacements)
            var found = Self.located(original, damage: damage, locator: &locator)
            if let controls {
                // (An offset in the file; the locator reads the bytes parsed, which a repair may have moved.)
                var moved = 0
                for replacement in replacements where replacement - moved < controls.offset { moved += 2 }
                found.append(
                    ControlCharacters.diagnostic(
                        at: locator.location(at: controls.offset + moved), scalar: controls.scalar,
                        count: controls.count))
            }
            return found
        }
        diagnostics += repaired.map { $0.withUnsafeBufferPointer(check) } ?? check(bytes)
    }

    /// The diagnostics that need a location, found with `locator` over the bytes being parsed.
    private static func located(
        _ bytes: UnsafeBufferPointer<UInt8>, damage: [Damage], locator: inout SourceLocator
    ) -> [Diagnostic] {
        var found: [Diagnostic] = []
        // Each replaced byte before an offset moved it two bytes on in the repaired buffer.
        func parsedOffset(_ offset: Int) -> Int {
            offset + 2 * damage.reduce(0) { $0 + max(0, min($1.range.upperBound, offset) - $1.range.lowerBound) }
        }
        if let declared = declaredEncoding(bytes), !["utf-8", "utf8"].contains(declared.name.lowercased()) {
            found.append(
                Diagnostic(
                    .warning, .malformedXML, at: locator.location(at: parsedOffset(declared.offset)),
                    "the XML declaration says encoding=\"\(declared.name)\"; USX is UTF-8 and is read as UTF-8"))
        }
        for item in damage.prefix(reportedDamage) {
            let location = locator.location(at: parsedOffset(item.range.lowerBound))
            if item.isNUL {
                found.append(
                    Diagnostic(
                        .error, .malformedXML, at: location, "a NUL byte, which XML does not allow; read as U+FFFD"))
            } else {
                let shown = bytes[item.range].map { "0x" + String($0, radix: 16, uppercase: true) }.joined(
                    separator: " ")
                found.append(
                    Diagnostic(
                        .error, .invalidUTF8, at: location, "invalid UTF-8 (\(shown)), read as U+FFFD; save as UTF-8"))
            }
        }
        if damage.count > reportedDamage, let last = damage.last {
            found.append(
                Diagnostic(
                    .error, .invalidUTF8, at: locator.location(at: parsedOffset(last.range.lowerBound)),
                    "\(damage.count - reportedDamage) more invalid UTF-8 sequences or NUL bytes up to here"))
        }
        if let crlf = firstCRLF(bytes) {
            found.append(
                Diagnostic(
                    .note, .crlfLineEnds, at: locator.location(at: parsedOffset(crlf)),
                    "lines end with CRLF (allowed in XML)"))
        }
        return found
    }

    /// Copies `bytes` with every damaged byte replaced by U+FFFD.
    private mutating func repair(_ bytes: UnsafeBufferPointer<UInt8>, _ damage: [Damage]) {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 2 * damage.reduce(0) { $0 + $1.range.count })
        var copied = 0
        for item in damage {
            output.append(contentsOf: bytes[copied..<item.range.lowerBound])
            for _ in item.range {
                replacements.append(output.count)
                output.append(contentsOf: [0xEF, 0xBF, 0xBD])
            }
            copied = item.range.upperBound
        }
        output.append(contentsOf: bytes[copied..<bytes.count])
        repaired = output
    }

    /// The first start tag with more than `attributeLimit` attributes (`=` signs outside its quoted values):
    /// its offset (at its `<`) and how many it has. Comments, CDATA sections, processing instructions and
    /// declarations are passed over.
    ///
    /// - Complexity: O(n), a byte at a time; run only when `lectern_utf8_check_markup` found a crowded stretch.
    static func crowdedTag(_ bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, count: Int)? {
        func starts(_ utf8: [UInt8], at index: Int) -> Bool {
            index + utf8.count <= bytes.count && bytes[index..<(index + utf8.count)].elementsEqual(utf8)
        }
        func skip(past end: [UInt8], from index: Int) -> Int {
            var index = index
            while let found = nextOffset(of: end[0], in: bytes, from: index) {
                if starts(end, at: found) { return found + end.count }
                index = found + 1
            }
            return bytes.count
        }
        let (comment, commentEnd) = (Array("<!--".utf8), Array("-->".utf8))
        let (cdata, cdataEnd) = (Array("<![CDATA[".utf8), Array("]]>".utf8))
        let (instruction, instructionEnd) = (Array("<?".utf8), Array("?>".utf8))
        let (declaration, endTag, close) = (Array("<!".utf8), Array("</".utf8), Array(">".utf8))
        var index = 0
        while let found = nextOffset(of: UInt8(ascii: "<"), in: bytes, from: index) {
            if starts(comment, at: found) {
                index = skip(past: commentEnd, from: found + comment.count)
            } else if starts(cdata, at: found) {
                index = skip(past: cdataEnd, from: found + cdata.count)
            } else if starts(instruction, at: found) {
                index = skip(past: instructionEnd, from: found + instruction.count)
            } else if starts(declaration, at: found) || starts(endTag, at: found) {
                index = skip(past: close, from: found + 2)
            } else {
                // A start tag: its `=` signs outside quotes, up to its `>`.
                var count = 0
                var quote: UInt8 = 0
                index = found + 1
                while index < bytes.count {
                    let byte = bytes[index]
                    if quote != 0 {
                        if byte == quote { quote = 0 }
                    } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        quote = byte
                    } else if byte == UInt8(ascii: "=") {
                        count += 1
                    } else if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<") {
                        break
                    }
                    index += 1
                }
                if count > attributeLimit { return (found, count) }
            }
        }
        return nil
    }

    /// The byte runs that are not valid UTF-8, and the NUL bytes, in order.
    ///
    /// Eight bytes at a time are skipped while they are ASCII; only the runs between ASCII words are
    /// validated (each starts after an ASCII byte and ends before one, so its sequences are whole).
    static func damage(_ bytes: UnsafeBufferPointer<UInt8>) -> [Damage] {
        var found: [Damage] = []
        guard let base = bytes.baseAddress else { return found }
        let raw = UnsafeRawPointer(base)
        let highs: UInt64 = 0x8080_8080_8080_8080
        let span = bytes.span
        var index = 0
        while index < bytes.count {
            while index + 8 <= bytes.count && raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & highs == 0 {
                index += 8
            }
            var end = index + 8
            while end + 8 <= bytes.count && raw.loadUnaligned(fromByteOffset: end, as: UInt64.self) & highs != 0 {
                end += 8
            }
            end = min(end, bytes.count)
            var start = index
            while start < end {
                do throws(UTF8.ValidationError) {
                    _ = try UTF8Span(validating: span.extracting(start..<end))
                    break
                } catch {
                    let bad = (start + error.byteOffsets.lowerBound)..<(start + error.byteOffsets.upperBound)
                    found.append(Damage(range: bad, isNUL: false))
                    start = max(bad.upperBound, start + 1)
                }
            }
            index = end
        }
        let nuls = nulOffsets(bytes)
        guard !nuls.isEmpty else { return found }
        return (found + nuls.map { Damage(range: $0..<($0 + 1), isNUL: true) }).sorted {
            $0.range.lowerBound < $1.range.lowerBound
        }
    }

    /// The offsets of NUL bytes.
    static func nulOffsets(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var offsets: [Int] = []
        var index = 0
        while let found = nextOffset(of: 0, in: bytes, from: index) {
            offsets.append(found)
            index = found + 1
        }
        return offsets
    }

    /// The offset of the first CR LF pair, if any.
    static func firstCRLF(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while let found = nextOffset(of: 0x0D, in: bytes, from: index) {
            if found + 1 < bytes.count && bytes[found + 1] == 0x0A { return found }
            index = found + 1
        }
        return nil
    }

    /// The offset of the next byte equal to `value` from `start` on (memchr).
    static func nextOffset(of value: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, start >= 0, start < bytes.count else { return nil }
        let found = lectern_bytes_find(base + start, bytes.count - start, value)
        return found < 0 ? nil : start + Int(found)
    }

    /// The encoding named in the XML declaration (`<?xml version="1.0" encoding="…"?>`) and where the name is.
    static func declaredEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> (name: String, offset: Int)? {
        let head = Array(bytes.prefix(256))
        let start = TextEncoding.sniff(bytes).byteOrderMarkLength
        guard head[start...].starts(with: Array("<?xml".utf8)),
            let end = head.indices.first(where: { $0 > start + 1 && head[$0...].starts(with: [0x3F, 0x3E]) })
        else { return nil }
        let declaration = head[start..<end]
        let key = Array("encoding".utf8)
        guard let keyStart = declaration.indices.first(where: { declaration[$0...].starts(with: key) }) else {
            return nil
        }
        var index = keyStart + key.count
        while index < end && (USXBuilder.isSpace(head[index]) || head[index] == UInt8(ascii: "=")) { index += 1 }
        guard index < end, head[index] == UInt8(ascii: "\"") || head[index] == UInt8(ascii: "'") else { return nil }
        let quote = head[index]
        let nameStart = index + 1
        guard let nameEnd = head[nameStart..<end].firstIndex(of: quote) else { return nil }
        return (String(decoding: head[nameStart..<nameEnd], as: UTF8.self), nameStart)
    }
}
