import ScriptureStore

/// A sorted, front-coded term dictionary in the search index (see `SearchIndexFormat`).
///
/// Terms are compared as UTF-8 bytes. Lookups binary-search the blocks by their first term, then
/// decode one block of at most 16 terms.
struct TermDictionary {
    let reader: IndexReader
    /// The region's bytes.
    let region: Range<Int>
    /// Whether each entry carries a value (the exact dictionary's exact ids).
    let hasValues: Bool
    /// How many terms it holds.
    let count: Int
    private let blockCount: Int
    private let offsetsStart: Int
    private let blocksStart: Int

    /// Reads the dictionary's counts and checks that its block offsets fit.
    init(reader: IndexReader, region: Range<Int>, hasValues: Bool) throws(IndexDamage) {
        self.reader = reader
        self.region = region
        self.hasValues = hasValues
        try reader.check(region.lowerBound, min(8, region.count))
        guard region.count >= 8 else { throw IndexDamage(reason: "term dictionary too short") }
        count = try reader.u32(region.lowerBound)
        blockCount = try reader.u32(region.lowerBound + 4)
        guard blockCount == (count + SearchIndexFormat.termBlockSize - 1) / SearchIndexFormat.termBlockSize else {
            throw IndexDamage(reason: "term dictionary: \(blockCount) blocks for \(count) terms")
        }
        offsetsStart = region.lowerBound + 8
        blocksStart = offsetsStart + (blockCount + 1) * 4
        guard blocksStart <= region.upperBound else { throw IndexDamage(reason: "term dictionary offsets too long") }
    }

    /// The byte range of block `index`.
    private func block(_ index: Int) throws(IndexDamage) -> Range<Int> {
        let start = blocksStart + (try reader.u32(offsetsStart + index * 4))
        let end = blocksStart + (try reader.u32(offsetsStart + index * 4 + 4))
        guard start <= end, end <= region.upperBound else { throw IndexDamage(reason: "term block \(index) outside") }
        return start..<end
    }

    /// Compares the first term of block `index` with `key`.
    private func compareFirst(_ index: Int, _ key: [UInt8]) throws(IndexDamage) -> Int {
        let range = try block(index)
        var position = range.lowerBound
        _ = try reader.varint(&position, end: range.upperBound)
        let length = try reader.varint(&position, end: range.upperBound)
        guard length <= range.upperBound - position else { throw IndexDamage(reason: "term runs past its block") }
        return try reader.compare(position, length, with: key)
    }

    /// The rank of the first term not less than `key` (`count` when every term is less).
    ///
    /// - Complexity: O(log blocks + block size × term length).
    func lowerBound(_ key: [UInt8]) throws(IndexDamage) -> Int {
        guard blockCount > 0 else { return 0 }
        // The last block whose first term is <= key.
        var low = 0
        var high = blockCount
        while high - low > 1 {
            let middle = (low + high) / 2
            if try compareFirst(middle, key) <= 0 { low = middle } else { high = middle }
        }
        var result = low * SearchIndexFormat.termBlockSize
        var found = false
        try forEach(inBlock: low) { _, term, _ in
            if !found, term.lexicographicallyPrecedes(key) { result += 1 } else { found = true }
        }
        return min(result, count)
    }

    /// The rank of `key`, or nil when it is not in the dictionary.
    func rank(of key: [UInt8]) throws(IndexDamage) -> Int? {
        let rank = try lowerBound(key)
        guard rank < count, try term(rank).term == key else { return nil }
        return rank
    }

    /// The ranks of the terms that start with `prefix`: a contiguous range, as the terms are sorted.
    func ranks(withPrefix prefix: [UInt8]) throws(IndexDamage) -> Range<Int> {
        let low = try lowerBound(prefix)
        let high = try lowerBound(prefix + [0xFF])  // no UTF-8 byte is 0xFF
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

    /// Encodes sorted, distinct terms (with a value each when `values` is given) as a dictionary region.
    static func encode(_ terms: [[UInt8]], values: [Int]? = nil) -> [UInt8] {
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
        return writer.bytes
    }
}
