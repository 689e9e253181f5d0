import CUnicodeShim

/// How many columns text takes in a terminal, for aligning book names in columns.
public enum DisplayWidth {
    /// The columns `text` takes: 2 for wide and fullwidth characters (CJK, Hangul syllables, fullwidth
    /// forms), 0 for combining marks, format characters and controls, 1 for the rest.
    ///
    /// Calls `lectern_display_width` (ICU's `u_getIntPropertyValue` with `UCHAR_EAST_ASIAN_WIDTH`);
    /// plain ASCII is counted without ICU.
    /// - Complexity: O(n) in the UTF-8 length.
    public static func of(_ text: String) -> Int {
        var copy = text
        return copy.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return bytes.count }
            return Int(lectern_display_width(base, Int32(clamping: bytes.count)))
        }
    }
}
