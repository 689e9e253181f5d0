import CByteScan
import ScriptureStore

/// The verses a folded term occurs in, as stored: a gap-coded list with skips, or a bitmap.
struct PostingList {
    /// How a list is stored.
    enum Storage {
        /// Gaps as varints; skip entries (8 bytes each) at `skips`, the data from `data` to `end`.
        case list(skips: Int, skipCount: Int, data: Int, end: Int)
        /// One bit per verse, from `start`.
        case bitmap(start: Int)
    }

    /// How many verses the term occurs in.
    let documentFrequency: Int
    let storage: Storage
    let verseCount: Int
    /// Where a folded term's ranking bytes start (format 4; nil for an attribute term): a term frequency per
    /// posting (u8, `BM25.saturated` for that many or more), then each block's best pair (`RankingBlocks`).
    let ranking: Int?
    /// A folded term's head (more than one block): the best postings' bytes (`RankingBlocks`), without their
    /// length.
    let head: Range<Int>?
    /// How many blocks of `SearchIndexFormat.postingBlockSize` postings the list has.
    var blockCount: Int { (documentFrequency + SearchIndexFormat.postingBlockSize - 1) / SearchIndexFormat.postingBlockSize }

    /// Reads the head of folded term `id`'s postings, or of attribute term `id`'s when `attribute` is set.
    init(_ index: IndexView, term id: Int, attribute: Bool = false) throws(IndexDamage) {
        let reader = index.reader
        let offsets = index.layout.range(attribute ? .attributePostingOffsets : .postingOffsets)
        let postings = index.layout.range(attribute ? .attributePostings : .postings)
        let count = attribute ? index.layout.attributeCount : index.layout.foldedCount
        let mark = attribute ? index.attributeBase + id : id
        guard id >= 0, id < count else { throw IndexDamage(reason: "term \(id) out of range") }
        if attribute { try index.checkAttributePostingOffsets() }
        let start = postings.lowerBound + (try reader.u32(offsets.lowerBound + id * 4))
        let end = postings.lowerBound + (try reader.u32(offsets.lowerBound + id * 4 + 4))
        guard start <= end, end <= postings.upperBound else {
            throw IndexDamage(reason: "postings of term \(id) outside")
        }
        if !index.opened.checked.contains(mark) {
            guard end - start >= 4,
                Int(try reader.crc32c((start + 4)..<end, continuing: IndexReader.crc32c(of: id)))
                    == (try reader.u32(start))
            else {
                let term = (try? (attribute ? index.attributes : index.folded).term(id).term).map {
                    String(decoding: $0, as: UTF8.self)
                }
                throw IndexDamage(part: "the postings of " + (term.map { "'\($0)'" } ?? "term \(id)"))
            }
            index.opened.checked.insert(mark)
        }
        var position = start + 4
        documentFrequency = try reader.varint(&position, end: end)
        verseCount = index.layout.verseCount
        guard position < end else { throw IndexDamage(reason: "postings of term \(id) too short") }
        let kind = try reader.u8(position)
        position += 1
        guard documentFrequency <= verseCount else { throw IndexDamage(reason: "term \(id): df \(documentFrequency)") }
        let blocks = (documentFrequency + SearchIndexFormat.postingBlockSize - 1) / SearchIndexFormat.postingBlockSize
        var rankingSize = attribute ? 0 : documentFrequency + blocks * (kind == 1 ? 6 : 2)
        var head: Range<Int>?
        if !attribute, blocks > 1 {
            guard end - position >= 2 else { throw IndexDamage(reason: "postings of term \(id) too short") }
            let length = try reader.u16(end - 2)
            guard length >= 2, length <= end - position - 2 else { throw IndexDamage(reason: "term \(id): head length") }
            head = (end - 2 - length)..<(end - 2)
            rankingSize += length + 2
        }
        self.head = head
        guard rankingSize <= end - position else { throw IndexDamage(reason: "postings of term \(id) too short") }
        let dataEnd = end - rankingSize
        ranking = attribute ? nil : dataEnd
        switch kind {
        case 0:
            let skipCount = try reader.varint(&position, end: dataEnd)
            guard skipCount == max(0, documentFrequency - 1) / SearchIndexFormat.postingBlockSize,
                skipCount <= (dataEnd - position) / 8
            else { throw IndexDamage(reason: "term \(id): \(skipCount) skips") }
            storage = .list(skips: position, skipCount: skipCount, data: position + skipCount * 8, end: dataEnd)
        case 1:
            guard dataEnd - position == (verseCount + 7) / 8 else {
                throw IndexDamage(reason: "term \(id): bitmap length")
            }
            storage = .bitmap(start: position)
        default:
            throw IndexDamage(reason: "term \(id): unknown postings kind \(kind)")
        }
    }

