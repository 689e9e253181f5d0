import CUnicodeShim
import TextNormalization

// The other ways of the fast paths the tests compare them with: ICU alone, or the tables alone. Test code,
// kept out of the product.

extension NFC {
    /// ICU's own answer (`unorm2_isNormalized`), without the quick checks; for tests of those checks.
    public static func icuIsNormalized(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return true }
            return lectern_is_nfc(base, Int32(clamping: bytes.count)) == 1
        }
    }

    /// Whether valid UTF-8 bytes are NFC by the quick check alone, without ICU: every scalar is one that
    /// NFC leaves alone and that never combines with a neighbour (`NFCInertScalars`). `false` means "ask
    /// ICU", not "not NFC".
    public static func isInert(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        NFCInertScalars.shared.containsOnlyInert(bytes)
    }
}

extension SearchFolding {
    /// Folds through ICU's normalizers even where text folds one character at a time, to test that both
    /// give the same result.
    public static func foldWithoutFastPath(_ text: String, mode: FoldingMode = .default) -> String {
        fold(text, options: mode.shimOptions | LECTERN_TOKENS_ICU_ONLY)
    }
}

extension WordBreaker {
    /// Tokenizes with ICU's break iterator even where the fast path applies, to test that both give the
    /// same tokens.
    public static func tokensWithoutFastPath(in text: String, mode: FoldingMode = .default) -> [SearchToken] {
        tokens(in: text, options: mode.shimOptions | LECTERN_TOKENS_ICU_ONLY)
    }
}
