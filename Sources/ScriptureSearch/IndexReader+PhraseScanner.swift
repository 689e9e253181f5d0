// A phrase looked for through its anchor in many verses, one after another: what each verse's look-up
// needs checked once per query, so that a verse costs its bytes' scan; every read checked against the
// region (see IndexReader.swift).

/// Finds whether a phrase of folded words occurs in verses, through its anchor (`PhraseAnchor`): the verse's
/// bytes are searched eight at a time for the first byte of one of the anchor's exact ids; only a byte that
/// starts a token (the byte before it ends one: below 0x80) and starts one of those ids has the tokens
/// before and after it decoded, folded and compared with the other words (`PhraseContext`). No other token
/// is decoded.
///
/// Made once per query: the exact → folded table, the verse offsets and the anchor's patterns are checked
/// and laid out then; each verse's block of tokens is checked against its CRC-32C the first time it is read
/// (as `IndexView.tokenRange` does).
struct PhraseScanner {
    private let view: IndexView
    private let base: UnsafePointer<UInt8>
    /// The verse offsets (u32 each, `verseCount + 1`), checked to lie inside.
    private let offsets: UnsafeRawPointer
    private let region: Range<Int>
    private let verseCount: Int
    private let context: PhraseContext
    private let ids: [Int]
    /// The anchor's first bytes, each in every byte of a word: the first two (the second repeats the first
    /// when there is one), then the others.
    private let first: UInt64
    private let second: UInt64
    private let others: [UInt64]
    /// Verse block 0's place in the index's `CheckedParts` (see `IndexView.tokenRange`).
    private let blockPart: Int

    /// The scanner of the phrase of `words` (each a first folded id and a count) through `anchor`, in
    /// `view`'s default-mode tokens.
    init(
        _ view: IndexView, words: UnsafeBufferPointer<(first: Int32, count: UInt32)>, anchor: PhraseAnchor
    ) throws(IndexDamage) {
        let reader = view.reader
        let layout = view.layout
        let table = try view.exactToFolded()
        try reader.check(table, layout.exactCount * 4)
        let offsets = layout.range(.verseOffsets).lowerBound
        try reader.check(offsets, (layout.verseCount + 1) * 4)
        guard let base = reader.base else { throw IndexDamage(reason: "the index has no bytes") }
        self.view = view
        self.base = base
        self.offsets = UnsafeRawPointer(base + offsets)
        region = layout.range(.verses)
        verseCount = layout.verseCount
        blockPart = layout.foldedCount
        context = PhraseContext(
            values: UnsafeRawPointer(base + table), limit: layout.exactCount, mappedLimit: layout.foldedCount,
            skipped: SearchIndexFormat.noFoldedTerm, words: words, anchor: anchor.word)
        ids = anchor.ids
        let patterns = anchor.patterns
        first = patterns.first ?? 0
        second = patterns.count > 1 ? patterns[1] : first
        others = Array(patterns.dropFirst(2))
    }

    /// Whether the phrase occurs in verse `verse`.
    ///
    /// - Complexity: O(the verse's bytes / 8 × the anchor's first bytes) plus O(words) folded tokens per
    ///   anchor found; no allocation.
    @inline(__always)
    func occurs(in verse: Int) throws(IndexDamage) -> Bool {
        guard verse >= 0, verse < verseCount else { throw IndexDamage(reason: "verse \(verse) out of range") }
        // `tokenRange` checks the verse's block the first time; after that, each of its verses is read here.
        if !view.opened.checked.contains(blockPart + verse / SearchIndexFormat.verseBlockSize) {
            _ = try view.tokenRange(verse)
        }
        let start = region.lowerBound + offset(verse)
        let end = region.lowerBound + offset(verse + 1)
        guard start <= end, end <= region.upperBound else {
            throw IndexDamage(reason: "verse \(verse)'s tokens outside")
        }
        return try scan(base + start, base + end)
    }

    /// Verse `verse`'s offset in the verses region (`verse` at most the verse count).
    @inline(__always)
    private func offset(_ verse: Int) -> Int {
        Int(UInt32(littleEndian: offsets.loadUnaligned(fromByteOffset: verse * 4, as: UInt32.self)))
    }

    /// Whether an occurrence's anchor starts in the bytes `first..<end`.
    @inline(__always)
    private func scan(_ first: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) throws(IndexDamage) -> Bool {
        var pointer = first
        while end - pointer >= 8 {
            var found = matching(at: pointer)
            while found != 0 {
                if try occurs(at: pointer + found.trailingZeroBitCount >> 3, first, end) { return true }
                found &= found &- 1
            }
            pointer += 8
        }
        // The last bytes: the word that ends with the verse, its bytes before `pointer` masked off, when it lies
        // in the section; else one byte at a time.
        if pointer < end, end - 8 >= base {
            let start = end - 8
            var found = matching(at: start) & (~UInt64(0) << UInt64((pointer - start) * 8))
            while found != 0 {
                if try occurs(at: start + found.trailingZeroBitCount >> 3, first, end) { return true }
                found &= found &- 1
            }
            return false
        }
        while pointer < end {
            let byte = UInt64(pointer.pointee) &* 0x0101_0101_0101_0101
            if byte == self.first || byte == second || others.contains(byte), try occurs(at: pointer, first, end) {
                return true
            }
            pointer += 1
        }
        return false
    }

    /// The bytes of the word at `at` equal to one of the anchor's first bytes, as their high bits (and maybe a
    /// byte's above one, which `occurs` rejects).
    @inline(__always)
    private func matching(at at: UnsafePointer<UInt8>) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let word = UInt64(littleEndian: UnsafeRawPointer(at).loadUnaligned(as: UInt64.self))
        // A byte of `word` equal to the pattern's is a zero byte of `x`: its high bit is set here.
        let x = word ^ first
        let y = word ^ second
        var found = ((x &- ones) & ~x | (y &- ones) & ~y) & (ones << 7)
        for pattern in others {
            let z = word ^ pattern
            found |= (z &- ones) & ~z & (ones << 7)
        }
        return found
    }

    /// Whether an occurrence starts its anchor at `start` (a byte equal to one of the first bytes), among the
    /// verse's bytes `first..<end`.
    @inline(__always)
    private func occurs(
        at start: UnsafePointer<UInt8>, _ first: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>
    ) throws(IndexDamage) -> Bool {
        guard start == first || (start - 1).pointee < 0x80 else { return false }
        var next = start
        guard let id = IndexReader.varint(&next, end) else {
            throw IndexDamage(reason: "a token of the verse is damaged")
        }
        guard ids.contains(id) else { return false }
        return try context.matches(before: start, after: next, from: first, to: end)
    }
}
