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

    /// Encodes every term's postings (term `id` is `postings[id]`): the offsets region (one u32 a term, then the
    /// end) and the postings region.
    static func encodeAll(_ postings: [[Int32]], verseCount: Int) -> (offsets: [UInt8], postings: [UInt8]) {
        var offsets = ByteWriter()
        var bytes = ByteWriter()
        for (id, list) in postings.enumerated() {
            offsets.u32(UInt32(bytes.count))
            encode(list, verseCount: verseCount, term: id, into: &bytes)
        }
        offsets.u32(UInt32(bytes.count))
        return (offsets.bytes, bytes.bytes)
    }

    /// Encodes the postings of folded term `id`: `verses` increasing, in `0..<verseCount`, after their CRC-32C.
    static func encode(_ verses: [Int32], verseCount: Int, term id: Int, into output: inout ByteWriter) {
        var writer = ByteWriter()
        defer {
            output.u32(CRC32C.checksum(writer.bytes, continuing: IndexReader.crc32c(of: id)))
            output.append(writer.bytes)
        }
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

    init(_ list: PostingList, reader: IndexReader) {
        self.reader = reader
        storage = list.storage
        documentFrequency = list.documentFrequency
        verseCount = list.verseCount
        if case .list(_, _, let data, _) = list.storage { position = data }
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
