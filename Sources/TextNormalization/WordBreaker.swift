import CUnicodeShim
import LecternKernels

/// Splits text into search tokens with ICU's word breaks, and folds each token.
///
/// The rules, the same for indexed text and for queries:
/// - Word boundaries come from ICU (`ubrk_open(UBRK_WORD)`, root locale), so Thai, Lao,
///   Khmer and Burmese break by dictionary.
/// - A token is a run of letters, digits, connector punctuation (`_`) and combining marks
///   inside one ICU word. Format characters such as U+2060 WORD JOINER (between Hebrew
///   morphemes) or a soft hyphen neither end nor start a token, and folding removes them.
/// - Everything else ends a token and is not one: spaces, punctuation (Hebrew maqaf,
///   hyphens, full-width punctuation), symbols, and apostrophes: `God’s` gives the tokens
///   `god` and `s`, `hasn’t` gives `hasn` and `t`, as a `\b` regular expression splits them.
///   So `love` finds `love’s`, and the query `god’s` or `god's` is the phrase `god s`.
/// - Each Han, Hiragana or Katakana character is a token of its own (``SearchToken/Kind/ideograph``).
///   Hangul words stay whole, as Korean writes spaces.
/// - Tokens whose folded term is empty (a lone mark) are dropped.
///
/// Thread-safe: ICU break iterators are not, so each call borrows one from a small pool.
public enum WordBreaker {
    /// Returns the tokens of `text` in order, each with its folded term and its ranges.
    ///
    /// - Complexity: O(n). Text whose only non-ASCII characters are punctuation, symbols,
    ///   spaces, Han or kana skips ICU's break iterator (same tokens: ICU never breaks inside
    ///   a run of ASCII letters and digits, and Han and kana are split per character anyway).
    ///   ASCII words fold without ICU; other words are folded once per pooled breaker and
    ///   then remembered (up to 64K terms), as Bible text repeats a small vocabulary.
    public static func tokens(in text: String, mode: FoldingMode = .default) -> [SearchToken] {
        tokens(in: text, options: mode.shimOptions)
    }

    /// Calls `body` with the term of each token of `bytes`, in order, when every byte is ASCII, without ICU
    /// or the breaker pool; returns false (calling nothing) when a byte is not ASCII.
    ///
    /// The terms are exactly those `tokens(in:mode:)` gives: in ASCII a token is a maximal run of letters,
    /// digits and `_` (ICU never breaks inside one, and every other ASCII character ends a token), folded
    /// by lowercasing in the default mode and kept as it is in the exact mode.
    ///
    /// - Complexity: O(n); a term of up to 15 bytes is a `String` without allocation.
    public static func forEachASCIITerm(
        in bytes: UnsafeBufferPointer<UInt8>, mode: FoldingMode, _ body: (String) -> Void
    ) -> Bool {
        forEachASCIIRun(in: bytes, mode: mode) { term, _ in body(String(decoding: term, as: UTF8.self)) }
    }

