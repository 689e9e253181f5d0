/// Runs of ASCII letters, digits and `_` in UTF-8 text: where there is ASCII around them, each is one of
/// the tokenizer's tokens (ICU never breaks inside such a run, and every other ASCII character ends one).
///
/// A highlight needs the place of a few tokens; the tokens before them are passed over as runs, eight
/// bytes at a time where all eight are ASCII.
enum ASCIIRuns {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether a byte is an ASCII letter, digit or `_`: a bit of a 128-bit mask.
    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        // Bits 48–57 of the low word: `0`–`9`; of the high word, bits 1–26 `A`–`Z`, 31 `_`, 33–58 `a`–`z`.
        let low: UInt64 = 0x03FF_0000_0000_0000
        let high: UInt64 = 0x07FF_FFFE_87FF_FFFE
        return byte < 0x80 && ((byte < 0x40 ? low : high) >> UInt64(byte & 0x3F)) & 1 != 0
    }

    /// Whether a byte is an ASCII letter.
    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool { byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A }

    /// Where the run that follows `start` (after separators) ends when it and everything before it from
    /// `start` are ASCII, and the byte after it is too (or the text ends). Nil otherwise.
    @inline(__always)
    static func runEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < text.count, text[index] < 0x80, !isWordByte(text[index]) { index += 1 }
        guard index < text.count, text[index] < 0x80 else { return nil }
        index += 1
        while index < text.count, isWordByte(text[index]) { index += 1 }
        guard index == text.count || text[index] < 0x80 else { return nil }
        return index
    }

    /// Passes over up to `count` runs from `start` (a token boundary) while `runEnd` would find them: the
    /// end of the last run passed over (`start` when none), and how many.
    ///
    /// - Complexity: O(bytes passed), eight at a time where they and the byte after are ASCII.
    static func skip(_ text: UnsafeBufferPointer<UInt8>, from start: Int, runs count: Int) -> (end: Int, runs: Int) {
        guard let base = text.baseAddress else { return (start, 0) }
        let raw = UnsafeRawPointer(base)
        var end = start
        var index = start
        var passed = 0
        // The run ends of the last chunk that had any, and where it starts: `end` is worked out from them
        // only when the chunks stop, not after each one.
        var lastEnds: UInt64 = 0
        var lastChunk = 0
        while passed < count {
            if index >= 0, index + 8 < text.count {
                let chunk = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let after = text[index + 8]
                if chunk & highBits == 0, after < 0x80 {
                    let words = wordFlags(chunk)
                    // A run ends at a word byte whose next byte is not one.
                    var ends = words & ~((words >> 8) | (isWordByte(after) ? 0x80 << 56 : 0))
                    let found = Int(((ends >> 7) &* ones) >> 56)
                    if passed + found >= count {
                        for _ in 0..<(count - passed - 1) { ends &= ends - 1 }
                        return (index + ends.trailingZeroBitCount / 8 + 1, count)
                    }
                    if found > 0 { (lastEnds, lastChunk) = (ends, index) }
                    passed += found
                    index += 8
                    continue
                }
            }
            if lastEnds != 0 {
                end = lastChunk + (63 - lastEnds.leadingZeroBitCount) / 8 + 1
                lastEnds = 0
            }
            guard let next = runEnd(text, from: end) else { break }
            end = next
            passed += 1
            index = end
        }
        return (end, passed)
    }

    /// 0x80 in each byte of `chunk` (all ASCII) that is a letter, a digit or `_`.
    @inline(__always)
    static func wordFlags(_ chunk: UInt64) -> UInt64 {
        let letters = within(chunk | (0x20 &* ones), 0x61, 0x7A)
        let digits = within(chunk, 0x30, 0x39)
        let difference = chunk ^ (0x5F &* ones)
        let nonzero = ((difference & (0x7F &* ones)) &+ (0x7F &* ones)) | difference
        return letters | digits | (~nonzero & highBits)
    }

    /// 0x80 in each byte of `chunk` (all below 0x80) from `low` through `high`.
    @inline(__always)
    private static func within(_ chunk: UInt64, _ low: UInt64, _ high: UInt64) -> UInt64 {
        (chunk &+ ((0x80 - low) &* ones)) & ~(chunk &+ ((0x7F - high) &* ones)) & highBits
    }
}
