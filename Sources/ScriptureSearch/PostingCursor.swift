import ScriptureStore

/// Answers "does the term occur in verse v?" for increasing v, skipping through a list or testing a bitmap.
struct PostingCursor {
    private let reader: IndexReader
    private let storage: PostingList.Storage
    private let documentFrequency: Int
    private let verseCount: Int
    private var position = 0
    private var current = -1
    /// How many verses have been decoded.
    private var decoded = 0
    private var nextSkip = 0
    /// At most the verse of skip entry `nextSkip` (the last verse before the block after the current one):
    /// a verse up to it lies in the current block, so no skip is looked at.
    private var skipVerse = -1
    /// For a bitmap: the next word whose set bits `counted` does not include yet, and how many verses
    /// the words before it hold (so that a verse's rank costs the words passed).
    private var word = 0
    private var counted = 0
    /// For a bitmap with ranking bytes: where its blocks' first verses are (u32 each), how many, and the
    /// block of the last verse ranked.
    private var blockStarts: Int?
    private var blockCount = 0
    private var block = 0
    /// Whether the block starts were found inside the section (the first time a verse is ranked).
    private var startsChecked = false

    init(_ list: PostingList, reader: IndexReader) {
        self.reader = reader
        storage = list.storage
        documentFrequency = list.documentFrequency
        verseCount = list.verseCount
        if case .list(_, _, let data, _) = list.storage { position = data }
        if case .bitmap = list.storage, let ranking = list.ranking {
            blockStarts = ranking + list.documentFrequency + list.blockCount * 2
            blockCount = list.blockCount
        }
    }

    /// Whether the term occurs in `verse`; calls must come with non-decreasing verses.
    ///
    /// - Complexity: O(1) for a bitmap; amortised O(gaps passed) for a list, with a binary search of the
    ///   skips to jump over whole blocks.
    mutating func contains(_ verse: Int) throws(IndexDamage) -> Bool {
        switch storage {
        case .bitmap(let start):
            return verse < verseCount && reader.bit(start, verse)
        case .list(let skips, let skipCount, let data, let end):
            if current >= verse { return current == verse }
            if verse > skipVerse { try skip(toward: verse, skips: skips, skipCount: skipCount, data: data, end: end) }
            while decoded < documentFrequency {
                current += try reader.varint(&position, end: end) + 1
                decoded += 1
                if current >= verse { return current == verse }
            }
            current = Int.max
            return false
        }
    }

    /// The rank of `verse` among the term's postings (from 0), or nil when the term does not occur in it;
    /// calls must come with non-decreasing verses.
    ///
    /// - Complexity: as `contains` for a list; amortised O(words passed) for a bitmap.
    mutating func rank(_ verse: Int) throws(IndexDamage) -> Int? {
        switch storage {
        case .bitmap(let start):
            guard verse >= 0, verse < verseCount else { return nil }
            let bytes = (verseCount + 7) / 8
            if let blockStarts {
                guard reader.bit(start, verse) else { return nil }
                return try blockRank(verse, starts: blockStarts, bitmap: start, bytes: bytes)
            }
            if word < verse >> 6 {
                counted += reader.bitCount(start, bytes: bytes, words: word..<(verse >> 6))
                word = verse >> 6
            }
            let bits = reader.bitmapWord(start, bytes: bytes, word)
            let bit = UInt64(1) << UInt64(verse & 63)
            guard bits & bit != 0 else { return nil }
            return counted + (bits & (bit - 1)).nonzeroBitCount
        case .list:
            return try contains(verse) ? decoded - 1 : nil
        }
    }

    /// The rank of `verse`, set in the bitmap at `bitmap`: its block's rank (the last block whose first verse
    /// is at most `verse`, galloping from the block before) and the bits from that block's first verse.
    private mutating func blockRank(_ verse: Int, starts: Int, bitmap: Int, bytes: Int) throws(IndexDamage) -> Int {
        // The block starts checked against the section once, then read in place.
        if !startsChecked {
            try reader.check(starts, blockCount * 4)
            startsChecked = true
        }
        guard let base = reader.base, blockCount > 0 else { throw IndexDamage(reason: "a bitmap without blocks") }
        let raw = UnsafeRawPointer(base + starts)
        func start(_ block: Int) -> Int {
            Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: block * 4, as: UInt32.self)))
        }
        let low = Self.lastBlock(startingAtMost: verse, from: min(block, blockCount - 1), count: blockCount, start)
        block = low
        let first = start(low)
        guard first <= verse else { throw IndexDamage(reason: "a bitmap block starts past its verses") }
        return low * SearchIndexFormat.postingBlockSize + reader.bitCount(bitmap, bytes: bytes, bits: first..<verse)
    }

    /// The last of `count` blocks, from block `from` on, whose first verse (`start(block)`) is at most
    /// `verse`: galloping forward from `from`, then a binary search of the last step.
    @inline(__always)
    static func lastBlock(startingAtMost verse: Int, from: Int, count: Int, _ start: (Int) -> Int) -> Int {
        var low = from
        var step = 1
        while low + step < count, start(low + step) <= verse {
            low += step
            step *= 2
        }
        var high = min(low + step, count)
        while high - low > 1 {
            let middle = (low + high) / 2
            if start(middle) <= verse { low = middle } else { high = middle }
        }
        return low
    }

    /// Jumps to the block that holds `verse` when it lies past the current block (a binary search of the
    /// skips), and notes the next skip entry's verse.
    private mutating func skip(
        toward verse: Int, skips: Int, skipCount: Int, data: Int, end: Int
    ) throws(IndexDamage) {
        nextSkip = max(nextSkip, decoded / SearchIndexFormat.postingBlockSize)
        if nextSkip < skipCount, try reader.u32(skips + nextSkip * 8) < verse {
            var low = nextSkip
            var high = skipCount
            while high - low > 1 {
                let middle = (low + high) / 2
                if try reader.u32(skips + middle * 8) < verse { low = middle } else { high = middle }
            }
            let base = try reader.u32(skips + low * 8)
            let offset = try reader.u32(skips + low * 8 + 4)
            guard base >= current, offset <= end - data else { throw IndexDamage(reason: "bad skip entry") }
            current = base
            position = data + offset
            decoded = (low + 1) * SearchIndexFormat.postingBlockSize
            nextSkip = low + 1
        }
        skipVerse = nextSkip < skipCount ? try reader.u32(skips + nextSkip * 8) : Int.max
    }
}
