/// The encoding a file's first bytes say it is in: the one encoding sniffer of the readers (USFM, USX, USJ
/// and the version reader that picks among them).
///
/// A byte order mark decides; without one, the zero bytes of the first two characters do, as XML 1.0
/// (Appendix F) has it for `<?`: every format Lectern reads starts with an ASCII character (`<`, `\`, `{`
/// or white space), whose UTF-16 or UTF-32 form has zero bytes where its UTF-8 has none. Anything else is
/// read as UTF-8 (a NUL byte there is then reported as one).
package enum TextEncoding: Sendable, Hashable {
    /// UTF-8 (or any 8-bit text), after a byte order mark when `byteOrderMark`.
    case utf8(byteOrderMark: Bool)
    /// UTF-16, by its byte order mark or its zero bytes.
    case utf16(bigEndian: Bool)
    /// UTF-32, by its byte order mark or its zero bytes.
    case utf32(bigEndian: Bool)

    /// The encoding of the text that starts with `bytes` (its first four bytes are enough).
    ///
    /// - Complexity: O(1).
    package static func sniff(_ bytes: UnsafeBufferPointer<UInt8>) -> TextEncoding {
        // The first four bytes, -1 past the end.
        let b = (0..<4).map { $0 < bytes.count ? Int(bytes[$0]) : -1 } as [Int]
        // Byte order marks, the four-byte ones first (FF FE 00 00 is UTF-32's, not UTF-16's then a NUL).
        if b[0] == 0x00, b[1] == 0x00, b[2] == 0xFE, b[3] == 0xFF { return .utf32(bigEndian: true) }
        if b[0] == 0xFF, b[1] == 0xFE, b[2] == 0x00, b[3] == 0x00 { return .utf32(bigEndian: false) }
        if b[0] == 0xFE, b[1] == 0xFF { return .utf16(bigEndian: true) }
        if b[0] == 0xFF, b[1] == 0xFE { return .utf16(bigEndian: false) }
        if b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { return .utf8(byteOrderMark: true) }
        // The first two characters' zero bytes (XML 1.0, Appendix F), four bytes of them.
        guard b[3] >= 0 else { return .utf8(byteOrderMark: false) }
        switch (b[0] == 0, b[1] == 0, b[2] == 0, b[3] == 0) {
        case (true, true, true, false): return .utf32(bigEndian: true)
        case (false, true, true, true): return .utf32(bigEndian: false)
        case (true, false, true, false): return .utf16(bigEndian: true)
        case (false, true, false, true): return .utf16(bigEndian: false)
        default: return .utf8(byteOrderMark: false)
        }
    }

    /// `sniff` of an array's bytes.
    package static func sniff(_ bytes: [UInt8]) -> TextEncoding {
        bytes.withUnsafeBufferPointer { sniff($0) }
    }

    /// How many bytes the byte order mark of UTF-8 text takes (3, or 0 without one; 0 for the wide encodings,
    /// which Lectern does not read).
    package var byteOrderMarkLength: Int {
        if case .utf8(byteOrderMark: true) = self { return 3 }
        return 0
    }

    /// The name of a UTF-16 or UTF-32 encoding, for a message (`UTF-16 (little-endian)`); nil for UTF-8,
    /// the encoding Lectern reads.
    package var wideName: String? {
        switch self {
        case .utf8: nil
        case .utf16(let bigEndian): "UTF-16 (\(bigEndian ? "big" : "little")-endian)"
        case .utf32(let bigEndian): "UTF-32 (\(bigEndian ? "big" : "little")-endian)"
        }
    }
}
