import ScriptureStore

/// A sorted, front-coded term dictionary in the search index (see `SearchIndexFormat`).
///
/// Terms are compared as UTF-8 bytes. Opening reads the first eight bytes of each block's first term;
/// a lookup binary-searches those (reading a block's first term only on a tie), then walks one block of
/// at most 16 terms, comparing each with the key in place without rebuilding it.
struct TermDictionary {
    /// Where a dictionary's blocks lie and their first bytes: read once when the index is opened, no pointer.
    struct Shape: Sendable {
        /// The region's bytes.
        let region: Range<Int>
        /// Whether each entry carries a value (the exact dictionary's exact ids).
        let hasValues: Bool
        /// How many terms it holds.
        let count: Int
        let blockCount: Int
        let offsetsStart: Int
        let blocksStart: Int
        /// The first eight bytes of each block's first term, big-endian and zero-padded: their order is the
        /// terms' order wherever they differ (no term holds a zero byte).
        var heads: [UInt64]
    }

    let reader: IndexReader
    private(set) var shape: Shape
    /// How many terms it holds.
    var count: Int { shape.count }
    private var hasValues: Bool { shape.hasValues }
    private var blockCount: Int { shape.blockCount }

    /// A dictionary opened before, read through `reader`.
    init(reader: IndexReader, shape: Shape) {
        self.reader = reader
        self.shape = shape
    }

    /// Reads the dictionary's counts and its blocks' first bytes, and checks every block against its CRC-32C
    /// (u32s at `checksums`); throws when a block lies outside or does not match.
    ///
    /// - Complexity: O(region): every block's bytes are checked, once per store.
    init(reader: IndexReader, region: Range<Int>, hasValues: Bool, checksums: Int) throws(IndexDamage) {
        try reader.check(region.lowerBound, min(8, region.count))
        guard region.count >= 8 else { throw IndexDamage(reason: "term dictionary too short") }
        let count = try reader.u32(region.lowerBound)
        let blockCount = try reader.u32(region.lowerBound + 4)
        guard blockCount == (count + SearchIndexFormat.termBlockSize - 1) / SearchIndexFormat.termBlockSize else {
            throw IndexDamage(part: "the \(hasValues ? "exact" : "folded") dictionary's counts")
        }
        let offsetsStart = region.lowerBound + 8
        let blocksStart = offsetsStart + (blockCount + 1) * 4
        guard blocksStart <= region.upperBound else { throw IndexDamage(reason: "term dictionary offsets too long") }
        self.reader = reader
        shape = Shape(
            region: region, hasValues: hasValues, count: count, blockCount: blockCount, offsetsStart: offsetsStart,
            blocksStart: blocksStart, heads: [])
        var heads: [UInt64] = []
        heads.reserveCapacity(blockCount)
        // Each block ends where the next starts: one offset read a block, and its first term read in place.
        var start = blocksStart + (try reader.u32(offsetsStart))
        for index in 0..<blockCount {
            let end = blocksStart + (try reader.u32(offsetsStart + index * 4 + 4))
            // A block whose bounds are damaged cannot match its checksum either: both say so the same way.
            // (The message is made only then: building it for every block was most of an open's cost.)
            guard start <= end, end <= region.upperBound,
                Int(try reader.crc32c(start..<end)) == (try reader.u32(checksums + index * 4))
            else { throw IndexDamage(part: "term block \(index) of the \(hasValues ? "exact" : "folded") dictionary") }
            var position = start
            _ = try reader.varint(&position, end: end)
            let length = try reader.varint(&position, end: end)
            guard length <= end - position else { throw IndexDamage(reason: "term runs past its block") }
            heads.append(reader.head(position, length))
            start = end
        }
        shape.heads = heads
    }

    /// The byte range of block `index`.
    private func block(_ index: Int) throws(IndexDamage) -> Range<Int> {
        let start = shape.blocksStart + (try reader.u32(shape.offsetsStart + index * 4))
        let end = shape.blocksStart + (try reader.u32(shape.offsetsStart + index * 4 + 4))
        guard start <= end, end <= shape.region.upperBound else {
            throw IndexDamage(reason: "term block \(index) outside")
        }
        return start..<end
    }

    /// The bytes of block `index`'s first term.
    private func firstTerm(_ index: Int) throws(IndexDamage) -> Range<Int> {
        let range = try block(index)
        var position = range.lowerBound
        _ = try reader.varint(&position, end: range.upperBound)
        let length = try reader.varint(&position, end: range.upperBound)
        guard length <= range.upperBound - position else { throw IndexDamage(reason: "term runs past its block") }
        return position..<(position + length)
    }

