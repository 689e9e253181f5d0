extension SearchIndexBuilder {
    /// Byte strings numbered in the order first met: an open-addressing table of FNV-1a hashes over one arena
    /// of bytes, so that a look-up of a string met before makes no `String`, no `Hasher` pass and no copy.
    ///
    /// Strings are compared byte for byte: two canonically equivalent spellings are two entries (`String`'s own
    /// hashing and equality would normalize text that is not ASCII, Hebrew points or Greek accents, on every
    /// look-up).
    struct ByteTable {
        /// Each slot's entry id + 1, 0 when empty; a power of two in count, at most half full.
        private var slots = [Int32](repeating: 0, count: 1024)
        private var shift = UInt64(64 - 10)
        private var hashes: [UInt64] = []
        /// Entry `id`'s bytes end at `ends[id]` in `arena` and start where the one before ends.
        private var ends: [Int] = []
        private var arena: [UInt8] = []

        /// The FNV-1a offset basis.
        static let basis: UInt64 = 0xcbf2_9ce4_8422_2325

        /// How many strings it holds.
        var count: Int { hashes.count }

        /// The id of `bytes`, and whether it is new: a string not met before gets the next id.
        ///
        /// - Complexity: O(bytes) expected.
        mutating func id(of bytes: UnsafeBufferPointer<UInt8>) -> (id: Int, isNew: Bool) {
            var hash = Self.basis
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            let mask = slots.count - 1
            var slot = Self.slot(hash, shift)
            while true {
                let entry = Int(slots[slot])
                if entry == 0 { break }
                if hashes[entry - 1] == hash, holds(entry - 1, bytes) { return (entry - 1, false) }
                slot = (slot + 1) & mask
            }
            let id = hashes.count
            hashes.append(hash)
            arena.append(contentsOf: bytes)
            ends.append(arena.count)
            slots[slot] = Int32(truncatingIfNeeded: id + 1)
            if hashes.count * 2 > slots.count { grow() }
            return (id, true)
        }

        /// The slot a hash starts probing at: its top bits after a Fibonacci multiply, which mixes every bit
        /// of the hash into them (FNV's low bits depend on the bytes' low bits only).
        @inline(__always)
        private static func slot(_ hash: UInt64, _ shift: UInt64) -> Int {
            Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> shift)
        }

        /// Whether entry `id` is `bytes`.
        private func holds(_ id: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            let start = id == 0 ? 0 : ends[id - 1]
            guard ends[id] - start == bytes.count else { return false }
            return arena.withUnsafeBufferPointer { arena in
                for offset in 0..<bytes.count where arena[start + offset] != bytes[offset] { return false }
                return true
            }
        }

        /// Doubles the slots and places every entry again.
        private mutating func grow() {
            slots = [Int32](repeating: 0, count: slots.count * 2)
            shift -= 1
            let mask = slots.count - 1
            for (id, hash) in hashes.enumerated() {
                var slot = Self.slot(hash, shift)
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(truncatingIfNeeded: id + 1)
            }
        }
    }
}

extension SearchIndexBuilder {
    /// The byte order (`lexicographicallyPrecedes`) of many byte strings, compared by their first eight bytes
    /// as one big-endian number (zero-padded, which keeps a prefix before its extensions) and by the rest only
    /// when those are equal.
    struct ByteOrder {
        let strings: [[UInt8]]
        private let prefixes: [UInt64]

        init(_ strings: [[UInt8]]) {
            self.strings = strings
            prefixes = strings.map { bytes in
                var prefix: UInt64 = 0
                for index in 0..<8 { prefix = prefix << 8 | UInt64(index < bytes.count ? bytes[index] : 0) }
                return prefix
            }
        }

        /// Whether string `lhs` comes before string `rhs` in byte order.
        @inline(__always)
        func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
            prefixes[lhs] != prefixes[rhs]
                ? prefixes[lhs] < prefixes[rhs] : strings[lhs].lexicographicallyPrecedes(strings[rhs])
        }

        /// `strings` in byte order.
        static func sorted(_ strings: [[UInt8]]) -> [[UInt8]] {
            let order = ByteOrder(strings)
            return strings.indices.sorted { order.precedes($0, $1) }.map { strings[$0] }
        }
    }
}
