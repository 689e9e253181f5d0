/// An open-addressing table from 64-bit hashes to entry indices, for tables that keep their entries (and
/// compare them) themselves: the encoder's styles (`StyleSet`) and the file's string pool (`StringPool`).
///
/// Linear probing from the hash's middle bits, at most half full; a slot's hash is kept with its entry so
/// that probing compares hashes before entries, and growing needs no entry hashed again.
struct HashSlots: Sendable {
    /// Per slot: the hash (never 0, which marks an empty slot) and the entry.
    private var hashes: [UInt64]
    private var entries: [Int]
    private var mask: Int
    /// How many entries are placed.
    private(set) var count = 0

    /// An empty table with room for `capacity` entries before it first grows (rounded up to a power of two).
    init(capacity: Int = 512) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        hashes = Array(repeating: 0, count: size)
        entries = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// The entry under `hash` for which `matches` holds, probing the entries placed under the same hash.
    @inline(__always)
    func find(_ hash: UInt64, where matches: (Int) -> Bool) -> Int? {
        let hash = hash | 1
        var position = Int(truncatingIfNeeded: hash >> 20) & mask
        while hashes[position] != 0 {
            if hashes[position] == hash, matches(entries[position]) { return entries[position] }
            position = (position + 1) & mask
        }
        return nil
    }

    /// Places `entry` under `hash` (which `find` did not find it under).
    mutating func insert(_ hash: UInt64, entry: Int) {
        if (count + 1) * 2 > hashes.count { grow() }
        place(hash | 1, entry)
        count += 1
    }

    private mutating func place(_ hash: UInt64, _ entry: Int) {
        var position = Int(truncatingIfNeeded: hash >> 20) & mask
        while hashes[position] != 0 { position = (position + 1) & mask }
        hashes[position] = hash
        entries[position] = entry
    }

    private mutating func grow() {
        let (oldHashes, oldEntries) = (hashes, entries)
        hashes = Array(repeating: 0, count: oldHashes.count * 2)
        entries = Array(repeating: 0, count: oldHashes.count * 2)
        mask = hashes.count - 1
        for position in oldHashes.indices where oldHashes[position] != 0 {
            place(oldHashes[position], oldEntries[position])
        }
    }
}