    /// Whether an ASCII byte is part of a token: a letter, a digit or `_`.
    @inline(__always)
    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A || byte >= 0x30 && byte <= 0x39 || byte == 0x5F
    }

    /// Text is tokenized by `forEachTerm` in pieces of about this many bytes.
    static let termPieceSize = 1 << 18

    /// Calls `body` with the term of each token of `text`, in order: the terms of `tokens(in:mode:)`,
    /// without making the tokens, so that a verse of any length costs a bounded buffer instead of an
    /// array of its tokens. Long text goes to ICU a piece of about 256 KB at a time, each cut after
    /// ASCII white space (no token spans white space, so the terms are the same).
    ///
    /// - Complexity: O(n); memory O(1) in the length of `text`.
    public static func forEachTerm(in text: String, mode: FoldingMode = .default, _ body: (String) -> Void) {
        forEachTermBytes(in: text, mode: mode) { term, _ in body(String(decoding: term, as: UTF8.self)) }
    }

    /// As `forEachTerm`, with each term as its UTF-8 bytes (valid during the call only) and where its token
    /// lies in `text` (the `utf8Range` of `tokens(in:mode:)`'s token): no `String` and no token is made.
    /// Text that is all ASCII is split without ICU or the breaker pool.
    ///
    /// - Complexity: O(n); memory O(1) in the length of `text`.
    public static func forEachTermBytes(
        in text: String, mode: FoldingMode = .default,
        _ body: (_ term: UnsafeBufferPointer<UInt8>, _ utf8Range: Range<Int>) -> Void
    ) {
        var copy = text
        copy.withUTF8 { bytes in forEachTermBytes(inUTF8: bytes, mode: mode, body) }
    }

    /// As `forEachTermBytes(in:mode:_:)`, for text given as its valid UTF-8 bytes (a verse in a store's text).
    ///
    /// - Complexity: O(n); memory O(1) in the length of `bytes`.
    public static func forEachTermBytes(
        inUTF8 bytes: UnsafeBufferPointer<UInt8>, mode: FoldingMode = .default,
        _ body: (_ term: UnsafeBufferPointer<UInt8>, _ utf8Range: Range<Int>) -> Void
    ) {
        if forEachASCIIRun(in: bytes, mode: mode, body) { return }
        WordBreakerPool.withBreaker { breaker in
            var start = 0
            while start < bytes.count {
                let end = pieceEnd(bytes, from: start)
                let piece = UnsafeBufferPointer(rebasing: bytes[start..<end])
                breaker.forEachTerm(piece, options: mode.shimOptions) { term, range in
                    body(term, (start + range.lowerBound)..<(start + range.upperBound))
                }
                start = end
            }
        }
    }

    /// The ASCII split of `forEachASCIITerm`, with each term as its bytes (valid during the call only) and
    /// where its token lies: false, calling nothing, when a byte is not ASCII.
    private static func forEachASCIIRun(
        in bytes: UnsafeBufferPointer<UInt8>, mode: FoldingMode, _ body: (UnsafeBufferPointer<UInt8>, Range<Int>) -> Void
    ) -> Bool {
        var any: UInt8 = 0
        for byte in bytes { any |= byte }
        guard any < 0x80 else { return false }
        var lowered: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard isASCIIWordByte(bytes[index]) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count, isASCIIWordByte(bytes[end]) { end += 1 }
            let run = UnsafeBufferPointer(rebasing: bytes[index..<end])
            if mode == .default, run.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) {
                lowered.removeAll(keepingCapacity: true)
                for byte in run { lowered.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
                lowered.withUnsafeBufferPointer { body($0, index..<end) }
            } else {
                body(run, index..<end)
            }
            index = end
        }
        return true
    }

    /// Where the piece that starts at `start` ends: just after the first ASCII white space from
    /// `termPieceSize` bytes on; failing that, as `UTF8Pieces` cuts at `SearchFolding.pieceLimit`.
    private static func pieceEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard bytes.count - start > termPieceSize else { return bytes.count }
        let latest = min(bytes.count, start + SearchFolding.pieceLimit)
        var index = start + termPieceSize
        while index < latest {
            let byte = bytes[index]
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { return index + 1 }
            index += 1
        }
        guard latest < bytes.count else { return bytes.count }
        let rest = UnsafeBufferPointer(rebasing: bytes[start...])
        return start + (UTF8Pieces.split(rest, limit: SearchFolding.pieceLimit).first?.upperBound ?? rest.count)
    }

    /// The tokens of `text` with the shim's `options` (`FoldingMode.shimOptions`, and
    /// `LECTERN_TOKENS_ICU_ONLY` for the tests' oracle that splits with ICU's break iterator even where the
    /// fast path applies).
    package static func tokens(in text: String, options: Int32) -> [SearchToken] {
        var copy = text
        return copy.withUTF8 { bytes in
            WordBreakerPool.withBreaker { breaker in
                let pieces = UTF8Pieces.split(bytes, limit: SearchFolding.pieceLimit)
                guard pieces.count > 1 else { return breaker.tokens(bytes, options: options) }
                var result: [SearchToken] = []
                var offset16 = 0
                for piece in pieces {
                    let slice = UnsafeBufferPointer(rebasing: bytes[piece])
                    for var token in breaker.tokens(slice, options: options) {
                        token.utf8Range = shifted(token.utf8Range, by: piece.lowerBound)
                        token.utf16Range = shifted(token.utf16Range, by: offset16)
                        result.append(token)
                    }
                    offset16 += UTF8Counts.utf16Count(slice)
                }
                return result
            }
        }
    }

    private static func shifted(_ range: Range<Int>, by offset: Int) -> Range<Int> {
        (range.lowerBound + offset)..<(range.upperBound + offset)
    }
}
