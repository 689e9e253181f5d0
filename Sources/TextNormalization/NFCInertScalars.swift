/// The Basic Multilingual Plane scalars that NFC never changes and that never
/// combine with the scalar before them, as a bit set built once from the standard
/// library's Unicode properties.
///
/// A scalar is inert when it is assigned, has canonical combining class 0 and is
/// not a full composition exclusion (so its NFC quick check value is Yes), and it
/// lies outside U+0900–U+1DFF, the blocks holding every BMP scalar of class 0 that
/// can be the second half of a canonical composition (Indic vowel signs, Hangul
/// medial and final jamo). Text made only of inert scalars is NFC by the quick
/// check: Latin, Greek, Cyrillic, Hebrew letters, CJK, Hangul syllables and
/// general punctuation such as ’ and “ pass without ICU; combining marks do not.
struct NFCInertScalars: Sendable {
    static let shared = NFCInertScalars()

    private let words: [UInt64]

    private init() {
        var words = [UInt64](repeating: 0, count: 0x10000 / 64)
        for value in UInt32(0)..<0x10000 {
            guard !(0x0900..<0x1E00).contains(value), let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            guard properties.canonicalCombiningClass == .notReordered, !properties.isFullCompositionExclusion else {
                continue
            }
            switch properties.generalCategory {
            case .unassigned, .privateUse, .surrogate: continue
            default: break
            }
            words[Int(value) >> 6] |= 1 << UInt64(value & 63)
        }
        self.words = words
    }

    /// Whether a BMP scalar value is inert.
    func contains(_ value: UInt32) -> Bool {
        guard value < 0x10000 else { return false }
        return words[Int(value) >> 6] & (1 << UInt64(value & 63)) != 0
    }

    /// Whether every scalar of valid UTF-8 is inert (`false` for anything else, including invalid UTF-8).
    func containsOnlyInert(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            let value: UInt32
            if lead < 0x80 {
                index += 1
                continue
            } else if lead < 0xE0 {
                guard lead >= 0xC2, index + 1 < count, bytes[index + 1] & 0xC0 == 0x80 else { return false }
                value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                index += 2
            } else if lead < 0xF0 {
                guard index + 2 < count, bytes[index + 1] & 0xC0 == 0x80, bytes[index + 2] & 0xC0 == 0x80 else {
                    return false
                }
                value =
                    UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                // Overlong forms and surrogates are invalid UTF-8: ICU decides.
                guard value >= 0x800, !(0xD800..<0xE000).contains(value) else { return false }
                index += 3
            } else {
                return false
            }
            guard contains(value) else { return false }
        }
        return true
    }
}
