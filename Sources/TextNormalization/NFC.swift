import CUnicodeShim

/// Unicode Normalization Form C, the form Lectern stores all text in.
public enum NFC {
    /// Whether bytes could be non-NFC at all: only a scalar of U+0300 or above
    /// (UTF-8 lead byte 0xCC or more) can change under NFC or combine with what
    /// precedes it, so text without such bytes is NFC as it is.
    ///
    /// - Complexity: O(n), a byte scan.
    @inlinable
    public static func mayNeedNormalization(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte >= 0xCC { return true }
        return false
    }

    /// Whether valid UTF-8 bytes are NFC by the tables alone, without ICU: every scalar is inert, or a
    /// Hebrew accent or point (U+0591–U+05C7, which never compose) with the marks after each starter in
    /// canonical order (see `NFCInertScalars.isKnownNormalized`). `false` means "ask ICU", not "not NFC".
    ///
    /// - Complexity: O(n), one table look-up per scalar.
    public static func isKnownNormalized(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        NFCInertScalars.shared.isKnownNormalized(bytes)
    }

    /// Returns the NFC form of UTF-8 bytes as a `String` (invalid sequences become U+FFFD).
    ///
    /// Calls `lectern_nfc` (ICU's `unorm2_normalize`) only when the byte scan, the
    /// tables (`NFCInertScalars.verdict`) and `unorm2_isNormalized` all say the text may change;
    /// `unorm2_isNormalized` is not asked when the tables find Hebrew marks out of canonical order.
    public static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard mayNeedNormalization(bytes), let base = bytes.baseAddress else {
            return String(decoding: bytes, as: UTF8.self)
        }
        let verdict = NFCInertScalars.shared.verdict(bytes)
        if verdict == .normalized { return String(decoding: bytes, as: UTF8.self) }
        let count = Int32(clamping: bytes.count)
        // Hebrew marks out of canonical order are not NFC: ICU need not be asked first.
        if verdict == .unknown, lectern_is_nfc(base, count) == 1 {
            return String(decoding: bytes, as: UTF8.self)
        }
        var capacity = bytes.count + bytes.count / 2 + 16
        while true {
            var result: String?
            var needed: Int32 = 0
            let buffer = [UInt8](unsafeUninitializedCapacity: capacity) { out, initialized in
                needed = lectern_nfc(base, count, out.baseAddress, Int32(clamping: capacity))
                initialized = needed >= 0 && Int(needed) <= capacity ? Int(needed) : 0
            }
            if needed < 0 { return String(decoding: bytes, as: UTF8.self) }
            if Int(needed) <= capacity {
                result = String(decoding: buffer, as: UTF8.self)
            }
            if let result { return result }
            capacity = Int(needed) + 1
        }
    }

    /// Returns the NFC form of a string.
    public static func normalize(_ text: String) -> String {
        var copy = text
        return copy.withUTF8 { string($0) }
    }

    /// Whether a string is already NFC.
    public static func isNormalized(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { isNormalized($0) }
    }

    /// Whether valid UTF-8 bytes are already NFC: the byte scan, the tables (`isKnownNormalized`), then
    /// ICU's `unorm2_isNormalized`, each asked only when the one before cannot tell.
    public static func isNormalized(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard mayNeedNormalization(bytes), let base = bytes.baseAddress, !isKnownNormalized(bytes) else { return true }
        return lectern_is_nfc(base, Int32(clamping: bytes.count)) == 1
    }
}
