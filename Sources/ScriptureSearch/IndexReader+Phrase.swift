// A phrase looked for in a verse's tokens while they are decoded, in one pointer loop that stops at the
// first occurrence; every read checked against the region (see IndexReader.swift).

extension IndexReader {
    /// Whether the words `words` (each a first folded id and a count: a word or a prefix) occur one after
    /// another among the tokens in `range` (exact ids below `limit`), each mapped through the u32 `table` to
    /// its folded id (below `mappedLimit`), those that map to `skipped` left out, as `IndexView.tokens`
    /// gives them in the default mode. `buffer` holds the folded ids decoded so far (grown when too short).
    ///
    /// Decoding stops at the first occurrence: the verse's block was checked against its CRC-32C when its
    /// range was read, so the bytes past it need no reading.
    ///
    /// - Complexity: O(tokens up to the first occurrence × words), no allocation once `buffer` is long enough.
    func phraseOccurs(
        in range: Range<Int>, below limit: Int, table: Int, mappedBelow mappedLimit: Int, skipping skipped: Int,
        words: UnsafeBufferPointer<(first: Int32, count: UInt32)>, buffer: inout [Int32]
    ) throws(IndexDamage) -> Bool {
        try check(range.lowerBound, range.count)
        try check(table, limit * 4)
        guard let base, let last = words.last else { return false }
        Self.grow(&buffer, to: range.count)
        let length = words.count
        var failure: IndexDamage?
        let found = buffer.withUnsafeMutableBufferPointer { folded -> Bool in
            let values = UnsafeRawPointer(base + table)
            var pointer = base + range.lowerBound
            let end = base + range.upperBound
            var count = 0
            while pointer < end {
                guard let id = Self.varint(&pointer, end), id < limit else {
                    failure = IndexDamage(reason: "a token of the verse is damaged")
                    return false
                }
                let value = Int(UInt32(littleEndian: values.loadUnaligned(fromByteOffset: id * 4, as: UInt32.self)))
                if value == skipped { continue }
                guard value < mappedLimit else {
                    failure = IndexDamage(reason: "an exact id folds to \(value)")
                    return false
                }
                // Each kept token takes a byte or more, so `count` stays below the buffer's length.
                let token = Int32(truncatingIfNeeded: value)
                folded[count] = token
                count += 1
                // The last word first: most tokens end no occurrence.
                guard count >= length, UInt32(bitPattern: token &- last.first) < last.count else { continue }
                var word = length - 2
                let start = count - length
                while word >= 0, UInt32(bitPattern: folded[start + word] &- words[word].first) < words[word].count {
                    word -= 1
                }
                if word < 0 { return true }
            }
            return false
        }
        if let failure { throw failure }
        return found
    }
}

/// What `PhraseScanner` compares the tokens around an anchor with.
struct PhraseContext {
    let values: UnsafeRawPointer
    let limit: Int
    let mappedLimit: Int
    let skipped: Int
    let words: UnsafeBufferPointer<(first: Int32, count: UInt32)>
    let anchor: Int

    /// The folded id of exact id `id` (nil when it folds to nothing).
    @inline(__always)
    private func folded(_ id: Int) throws(IndexDamage) -> Int32? {
        guard id < limit else { throw IndexDamage(reason: "a token of the verse is damaged") }
        let value = Int(UInt32(littleEndian: values.loadUnaligned(fromByteOffset: id * 4, as: UInt32.self)))
        if value == skipped { return nil }
        guard value < mappedLimit else { throw IndexDamage(reason: "an exact id folds to \(value)") }
        return Int32(truncatingIfNeeded: value)
    }

    @inline(__always)
    private func word(_ word: Int, matches token: Int32) -> Bool {
        UInt32(bitPattern: token &- words[word].first) < words[word].count
    }

    /// Whether the anchor token at `start..<next` (among the verse's tokens `first..<end`; the byte before
    /// `start` is below 0x80 unless it is the first) has the phrase's words before and after it, tokens that fold to nothing left out.
    func matches(
        before start: UnsafePointer<UInt8>, after next: UnsafePointer<UInt8>, from first: UnsafePointer<UInt8>,
        to end: UnsafePointer<UInt8>
    ) throws(IndexDamage) -> Bool {
        var back = start
        var word = anchor - 1
        while word >= 0 {
            guard back > first else { return false }
            // `back` starts a token (the byte before it is below 0x80, or it is the first): the token before
            // it starts after the last byte below 0x80 before that, since each varint ends at one.
            var tokenStart = back - 1
            while tokenStart > first, (tokenStart - 1).pointee >= 0x80 { tokenStart -= 1 }
            var cursor = tokenStart
            guard let id = IndexReader.varint(&cursor, back), cursor == back else {
                throw IndexDamage(reason: "a token of the verse is damaged")
            }
            back = tokenStart
            guard let token = try folded(id) else { continue }
            guard self.word(word, matches: token) else { return false }
            word -= 1
        }
        var forward = next
        word = anchor + 1
        while word < words.count {
            guard forward < end else { return false }
            guard let id = IndexReader.varint(&forward, end) else {
                throw IndexDamage(reason: "a token of the verse is damaged")
            }
            guard let token = try folded(id) else { continue }
            guard self.word(word, matches: token) else { return false }
            word += 1
        }
        return true
    }
}

extension IndexView {
    /// Each folded term's exact ids (built once per opened index).
    func exactForms() throws(IndexDamage) -> ExactForms { try opened.exactForms.forms(self) }
}
