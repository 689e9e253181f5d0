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

    /// Reads the head of folded term `id`'s postings.
    init(_ index: IndexView, term id: Int) throws(IndexDamage) {
        let reader = index.reader
        let offsets = index.layout.range(.postingOffsets)
        let postings = index.layout.range(.postings)
        guard id >= 0, id < index.layout.foldedCount else { throw IndexDamage(reason: "term \(id) out of range") }
        let start = postings.lowerBound + (try reader.u32(offsets.lowerBound + id * 4))
        let end = postings.lowerBound + (try reader.u32(offsets.lowerBound + id * 4 + 4))
        guard start < end, end <= postings.upperBound else {
            throw IndexDamage(reason: "postings of term \(id) outside")
        }
        var position = start
        documentFrequency = try reader.varint(&position, end: end)
        verseCount = index.layout.verseCount
        let kind = try reader.u8(position)
        position += 1
        guard documentFrequency <= verseCount else { throw IndexDamage(reason: "term \(id): df \(documentFrequency)") }
        switch kind {
        case 0:
            let skipCount = try reader.varint(&position, end: end)
            guard skipCount == max(0, documentFrequency - 1) / SearchIndexFormat.postingBlockSize,
                skipCount <= (end - position) / 8
            else { throw IndexDamage(reason: "term \(id): \(skipCount) skips") }
            storage = .list(skips: position, skipCount: skipCount, data: position + skipCount * 8, end: end)
        case 1:
            guard end - position == (verseCount + 7) / 8 else { throw IndexDamage(reason: "term \(id): bitmap length") }
            storage = .bitmap(start: position)
        default:
            throw IndexDamage(reason: "term \(id): unknown postings kind \(kind)")
        }
    }

    /// Appends every verse in increasing order to `verses`.
    ///
    /// - Complexity: O(df) for a list, O(V / 8) for a bitmap.
    func decode(_ reader: IndexReader, into verses: inout [Int32]) throws(IndexDamage) {
        switch storage {
        case .list(_, _, let data, let end):
            var position = data
            var verse = -1
            verses.reserveCapacity(verses.count + documentFrequency)
            for _ in 0..<documentFrequency {
                verse += try reader.varint(&position, end: end) + 1
                guard verse < verseCount else { throw IndexDamage(reason: "posting past the last verse") }
                verses.append(Int32(truncatingIfNeeded: verse))
            }
        case .bitmap(let start):
            for verse in 0..<verseCount where reader.bit(start, verse) {
                verses.append(Int32(truncatingIfNeeded: verse))
            }
        }
    }

    /// Adds every verse to `set`.
    func add(_ reader: IndexReader, to set: inout IDSet) throws(IndexDamage) {
        switch storage {
        case .list(_, _, let data, let end):
            var position = data
            var verse = -1
            for _ in 0..<documentFrequency {
                verse += try reader.varint(&position, end: end) + 1
                guard verse < verseCount else { throw IndexDamage(reason: "posting past the last verse") }
                set.insert(verse)
            }
        case .bitmap(let start):
            try reader.orBitmap(start, bits: verseCount, into: &set.words)
        }
    }

    /// Encodes the postings of one term: `verses` increasing, in `0..<verseCount`.
    static func encode(_ verses: [Int32], verseCount: Int, into writer: inout ByteWriter) {
        writer.varint(verses.count)
        var gaps = ByteWriter()
        var skips = ByteWriter()
        var previous = -1
        for (index, verse) in verses.enumerated() {
            if index > 0, index % SearchIndexFormat.postingBlockSize == 0 {
                skips.u32(UInt32(previous))
                skips.u32(UInt32(gaps.count))
            }
            gaps.varint(Int(verse) - previous - 1)
            previous = Int(verse)
        }
        var list = ByteWriter()
        list.varint(skips.count / 8)
        list.append(skips.bytes)
        list.append(gaps.bytes)
        let bitmapSize = (verseCount + 7) / 8
        if bitmapSize < list.count {
            writer.u8(1)
            var bitmap = [UInt8](repeating: 0, count: bitmapSize)
            for verse in verses { bitmap[Int(verse) >> 3] |= 1 << UInt8(verse & 7) }
            writer.append(bitmap)
        } else {
            writer.u8(0)
            writer.append(list.bytes)
        }
    }
}

/// Answers "does the term occur in verse v?" for increasing v, skipping through a list or testing a bitmap.
struct PostingCursor {
    private let list: PostingList
    private let reader: IndexReader
    private var position = 0
    private var current = -1
    /// How many verses have been decoded.
    private var decoded = 0
    private var nextSkip = 0

    init(_ list: PostingList, reader: IndexReader) {
        self.list = list
        self.reader = reader
        if case .list(_, _, let data, _) = list.storage { position = data }
    }

    /// Whether the term occurs in `verse`; calls must come with non-decreasing verses.
    ///
    /// - Complexity: O(1) for a bitmap; amortised O(gaps passed) for a list, with a binary search of the
    ///   skips to jump over whole blocks.
    mutating func contains(_ verse: Int) throws(IndexDamage) -> Bool {
        switch list.storage {
        case .bitmap(let start):
            return verse < list.verseCount && reader.bit(start, verse)
        case .list(let skips, let skipCount, let data, let end):
            if current >= verse { return current == verse }
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
            while decoded < list.documentFrequency {
                current += try reader.varint(&position, end: end) + 1
                decoded += 1
                if current >= verse { return current == verse }
            }
            current = Int.max
            return false
        }
    }
}

/// A set of small integers (verses, term ids) as a bitmap, one bit each.
struct IDSet {
    var words: [UInt64]

    /// An empty set for ids `0..<count`.
    init(count: Int) {
        words = [UInt64](repeating: 0, count: (count + 63) / 64)
    }

    @inline(__always)
    mutating func insert(_ verse: Int) {
        guard verse >= 0, verse >> 6 < words.count else { return }
        words[verse >> 6] |= 1 << UInt64(verse & 63)
    }

    @inline(__always)
    func contains(_ verse: Int) -> Bool {
        guard verse >= 0, verse >> 6 < words.count else { return false }
        return words[verse >> 6] & (1 << UInt64(verse & 63)) != 0
    }

    /// The verses in increasing order.
    func sorted() -> [Int32] {
        var result: [Int32] = []
        for (index, word) in words.enumerated() where word != 0 {
            var rest = word
            while rest != 0 {
                result.append(Int32(index << 6 + rest.trailingZeroBitCount))
                rest &= rest - 1
            }
        }
        return result
    }
}