    /// Where `key` falls: the rank of the first term not less than it, whether that term equals it, and
    /// its value. With `pastPrefix`, the key is read as followed by a byte greater than any (0xFF is no
    /// UTF-8 byte): the rank is then that of the first term after every term that starts with `key`.
    ///
    /// - Complexity: O(log blocks) comparisons of eight-byte heads, then one block's bytes.
    func find(
        _ key: UnsafeBufferPointer<UInt8>, pastPrefix: Bool = false
    ) throws(IndexDamage) -> (rank: Int, found: Bool, value: Int) {
        guard blockCount > 0 else { return (0, false, 0) }
        let keyHead = Self.head(key, pastPrefix: pastPrefix)
        // The last block whose first term is <= key (block 0 when none is).
        var low = 0
        var high = blockCount
        while high - low > 1 {
            let middle = (low + high) / 2
            let head = middle < shape.heads.count ? shape.heads[middle] : 0
            let notAfter: Bool
            if head != keyHead {
                notAfter = head < keyHead
            } else {
                let first = try firstTerm(middle)
                notAfter = try compare(first.lowerBound, first.count, key, pastPrefix: pastPrefix).order <= 0
            }
            if notAfter { low = middle } else { high = middle }
        }
        return try find(key, pastPrefix: pastPrefix, inBlock: low)
    }

    /// Walks block `index` for `find`: each term shares `shared` bytes with the one before, so only its
    /// new bytes are compared with the key, from where the two first differ.
    private func find(
        _ key: UnsafeBufferPointer<UInt8>, pastPrefix: Bool, inBlock index: Int
    ) throws(IndexDamage) -> (rank: Int, found: Bool, value: Int) {
        let range = try block(index)
        let base = index * SearchIndexFormat.termBlockSize
        let terms = min(SearchIndexFormat.termBlockSize, count - base)
        var position = range.lowerBound
        var previousLength = 0
        // How many first bytes the previous term shares with the key (it was less than the key).
        var matched = 0
        for entry in 0..<terms {
            let shared = try reader.varint(&position, end: range.upperBound)
            let length = try reader.varint(&position, end: range.upperBound)
            guard shared <= previousLength, entry > 0 || shared == 0, length <= range.upperBound - position else {
                throw IndexDamage(reason: "term \(entry) of block \(index) is damaged")
            }
            let suffix = position
            position += length
            let value = hasValues ? try reader.varint(&position, end: range.upperBound) : 0
            previousLength = shared + length
            // Sharing more with the previous term than the key does: it differs from the key where the
            // previous one did, the same way (less).
            if shared > matched { continue }
            let (order, common) = try compare(
                suffix, length, UnsafeBufferPointer(rebasing: key[min(shared, key.count)...]), pastPrefix: pastPrefix)
            if order >= 0 { return (base + entry, order == 0, value) }
            matched = shared + common
        }
        return (base + terms, false, 0)
    }

    /// Compares `length` bytes at `offset` with `key` (followed by 0xFF when `pastPrefix`): the order's
    /// sign, and how many first bytes they share.
    @inline(__always)
    private func compare(
        _ offset: Int, _ length: Int, _ key: UnsafeBufferPointer<UInt8>, pastPrefix: Bool
    ) throws(IndexDamage) -> (order: Int, common: Int) {
        let (order, common) = try reader.compare(offset, length, with: key)
        // Past the key's end, the virtual 0xFF is greater than any byte the term has.
        if pastPrefix, common == key.count { return (-1, common) }
        return (order, common)
    }

    /// The first eight bytes of `key`, big-endian and zero-padded; 0xFF after them when `pastPrefix`.
    private static func head(_ key: UnsafeBufferPointer<UInt8>, pastPrefix: Bool) -> UInt64 {
        var head: UInt64 = 0
        for index in 0..<8 {
            let byte: UInt64 = index < key.count ? UInt64(key[index]) : index == key.count && pastPrefix ? 0xFF : 0
            head |= byte << UInt64(56 - 8 * index)
        }
        return head
    }

    /// The rank of `key`, or nil when it is not in the dictionary.
    func rank(of key: [UInt8]) throws(IndexDamage) -> Int? {
        try key.withUnsafeBufferPointer { key throws(IndexDamage) in
            let found = try find(key)
            return found.found ? found.rank : nil
        }
    }

    /// The ranks of the terms that start with `prefix`: a contiguous range, as the terms are sorted.
    func ranks(withPrefix prefix: UnsafeBufferPointer<UInt8>) throws(IndexDamage) -> Range<Int> {
        let low = try find(prefix).rank
        let high = try find(prefix, pastPrefix: true).rank
        return low..<max(low, high)
    }

