import CUnicodeShim

/// BCP 47 language tags (`en`, `en-US`, `zh-Hant-TW`, `grc`, `und`), checked and canonicalised by ICU.
public enum LanguageTag {
    /// The canonical form of a well-formed tag (`EN-us` → `en-US`), or nil when `tag` is not one.
    ///
    /// Calls `lectern_language_tag_canonical` (ICU's `uloc_forLanguageTag`, which must read the whole
    /// tag, then `uloc_toLanguageTag`). On top of ICU's syntax check, the primary language subtag must be
    /// two or three letters (an ISO 639 code; `und` for undetermined): BCP 47 also allows five to eight
    /// letters, but none is registered, so `english` is refused rather than taken as a language.
    /// Underscores are refused: `en_US` is a POSIX/ICU locale id, not a BCP 47 tag (write `en-US`).
    public static func canonical(_ tag: String) -> String? {
        var copy = tag
        return copy.withUTF8 { bytes -> String? in
            guard let base = bytes.baseAddress, !bytes.isEmpty, bytes.count <= 200 else { return nil }
            let primary = bytes.prefix { $0 != UInt8(ascii: "-") }
            let isLetter = { (byte: UInt8) in (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
            guard (2...3).contains(primary.count), primary.allSatisfy(isLetter) else { return nil }
            var capacity = 64
            while true {
                var needed: Int32 = 0
                let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                    needed = lectern_language_tag_canonical(
                        base, Int32(bytes.count), buffer.baseAddress, Int32(capacity))
                    initialized = needed >= 0 && Int(needed) <= capacity ? Int(needed) : 0
                }
                if needed < 0 { return nil }
                if Int(needed) <= capacity { return String(decoding: output, as: UTF8.self) }
                capacity = Int(needed)
            }
        }
    }
}
