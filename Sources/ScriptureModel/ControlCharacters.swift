/// Control characters in text: C0 controls other than tab, line feed and carriage return, DEL, C1 controls,
/// and the noncharacters U+FFFE and U+FFFF. None is text; on a terminal they ring the bell, move the cursor
/// or change colours (`ESC [31m`), and XML 1.0 forbids the C0 ones and U+FFFE/U+FFFF outright, so a file
/// that holds them is reported (`control-character`) in every format, and what Lectern writes escapes them.
public enum ControlCharacters {
    /// Whether `value` is such a character (NUL included: each format reports it as it always has).
    @inlinable
    public static func contains(_ value: UInt32) -> Bool {
        if value < 0x20 { return value != 0x09 && value != 0x0A && value != 0x0D }
        return (0x7F...0x9F).contains(value) || value == 0xFFFE || value == 0xFFFF
    }

    /// Whether XML 1.0 forbids `value` in a document, even as a character reference: the C0 controls but tab,
    /// line feed and carriage return, and U+FFFE and U+FFFF (DEL and the C1 controls are allowed).
    @inlinable
    public static func isForbiddenInXML(_ value: UInt32) -> Bool {
        value < 0x20 ? value != 0x09 && value != 0x0A && value != 0x0D : value == 0xFFFE || value == 0xFFFF
    }

    /// The first control character in UTF-8 `bytes` other than NUL (offset and scalar) and how many there
    /// are, or nil; `where` picks which count (all by default). Invalid sequences are stepped over.
    ///
    /// - Complexity: O(n), a byte at a time: callers run it only on bytes a fast check found unclean.
    public static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, where wanted: (UInt32) -> Bool = { _ in true }
    ) -> (offset: Int, scalar: UInt32, count: Int)? {
        var first: (offset: Int, scalar: UInt32)?
        var count = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            var value: UInt32 = 0
            var length = 1
            if byte < 0x80 {
                value = UInt32(byte)
            } else if byte == 0xC2, index + 1 < bytes.count {
                value = UInt32(bytes[index + 1] & 0x3F) | 0x80
                length = 2
            } else if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF {
                value = 0xFFC0 | UInt32(bytes[index + 2] & 0x3F)
                length = 3
            }
            if value != 0, contains(value), wanted(value) {
                if first == nil { first = (index, value) }
                count += 1
            }
            index += length
        }
        return first.map { ($0.offset, $0.scalar, count) }
    }

    /// `U+001B`: how a diagnostic names one.
    public static func name(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The one warning a file gets: at its first control character, with the count.
    public static func diagnostic(at location: SourceLocation, scalar: UInt32, count: Int) -> Diagnostic {
        Diagnostic(
            .warning, .controlCharacter, at: location,
            "a control character (\(name(scalar))) in the text (\(count) in the file); it is not text: remove it "
                + "(USX written from it has U+FFFD in its place, and a terminal shows it escaped)")
    }
}
