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

extension IndexReader {
    /// `phraseOccurs` found through the phrase's anchor: the verse's bytes are searched eight at a time for
    /// the first byte of one of the anchor's exact ids; only a byte that starts a token (the byte before it
    /// ends one: below 0x80) and starts one of those ids has the tokens before and after it decoded, folded
    /// and compared with the other words. No other token is decoded.
    ///
    /// - Complexity: O(the verse's bytes / 8 × the anchor's first bytes) plus O(words) folded tokens per
    ///   anchor found; no allocation.
    func phraseOccurs(
        in range: Range<Int>, below limit: Int, table: Int, mappedBelow mappedLimit: Int, skipping skipped: Int,
        words: UnsafeBufferPointer<(first: Int32, count: UInt32)>, anchor: PhraseAnchor
    ) throws(IndexDamage) -> Bool {
        try check(range.lowerBound, range.count)
        try check(table, limit * 4)
        guard let base else { return false }
        let first = base + range.lowerBound
        let end = base + range.upperBound
        let context = PhraseContext(
            values: UnsafeRawPointer(base + table), limit: limit, mappedLimit: mappedLimit, skipped: skipped,
            words: words, anchor: anchor.word)
        let ids = anchor.ids
        /// Whether an occurrence starts its anchor at `start` (a byte equal to one of the first bytes).
        func occurs(at start: UnsafePointer<UInt8>) throws(IndexDamage) -> Bool {
            guard start == first || (start - 1).pointee < 0x80 else { return false }
            var next = start
            guard let id = Self.varint(&next, end) else { throw IndexDamage(reason: "a token of the verse is damaged") }
            guard ids.contains(id) else { return false }
            return try context.matches(before: start, after: next, from: first, to: end)
        }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let patterns = anchor.patterns
        /// The bytes of the word at `at` equal to one of the patterns, as their high bits.
        func matching(at at: UnsafePointer<UInt8>) -> UInt64 {
            let word = UInt64(littleEndian: UnsafeRawPointer(at).loadUnaligned(as: UInt64.self))
            var found: UInt64 = 0
            for pattern in patterns {
                // A byte of `word` equal to the pattern's is a zero byte of `x`: its high bit is set here (and
                // maybe a byte's above it, which `occurs` rejects).
                let x = word ^ pattern
                found |= (x &- ones) & ~x & (ones << 7)
            }
            return found
        }
        var pointer = first
        while end - pointer >= 8 {
            var found = matching(at: pointer)
            while found != 0 {
                if try occurs(at: pointer + found.trailingZeroBitCount >> 3) { return true }
                found &= found - 1
            }
            pointer += 8
        }
        // The last bytes: the word that ends with the verse, its bytes before `pointer` masked off, when it lies
        // in the section; else one byte at a time.
        if pointer < end, end - 8 >= base {
            let start = end - 8
            var found = matching(at: start) & (~UInt64(0) << UInt64((pointer - start) * 8))
            while found != 0 {
                if try occurs(at: start + found.trailingZeroBitCount >> 3) { return true }
                found &= found - 1
            }
            return false
        }
        while pointer < end {
            let byte = UInt64(pointer.pointee) &* ones
            if anchor.patterns.contains(byte), try occurs(at: pointer) { return true }
            pointer += 1
        }
        return false
    }
}

/// What `IndexReader.phraseOccurs(…anchor:)` compares the tokens around an anchor with.
private struct PhraseContext {
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
    /// Whether `words` occur one after another in verse `verse`'s tokens in the default mode, found through
    /// `anchor` (`IndexReader.phraseOccurs(…anchor:)`).
    func phraseOccurs(
        in verse: Int, _ words: UnsafeBufferPointer<(first: Int32, count: UInt32)>, anchor: PhraseAnchor
    ) throws(IndexDamage) -> Bool {
        try reader.phraseOccurs(
            in: try tokenRange(verse), below: layout.exactCount, table: try exactToFolded(),
            mappedBelow: layout.foldedCount, skipping: SearchIndexFormat.noFoldedTerm, words: words, anchor: anchor)
    }

    /// Each folded term's exact ids (built once per opened index).
    func exactForms() throws(IndexDamage) -> ExactForms { try opened.exactForms.forms(self) }
}
