import CUnicodeShim

/// How text is folded before it is indexed or matched.
public enum FoldingMode: Sendable, Hashable, CaseIterable {
    /// Search folding, on by default: compatibility forms (NFKC), full case folding,
    /// diacritics removed, apostrophes and quotes unified. See ``SearchFolding``.
    case `default`
    /// Exact matching (`--exact`): accents and case matter. The text is NFC, with
    /// apostrophes and quotes unified and invisible default-ignorable code points
    /// (word joiner, soft hyphen, variation selectors) removed.
    case exact

    /// The option bits the C shim takes.
    package var shimOptions: Int32 { self == .exact ? LECTERN_FOLD_EXACT : 0 }
}

/// Folds text for search, so that the index and a query compare equal when a reader would.
///
/// Default folding, in this order (ICU through `lectern_search_fold`):
/// 1. Apostrophes `’ ‘ ‚ ‛ ′ ʼ ´ ＇` and the backtick become `'`; double quotes
///    `“ ” „ ‟ ″ « » ＂` become `"`.
/// 2. NFKD: compatibility forms come apart (`ﬁ` → `fi`, `Ａ` → `A`, `ǅ` → `Dž`).
/// 3. Nonspacing and enclosing marks are dropped after a letter of the Latin, Greek,
///    Cyrillic, Hebrew or Arabic script (or a common character): accents, Vietnamese
///    stacked marks, Greek breathings and iota subscript, Hebrew points and
///    cantillation, Arabic harakat and hamza. Exceptions: Cyrillic `й ў ї` keep their
///    mark (separate letters on every Cyrillic keyboard; `ё` still becomes `е`). Marks
///    of other scripts stay (Thai vowels, Devanagari signs, kana voicing).
///    `đ ł ø ħ`, which Unicode does not decompose, lose their stroke; Arabic tatweel goes.
/// 4. NFKC_Casefold: full case folding (`ß` → `ss`, final `ς` → `σ`), recomposition,
///    and removal of default-ignorable code points such as U+2060 WORD JOINER.
///
/// Folding is idempotent: `fold(fold(x)) == fold(x)`.
public enum SearchFolding {
    /// Texts longer than this are folded in pieces cut at white space.
    static let pieceLimit = 1 << 26

    /// The most UTF-8 bytes a `String` holds without an allocation, on 64-bit platforms.
    private static let smallCapacity = 15

    /// Returns the folded form of `text`.
    ///
    /// - Complexity: O(n). Plain ASCII text is lowercased without ICU.
    public static func fold(_ text: String, mode: FoldingMode = .default) -> String {
        fold(text, options: mode.shimOptions)
    }

    /// Appends the folded form of the UTF-8 text `bytes` to `output`: the bytes of
    /// `fold(String(decoding: bytes, as: UTF8.self), mode: mode)` for valid UTF-8, with no `String` made (the
    /// search index folds every distinct word of a version).
    ///
    /// - Complexity: O(n), as `fold(_:mode:)`.
    package static func fold(
        utf8 bytes: UnsafeBufferPointer<UInt8>, mode: FoldingMode = .default, into output: inout [UInt8]
    ) {
        let options = mode.shimOptions
        guard bytes.count > pieceLimit else { return foldPiece(bytes, options: options, into: &output) }
        for piece in UTF8Pieces.split(bytes, limit: pieceLimit) {
            foldPiece(UnsafeBufferPointer(rebasing: bytes[piece]), options: options, into: &output)
        }
    }

    /// `foldPiece(_:options:)`'s bytes, appended to `output` through a buffer on the stack.
    private static func foldPiece(_ bytes: UnsafeBufferPointer<UInt8>, options: Int32, into output: inout [UInt8]) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let count = Int32(clamping: bytes.count)
        var capacity = bytes.count <= smallCapacity ? smallCapacity : bytes.count + bytes.count / 4 + 16
        for _ in 0..<4 {
            let needed = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer -> Int32 in
                let needed = lectern_search_fold(options, base, count, buffer.baseAddress, Int32(clamping: capacity))
                if needed >= 0, Int(needed) <= capacity {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<Int(needed)]))
                }
                return needed
            }
            if needed < 0 { break }
            if Int(needed) <= capacity { return }
            capacity = Int(needed) + 1
        }
        // ICU failed or ran out of memory: unfolded text still matches itself.
        output.append(contentsOf: bytes)
    }

    /// Folds `text` with the shim's `options` (`FoldingMode.shimOptions`, and `LECTERN_TOKENS_ICU_ONLY` for
    /// the tests' oracle that folds through ICU's normalizers even where text folds one character at a time).
    package static func fold(_ text: String, options: Int32) -> String {
        var copy = text
        return copy.withUTF8 { bytes in
            guard bytes.count > pieceLimit else { return foldPiece(bytes, options: options) }
            var result = ""
            result.reserveCapacity(bytes.count)
            for piece in UTF8Pieces.split(bytes, limit: pieceLimit) {
                result += foldPiece(UnsafeBufferPointer(rebasing: bytes[piece]), options: options)
            }
            return result
        }
    }

    /// Folds one piece of at most `pieceLimit` bytes (`lectern_search_fold`) straight into
    /// the result's storage: a short result (most words) is a small string, with no allocation.
    private static func foldPiece(_ bytes: UnsafeBufferPointer<UInt8>, options: Int32) -> String {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return "" }
        let count = Int32(clamping: bytes.count)
        var capacity = bytes.count <= smallCapacity ? smallCapacity : bytes.count + bytes.count / 4 + 16
        for _ in 0..<4 {
            var needed: Int32 = 0
            let folded = String(unsafeUninitializedCapacity: capacity) { out in
                needed = lectern_search_fold(options, base, count, out.baseAddress, Int32(clamping: capacity))
                return needed >= 0 && Int(needed) <= capacity ? Int(needed) : 0
            }
            if needed < 0 { break }
            if Int(needed) <= capacity { return folded }
            capacity = Int(needed) + 1
        }
        // ICU failed or ran out of memory: unfolded text still matches itself.
        return String(decoding: bytes, as: UTF8.self)
    }
}
