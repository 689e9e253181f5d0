import LecternKernels

/// The first eight bytes of each block's first term of a `TermDictionary`, made once the dictionary has
/// answered enough look-ups to pay for it: a look-up then finds its block by a binary search of these
/// numbers in memory, not of the blocks' first terms in the index.
///
/// The table is derived from the index's bytes when it is made (no index format change) and only guides:
/// the look-up still compares the key with the real first terms of the block it lands in and of the next
/// one (each block checked against its CRC-32C when first read), and falls back to the binary search of
/// the blocks when they disagree with the table, so a damaged table cannot change an answer.
final class TermBlockPrefixes: Sendable {
    /// How many look-ups a dictionary answers by the binary search of its blocks before the table is made.
    /// A one-off search (`lectern search`, `--bible all` over many versions) never pays for it.
    static let lookupsBeforeTable = 16

    /// Each block's first term's first eight bytes, as a big-endian number (zeros past its end).
    struct Table: Sendable {
        let prefixes: [UInt64]

        /// The last block whose first term's prefix is at most the key's (block 0 when none is): the block
        /// the key falls in, or one after it when several blocks' first terms share the key's prefix.
        ///
        /// - Complexity: O(log blocks), in memory.
        @inline(__always)
        func block(for key: UInt64) -> Int {
            prefixes.withUnsafeBufferPointer { prefixes in
                var low = 0
                var high = prefixes.count
                while high - low > 1 {
                    let middle = (low + high) &>> 1
                    if prefixes[middle] <= key { low = middle } else { high = middle }
                }
                return low
            }
        }
    }

    /// The table's prefixes, kept alive by the cache.
    private final class Storage: Sendable {
        let table: Table
        init(_ table: Table) { self.table = table }
    }

    /// The table, made on the `lookupsBeforeTable`-th look-up (the package's counted lazy value).
    private let made = CountedLazy<Storage>(threshold: lookupsBeforeTable)

    init() {}

    /// The table once it is made; counts the look-up, and makes it (with `make`) once there were enough.
    /// Nil before, and for good when `make` gave nil (a dictionary whose bytes do not read).
    @inline(__always)
    func table(_ make: () -> Table?) -> Table? {
        made.value { make().map(Storage.init) }?.table
    }

    /// The first eight bytes of `key` as a big-endian number, zeros past its end, or 0xFF bytes when
    /// `pastPrefix` (the key then stands for itself followed by a byte greater than any).
    @inline(__always)
    static func prefix(_ key: UnsafeBufferPointer<UInt8>, pastPrefix: Bool) -> UInt64 {
        if key.isEmpty { return pastPrefix ? .max : 0 }
        var value: UInt64 = 0
        let count = min(8, key.count)
        for index in 0..<count { value = value << 8 | UInt64(key[index]) }
        if count == 8 { return value }
        let shift = UInt64(8 * (8 - count))
        value <<= shift
        return pastPrefix ? value | ((1 << shift) - 1) : value
    }
}
