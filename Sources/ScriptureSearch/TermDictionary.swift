import LecternKernels
import ScriptureStore

/// A sorted, front-coded term dictionary in the search index (see `SearchIndexFormat`).
///
/// Terms are compared as UTF-8 bytes. Opening reads only the counts; a lookup binary-searches the blocks'
/// first terms, then walks one block of at most 16 terms, comparing each with the key in place without
/// rebuilding it. Each block is checked against its CRC-32C the first time it is read.
struct TermDictionary {
    /// Where a dictionary's blocks lie: read once when the index is opened, no pointer.
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
        /// Where block 0's CRC-32C is (u32s, one a block).
        let checksums: Int
        /// Block 0's place in the index's `CheckedParts` (block `b` is at `firstPart + b`).
        let firstPart: Int
        /// The blocks' first terms' prefixes, made after enough look-ups.
        let prefixes = TermBlockPrefixes()
    }

    let reader: IndexReader
    let shape: Shape
    /// The blocks checked so far (the index's, from `shape.firstPart` on).
    let checked: CheckedParts
    /// How many terms it holds.
    var count: Int { shape.count }
    private var hasValues: Bool { shape.hasValues }
    private var blockCount: Int { shape.blockCount }

    /// A dictionary opened before, read through `reader`.
    init(reader: IndexReader, shape: Shape, checked: CheckedParts) {
        self.reader = reader
        self.shape = shape
        self.checked = checked
    }

    /// Reads the dictionary's counts and checks that its block offsets fit in the region; the blocks are
    /// checked against their CRC-32Cs (u32s at `checksums`) when first read, and noted in `checked` from
    /// `firstPart` on.
    ///
    /// - Complexity: O(1).
    init(
        reader: IndexReader, region: Range<Int>, hasValues: Bool, checksums: Int, firstPart: Int,
        checked: CheckedParts
    ) throws(IndexDamage) {
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
        self.checked = checked
        shape = Shape(
            region: region, hasValues: hasValues, count: count, blockCount: blockCount, offsetsStart: offsetsStart,
            blocksStart: blocksStart, checksums: checksums, firstPart: firstPart)
    }

    /// The byte range of block `index`, checked against its CRC-32C on its first read (once per store).
    ///
    /// - Complexity: O(1) once checked; the first time, O(the block's bytes).
    @inline(__always)
    private func block(_ index: Int) throws(IndexDamage) -> Range<Int> {
        guard index >= 0, index < blockCount else { throw IndexDamage(reason: "term block \(index) out of range") }
        let start = shape.blocksStart + (try reader.u32(shape.offsetsStart + index * 4))
        let end = shape.blocksStart + (try reader.u32(shape.offsetsStart + index * 4 + 4))
        let inside = start <= end && end <= shape.region.upperBound
        if inside, checked.contains(shape.firstPart + index) { return start..<end }
        // A block whose bounds are damaged cannot match its checksum either: both say so the same way.
        guard inside, Int(try reader.crc32c(start..<end)) == (try reader.u32(shape.checksums + index * 4))
        else { throw IndexDamage(part: "term block \(index) of the \(hasValues ? "exact" : "folded") dictionary") }
        checked.insert(shape.firstPart + index)
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
    /// - Complexity: O(log blocks) comparisons with blocks' first terms, then one block's bytes (each block
    ///   read is checked the first time).
    func find(
        _ key: UnsafeBufferPointer<UInt8>, pastPrefix: Bool = false
    ) throws(IndexDamage) -> (rank: Int, found: Bool, value: Int) {
        guard blockCount > 0 else { return (0, false, 0) }
        if let table = shape.prefixes.table({ prefixTable() }),
            let found = try find(key, pastPrefix: pastPrefix, from: table)
        {
            return found
        }
        // The last block whose first term is <= key (block 0 when none is).
        var low = 0
        var high = blockCount
        while high - low > 1 {
            let middle = (low + high) / 2
            let first = try firstTerm(middle)
            if try compare(first.lowerBound, first.count, key, pastPrefix: pastPrefix).order <= 0 {
                low = middle
            } else {
                high = middle
            }
        }
        return try find(key, pastPrefix: pastPrefix, inBlock: low).result
    }

    /// `find` through the blocks' prefixes: the block they point to is walked, and its first term and the
    /// next block's are compared with the key as the binary search would; nil when they do not bound the
    /// key (a damaged table), for the binary search to answer.
    ///
    /// - Complexity: O(log blocks) in memory, then one block's bytes and the next block's first term.
    private func find(
        _ key: UnsafeBufferPointer<UInt8>, pastPrefix: Bool, from table: TermBlockPrefixes.Table
    ) throws(IndexDamage) -> (rank: Int, found: Bool, value: Int)? {
        var block = table.block(for: TermBlockPrefixes.prefix(key, pastPrefix: pastPrefix))
        // Blocks whose first terms share the key's first eight bytes: the key may lie in one before.
        for _ in 0..<4 {
            let walk = try find(key, pastPrefix: pastPrefix, inBlock: block)
            if walk.belowFirst, block > 0 {
                block -= 1
                continue
            }
            if walk.pastLast, block + 1 < blockCount {
                let next = try firstTerm(block + 1)
                guard try compare(next.lowerBound, next.count, key, pastPrefix: pastPrefix).order > 0 else {
                    return nil
                }
            }
            return walk.result
        }
        return nil
    }

    /// Walks block `index` for `find`: each term shares `shared` bytes with the one before, so only its
    /// new bytes are compared with the key, from where the two first differ. Also says whether the key is
    /// below the block's first term, and whether it is above its last.
    private func find(
        _ key: UnsafeBufferPointer<UInt8>, pastPrefix: Bool, inBlock index: Int
    ) throws(IndexDamage) -> (result: (rank: Int, found: Bool, value: Int), belowFirst: Bool, pastLast: Bool) {
        let base = index * SearchIndexFormat.termBlockSize
        let terms = min(SearchIndexFormat.termBlockSize, count - base)
        // The block's bytes, checked once: read in place below, every read within them.
        let bytes = try reader.bytes(try block(index))
        let end = bytes.count
        var position = 0
        var previousLength = 0
        // How many first bytes the previous term shares with the key (it was less than the key).
        var matched = 0
        for entry in 0..<terms {
            guard let shared = Varint.read(bytes, at: &position), let length = Varint.read(bytes, at: &position),
                shared <= previousLength, entry > 0 || shared == 0, length <= end - position
            else { throw IndexDamage(reason: "term \(entry) of block \(index) is damaged") }
            let suffix = position
            position += length
            var value = 0
            if hasValues {
                guard let read = Varint.read(bytes, at: &position) else {
                    throw IndexDamage(reason: "term \(entry) of block \(index) is damaged")
                }
                value = read
            }
            previousLength = shared + length
            // Sharing more with the previous term than the key does: it differs from the key where the
            // previous one did, the same way (less).
            if shared > matched { continue }
            // The term's new bytes against the key's from `shared` on (the key followed by 0xFF when
            // `pastPrefix`): the order's sign, and how many they share.
            let from = min(shared, key.count)
            let rest = key.count - from
            var common = 0
            let both = min(length, rest)
            while common < both, bytes[suffix + common] == key[from + common] { common += 1 }
            var order: Int
            if common < both {
                order = bytes[suffix + common] < key[from + common] ? -1 : 1
            } else {
                order = length - rest
                if pastPrefix, common == rest { order = -1 }
            }
            if order >= 0 { return ((base + entry, order == 0, value), entry == 0 && order > 0, false) }
            matched = shared + common
        }
        return ((base + terms, false, 0), false, true)
    }

    /// The prefixes of the blocks' first terms (`TermBlockPrefixes`), read without checking the blocks'
    /// CRC-32Cs (a look-up checks the blocks it reads); nil when a block's bounds or first term do not read.
    ///
    /// - Complexity: O(blocks), once per dictionary and store.
    private func prefixTable() -> TermBlockPrefixes.Table? {
        var prefixes: [UInt64] = []
        prefixes.reserveCapacity(blockCount)
        do throws(IndexDamage) {
            for index in 0..<blockCount {
                var position = shape.blocksStart + (try reader.u32(shape.offsetsStart + index * 4))
                let end = shape.blocksStart + (try reader.u32(shape.offsetsStart + index * 4 + 4))
                guard position <= end, end <= shape.region.upperBound else { return nil }
                _ = try reader.varint(&position, end: end)
                let length = try reader.varint(&position, end: end)
                guard length <= end - position else { return nil }
                let bytes = try reader.bytes(position..<(position + min(8, length)))
                prefixes.append(TermBlockPrefixes.prefix(bytes, pastPrefix: false))
            }
        } catch {
            return nil
        }
        return TermBlockPrefixes.Table(prefixes: prefixes)
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
}
