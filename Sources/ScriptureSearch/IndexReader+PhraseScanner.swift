// A phrase looked for through its anchor in many verses, one after another: what each verse's look-up
// needs checked once per query, so that a verse costs its bytes' scan; every read checked against the
// region (see IndexReader.swift); the bytes are searched in C (CPhraseScan.h).

import CByteScan
import LecternKernels

/// Finds whether a phrase of folded words occurs in verses, through its anchor (`PhraseAnchor`): the verse's
/// bytes are searched sixteen at a time (in C) for the first byte of one of the anchor's exact ids; only a byte that
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
    /// What the C scan compares a verse's bytes with (`lectern_phrase_occurs`).
    private var scan: LecternPhraseScan
    /// Verse block 0's place in the index's `CheckedParts` (see `IndexView.tokenRange`).
    private let blockPart: Int

    /// The scanner of the phrase of `words` (each a first folded id and a count) through `anchor`, in
    /// `view`'s default-mode tokens; `words` must outlive it.
    init(
        _ view: IndexView, words: UnsafeBufferPointer<(first: Int32, count: UInt32)>, anchor: PhraseAnchor
    ) throws(IndexDamage) {
        let reader = view.reader
        let layout = view.layout
        let table = try view.exactToFolded()
        try reader.check(table, layout.exactCount * 4)
        let offsets = layout.range(.verseOffsets).lowerBound
        try reader.check(offsets, (layout.verseCount + 1) * 4)
        // The first byte of each id's varint, without repeats.
        var firstBytes: [UInt8] = []
        for id in anchor.ids {
            let byte = Varint.firstByte(of: id)
            if !firstBytes.contains(byte) { firstBytes.append(byte) }
        }
        guard let base = reader.base, let first = words.baseAddress, anchor.ids.count <= 8, anchor.word < words.count
        else { throw IndexDamage(reason: "the index has no bytes") }
        self.view = view
        self.base = base
        self.offsets = UnsafeRawPointer(base + offsets)
        region = layout.range(.verses)
        verseCount = layout.verseCount
        blockPart = layout.foldedCount
        // A (first: Int32, count: UInt32) tuple is laid out as the C struct of the same two fields.
        scan = LecternPhraseScan(
            table: base + table, exact_count: Int64(layout.exactCount), folded_count: Int64(layout.foldedCount),
            skipped: UInt32(truncatingIfNeeded: SearchIndexFormat.noFoldedTerm),
            words: UnsafeRawPointer(first).assumingMemoryBound(to: LecternPhraseWord.self),
            word_count: Int32(words.count), anchor: Int32(anchor.word), id_count: Int32(anchor.ids.count),
            first_byte_count: Int32(firstBytes.count), ids: (0, 0, 0, 0, 0, 0, 0, 0),
            first_bytes: (0, 0, 0, 0, 0, 0, 0, 0), limit: base + reader.count)
        withUnsafeMutableBytes(of: &scan.ids) { bytes in
            for (index, id) in anchor.ids.enumerated() { bytes.storeBytes(of: Int64(id), toByteOffset: index * 8, as: Int64.self) }
        }
        withUnsafeMutableBytes(of: &scan.first_bytes) { bytes in
            for (index, byte) in firstBytes.enumerated() { bytes[index] = byte }
        }
    }

    /// Whether the phrase occurs in verse `verse`.
    ///
    /// - Complexity: O(the verse's bytes / 16) plus O(words) folded tokens per anchor found; no allocation.
    @inline(__always)
    mutating func occurs(in verse: Int) throws(IndexDamage) -> Bool {
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
        let base = base
        let found = withUnsafePointer(to: &scan) { scan in lectern_phrase_occurs(scan, base + start, base + end) }
        guard found >= 0 else { throw IndexDamage(reason: "a token of the verse is damaged") }
        return found == 1
    }

    /// Keeps, in order and in place, the verses of `verses` (increasing) whose tokens hold the phrase: their
    /// blocks checked first (once per store), then every verse searched in one C loop.
    ///
    /// - Complexity: O(the verses' bytes / 16) plus O(words) folded tokens per anchor found; no allocation.
    mutating func retain(_ verses: inout [Int]) throws(IndexDamage) {
        var block = -1
        for verse in verses {
            guard verse >= 0, verse < verseCount else { throw IndexDamage(reason: "verse \(verse) out of range") }
            let next = verse / SearchIndexFormat.verseBlockSize
            if next != block {
                block = next
                if !view.opened.checked.contains(blockPart + block) { _ = try view.tokenRange(verse) }
            }
        }
        let (offsets, region) = (offsets, base + self.region.lowerBound)
        let length = Int64(self.region.count)
        let kept = withUnsafePointer(to: &scan) { scan in
            verses.withUnsafeMutableBufferPointer { verses -> Int64 in
                guard let elements = verses.baseAddress else { return 0 }
                return elements.withMemoryRebound(to: Int64.self, capacity: verses.count) { elements in
                    lectern_phrase_retain(
                        scan, elements, Int64(verses.count), offsets.assumingMemoryBound(to: UInt8.self), region, length)
                }
            }
        }
        guard kept >= 0 else {
            // Damage: the verses before the damaged one were each kept or dropped without it, and the C loop
            // moved only kept ones, so each verse in turn again throws the error the damaged one gives.
            for verse in verses { _ = try occurs(in: verse) }
            throw IndexDamage(reason: "a token of the verse is damaged")
        }
        verses.removeLast(verses.count - Int(kept))
    }

    /// Verse `verse`'s offset in the verses region (`verse` at most the verse count).
    @inline(__always)
    private func offset(_ verse: Int) -> Int {
        Int(UInt32(littleEndian: offsets.loadUnaligned(fromByteOffset: verse * 4, as: UInt32.self)))
    }
}