    /// Appends every verse in increasing order to `verses`.
    ///
    /// - Complexity: O(df) for a list, O(V / 64 + df) for a bitmap.
    func decode<Verse: FixedWidthInteger>(_ reader: IndexReader, into verses: inout [Verse]) throws(IndexDamage) {
        switch storage {
        case .list(_, _, let data, let end):
            var position = data
            var verse = -1
            verses.reserveCapacity(verses.count + documentFrequency)
            for _ in 0..<documentFrequency {
                verse += try reader.varint(&position, end: end) + 1
                guard verse < verseCount else { throw IndexDamage(reason: "posting past the last verse") }
                verses.append(Verse(truncatingIfNeeded: verse))
            }
        case .bitmap:
            try bitmap(reader).forEach { verse in verses.append(Verse(truncatingIfNeeded: verse)) }
        }
    }

    /// The verses as a set: the bitmap copied word by word, or the list's verses inserted.
    func bitmap(_ reader: IndexReader) throws(IndexDamage) -> IDSet {
        var set = IDSet(count: verseCount)
        try add(reader, to: &set)
        return set
    }

    /// The verses, in the cheapest form to count and page through: a bitmap stays one, a list is decoded.
    func verses(_ reader: IndexReader) throws(IndexDamage) -> MatchedVerses {
        switch storage {
        case .list(_, _, let data, let end):
            return .list(try reader.gaps(from: data, to: end, count: documentFrequency, below: verseCount))
        case .bitmap:
            return .bitmap(try bitmap(reader))
        }
    }

    /// Adds every verse to `set`.
    func add(_ reader: IndexReader, to set: inout IDSet) throws(IndexDamage) {
        switch storage {
        case .list(_, _, let data, let end):
            try reader.orGaps(from: data, to: end, count: documentFrequency, below: verseCount, into: &set)
        case .bitmap(let start):
            try reader.orBitmap(start, bits: verseCount, into: &set)
        }
    }
}

extension PostingList {
    /// Calls `body` with each verse of block `block` (postings `block × 128` on, at most 128), in increasing
    /// order, and its rank among the postings, until it returns false; every block in turn when `block` is
    /// nil.
    ///
    /// - Complexity: O(the block's postings) for a list (its skip entry gives where it starts), O(the block's
    ///   verse span / 64 + postings) for a bitmap (its start is in the ranking bytes).
    func forEach(
        _ reader: IndexReader, block: Int? = nil, _ body: (_ verse: Int, _ rank: Int) throws(IndexDamage) -> Bool
    ) throws(IndexDamage) {
        let size = SearchIndexFormat.postingBlockSize
        let first = (block ?? 0) * size
        let last = block.map { min(documentFrequency, ($0 + 1) * size) } ?? documentFrequency
        guard first < last else { return }
        switch storage {
        case .list(let skips, _, let data, let end):
            var position = data
            var verse = -1
            if first > 0 {
                verse = try reader.u32(skips + (first / size - 1) * 8)
                let offset = try reader.u32(skips + (first / size - 1) * 8 + 4)
                guard offset <= end - data else { throw IndexDamage(reason: "bad skip entry") }
                position = data + offset
            }
            for rank in first..<last {
                verse += try reader.varint(&position, end: end) + 1
                guard verse < verseCount else { throw IndexDamage(reason: "posting past the last verse") }
                if try !body(verse, rank) { return }
            }
        case .bitmap(let start):
            var verse = 0
            if first > 0 {
                guard let ranking else { throw IndexDamage(reason: "a bitmap block without its start") }
                verse = try reader.u32(ranking + documentFrequency + blockCount * 2 + first / size * 4)
            }
            let bytes = (verseCount + 7) / 8
            var rank = first
            var word = verse >> 6
            var bits = reader.bitmapWord(start, bytes: bytes, word) & (~UInt64(0) << UInt64(verse & 63))
            while rank < last {
                while bits == 0 {
                    word += 1
                    guard word * 64 < verseCount else { throw IndexDamage(reason: "a bitmap block runs short") }
                    bits = reader.bitmapWord(start, bytes: bytes, word)
                }
                let found = word * 64 + bits.trailingZeroBitCount
                guard found < verseCount else { throw IndexDamage(reason: "a bitmap block runs short") }
                bits &= bits - 1
                if try !body(found, rank) { return }
                rank += 1
            }
        }
    }
}