    /// The term of rank `rank` and its value (0 when the dictionary has none).
    func term(_ rank: Int) throws(IndexDamage) -> (term: [UInt8], value: Int) {
        guard rank >= 0, rank < count else { throw IndexDamage(reason: "term rank \(rank) out of range") }
        var result: (term: [UInt8], value: Int) = ([], 0)
        let wanted = rank % SearchIndexFormat.termBlockSize
        try forEach(inBlock: rank / SearchIndexFormat.termBlockSize) { index, term, value in
            if index == wanted { result = (term, value) }
        }
        return result
    }

    /// The values of the terms of ranks `ranks`, in rank order (the exact ids of a prefix's terms).
    ///
    /// - Complexity: O(blocks covered × block size).
    func values(in ranks: Range<Int>) throws(IndexDamage) -> [Int] {
        guard !ranks.isEmpty else { return [] }
        guard ranks.lowerBound >= 0, ranks.upperBound <= count else { throw IndexDamage(reason: "ranks out of range") }
        var values: [Int] = []
        values.reserveCapacity(ranks.count)
        let size = SearchIndexFormat.termBlockSize
        for block in (ranks.lowerBound / size)...((ranks.upperBound - 1) / size) {
            try forEach(inBlock: block) { offset, _, value in
                if ranks.contains(block * size + offset) { values.append(value) }
            }
        }
        return values
    }

    /// Calls `body` with every term in rank order: rank, UTF-8 bytes, value.
    func forEach(_ body: (Int, [UInt8], Int) throws(IndexDamage) -> Void) throws(IndexDamage) {
        for index in 0..<blockCount {
            let base = index * SearchIndexFormat.termBlockSize
            try forEach(inBlock: index) { offset, term, value throws(IndexDamage) in
                try body(base + offset, term, value)
            }
        }
    }

    /// Decodes block `index`, calling `body` with each term's position in the block, bytes and value.
    private func forEach(
        inBlock index: Int, _ body: (Int, [UInt8], Int) throws(IndexDamage) -> Void
    ) throws(IndexDamage) {
        let range = try block(index)
        let terms = min(SearchIndexFormat.termBlockSize, count - index * SearchIndexFormat.termBlockSize)
        var position = range.lowerBound
        var term: [UInt8] = []
        for entry in 0..<terms {
            let shared = try reader.varint(&position, end: range.upperBound)
            let length = try reader.varint(&position, end: range.upperBound)
            guard shared <= term.count, entry > 0 || shared == 0, length <= range.upperBound - position else {
                throw IndexDamage(reason: "term \(entry) of block \(index) is damaged")
            }
            term.removeSubrange(shared...)
            try reader.append(position, length, to: &term)
            position += length
            let value = hasValues ? try reader.varint(&position, end: range.upperBound) : 0
            try body(entry, term, value)
        }
        guard position == range.upperBound else { throw IndexDamage(reason: "term block \(index) has extra bytes") }
    }

    /// Encodes sorted, distinct terms (with a value each when `values` is given) as a dictionary region, with
    /// the CRC-32C of each block.
    static func encode(_ terms: [[UInt8]], values: [Int]? = nil) -> (region: [UInt8], checksums: [UInt32]) {
        let blockCount = (terms.count + SearchIndexFormat.termBlockSize - 1) / SearchIndexFormat.termBlockSize
        var blocks = ByteWriter()
        var offsets = [0]
        for block in 0..<blockCount {
            var previous: [UInt8] = []
            let start = block * SearchIndexFormat.termBlockSize
            for index in start..<min(terms.count, start + SearchIndexFormat.termBlockSize) {
                let term = terms[index]
                var shared = 0
                if index > start {
                    while shared < min(previous.count, term.count), previous[shared] == term[shared] { shared += 1 }
                }
                blocks.varint(shared)
                blocks.varint(term.count - shared)
                blocks.append(term[shared...])
                if let values { blocks.varint(values[index]) }
                previous = term
            }
            offsets.append(blocks.count)
        }
        var writer = ByteWriter()
        writer.u32(UInt32(terms.count))
        writer.u32(UInt32(blockCount))
        for offset in offsets { writer.u32(UInt32(offset)) }
        writer.append(blocks.bytes)
        let checksums = (0..<blockCount).map { CRC32C.checksum(Array(blocks.bytes[offsets[$0]..<offsets[$0 + 1]])) }
        return (writer.bytes, checksums)
    }
}
