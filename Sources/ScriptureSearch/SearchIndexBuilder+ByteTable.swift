import ScriptureModel
import ScriptureStore

extension SearchIndexBuilder {
    /// Byte strings numbered in the order first met: an open-addressing table of `ByteHash` hashes over one
    /// arena of bytes, so that a look-up of a string met before makes no `String`, no `Hasher` pass and no copy.
    ///
    /// Strings are compared byte for byte: two canonically equivalent spellings are two entries (`String`'s own
    /// hashing and equality would normalize text that is not ASCII, Hebrew points or Greek accents, on every
    /// look-up).
    struct ByteTable {
        /// Each slot's entry: the id + 1 in the low 32 bits (0 when empty) and the top 32 bits of the entry's
        /// hash in the high ones, so that a probe compares bytes only when the tags agree; a power of two in
        /// count, at most half full.
        private var slots = [UInt64](repeating: 0, count: 1024)
        private var shift = UInt64(64 - 10)
        /// Each entry's hash, by id.
        private(set) var hashes: [UInt64] = []
        /// The entries' bytes, by id.
        private(set) var strings = ByteStrings()

        /// How many strings it holds.
        var count: Int { hashes.count }

        /// The id of `bytes`, and whether it is new: a string not met before gets the next id.
        ///
        /// - Complexity: O(bytes) expected.
        mutating func id(of bytes: UnsafeBufferPointer<UInt8>) -> (id: Int, isNew: Bool) {
            id(of: bytes, hash: Self.hash(bytes))
        }

        /// The hash `id(of:)` files `bytes` under: eight bytes at a time, the last eight (or, for fewer, the
        /// first and last four, or the first, middle and last byte) read as one word that overlaps the one
        /// before, then the length, and a final mix.
        ///
        /// - Complexity: O(bytes), no loop for eight bytes or fewer.
        @inline(__always)
        static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            let count = bytes.count
            var hash = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count) &* 0xA076_1D64_78BD_642F
            if let base = bytes.baseAddress, count > 0 {
                let raw = UnsafeRawPointer(base)
                let last: UInt64
                if count >= 8 {
                    var index = 0
                    while count - index > 8 {
                        hash =
                            (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
                        hash ^= hash >> 32
                        index += 8
                    }
                    last = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                } else if count >= 4 {
                    last =
                        UInt64(raw.loadUnaligned(as: UInt32.self)) << 32
                        | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
                } else {
                    last = UInt64(base[0]) << 16 | UInt64(base[count >> 1]) << 8 | UInt64(base[count - 1])
                }
                hash = (hash ^ last) &* 0xC4CE_B9FE_1A85_EC53
            }
            hash ^= hash >> 29
            hash = hash &* 0xBF58_476D_1CE4_E5B9
            return hash ^ hash >> 32
        }

        /// Whether two byte strings are equal: up to sixteen bytes compared as two overlapping words each.
        @inline(__always)
        static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
            let count = a.count
            guard count == b.count else { return false }
            guard count <= 16, let x = a.baseAddress.map(UnsafeRawPointer.init),
                let y = b.baseAddress.map(UnsafeRawPointer.init)
            else { return ByteHash.equal(a, b) }
            if count >= 8 {
                return x.loadUnaligned(as: UInt64.self) == y.loadUnaligned(as: UInt64.self)
                    && x.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                        == y.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            }
            if count >= 4 {
                return x.loadUnaligned(as: UInt32.self) == y.loadUnaligned(as: UInt32.self)
                    && x.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                        == y.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            }
            for index in 0..<count where a[index] != b[index] { return false }
            return true
        }

        /// `id(of: bytes)`, given their `hash(_:)` (another table's, when merging it into this one).
        ///
        /// - Complexity: O(bytes) expected.
        mutating func id(of bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (id: Int, isNew: Bool) {
            let tag = hash & 0xFFFF_FFFF_0000_0000
            let mask = slots.count - 1
            var slot = Self.slot(hash, shift)
            let found: Int? = slots.withUnsafeBufferPointer { slots in
                strings.withStrings { strings in
                    while true {
                        let entry = slots[slot]
                        if entry == 0 { return nil }
                        if entry & 0xFFFF_FFFF_0000_0000 == tag {
                            let id = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                            if Self.equal(strings[id], bytes) { return id }
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
            if let found { return (found, false) }
            let id = hashes.count
            hashes.append(hash)
            strings.append(bytes)
            slots[slot] = tag | UInt64(truncatingIfNeeded: id + 1)
            if hashes.count * 2 > slots.count { grow() }
            return (id, true)
        }

        /// The slot a hash starts probing at: its top bits after a Fibonacci multiply.
        @inline(__always)
        private static func slot(_ hash: UInt64, _ shift: UInt64) -> Int {
            Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> shift)
        }

        /// Doubles the slots and places every entry again.
        private mutating func grow() {
            slots = [UInt64](repeating: 0, count: slots.count * 2)
            shift -= 1
            let mask = slots.count - 1
            for (id, hash) in hashes.enumerated() {
                var slot = Self.slot(hash, shift)
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(truncatingIfNeeded: id + 1)
            }
        }
    }
}