extension PostingList {
    /// Keeps in `verses` (increasing, each below the verse count) those this bitmap holds, one bit test each;
    /// false, leaving `verses` as they are, for a list.
    ///
    /// - Complexity: O(verses).
    func retain(_ verses: inout [Int], _ reader: IndexReader) throws(IndexDamage) -> Bool {
        guard case .bitmap(let start) = storage else { return false }
        let bytes = (verseCount + 7) / 8
        try reader.check(start, bytes)
        guard let base = reader.base else { return false }
        let bits = base + start
        let count = Int64(verseCount)
        let kept = verses.withUnsafeMutableBufferPointer { verses -> Int in
            guard let elements = verses.baseAddress else { return 0 }
            return elements.withMemoryRebound(to: Int64.self, capacity: verses.count) { elements in
                Int(lectern_retain_bitmap(elements, Int64(verses.count), bits, count))
            }
        }
        verses.removeLast(verses.count - kept)
        return true
    }
}

extension PostingList {
    /// The rank among this bitmap's postings of each of `hits` (increasing, each set in the bitmap): its
    /// block's first rank (the block found by galloping from the one before, its first verse in the ranking
    /// bytes) plus the bits set from the block's first verse, or from the hit before when it is in the same
    /// block. A list or a bitmap without ranking bytes goes through `PostingCursor.rank`.
    ///
    /// - Complexity: O(hits × (log blocks passed + the bits counted / 64)).
    func bitmapRanks(of hits: [Int], _ reader: IndexReader) throws(IndexDamage) -> [Int32] {
        guard case .bitmap(let bitmap) = storage, let ranking, blockCount > 0, let base = reader.base else {
            var cursor = PostingCursor(self, reader: reader)
            return try hits.map { verse throws(IndexDamage) in
                guard let rank = try cursor.rank(verse) else { throw IndexDamage(reason: "a hit the postings lack") }
                return Int32(truncatingIfNeeded: rank)
            }
        }
        let starts = ranking + documentFrequency + blockCount * 2
        try reader.check(starts, blockCount * 4)
        let raw = UnsafeRawPointer(base + starts)
        func start(_ block: Int) -> Int {
            Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: block * 4, as: UInt32.self)))
        }
        let bytes = (verseCount + 7) / 8
        try reader.check(bitmap, bytes)
        func count(_ from: Int, _ to: Int) -> Int { reader.bitCount(bitmap, bytes: bytes, bits: from..<to) }
        var block = 0
        var (previous, previousRank) = (-1, -1)
        var ranks = [Int32](repeating: 0, count: hits.count)
        for (index, verse) in hits.enumerated() {
            guard verse >= 0, verse < verseCount, reader.bit(bitmap, verse) else {
                throw IndexDamage(reason: "a hit the postings lack")
            }
            block = PostingCursor.lastBlock(startingAtMost: verse, from: block, count: blockCount, start)
            let first = start(block)
            guard first <= verse else { throw IndexDamage(reason: "a bitmap block starts past its verses") }
            let rank =
                previous >= first
                ? previousRank + count(previous, verse)
                : block * SearchIndexFormat.postingBlockSize + count(first, verse)
            ranks[index] = Int32(truncatingIfNeeded: rank)
            (previous, previousRank) = (verse, rank)
        }
        return ranks
    }
}
