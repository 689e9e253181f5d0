import ScriptureStore

extension SearchIndexBuilder {
    /// Byte strings one after another in one array: no array, string or allocation per string.
    struct ByteStrings: Sendable {
        /// The strings' bytes, one after another.
        private(set) var bytes: [UInt8] = []
        /// String `index` ends at `ends[index + 1]` and starts where the one before ends (`ends[0]` is 0).
        private(set) var ends: [Int] = [0]

        /// How many strings it holds.
        var count: Int { ends.count - 1 }

        /// The range of string `index` in `bytes`.
        @inline(__always)
        func range(_ index: Int) -> Range<Int> { ends[index]..<ends[index + 1] }

        /// Appends a string.
        mutating func append(_ string: UnsafeBufferPointer<UInt8>) {
            bytes.append(contentsOf: string)
            ends.append(bytes.count)
        }

        /// Appends a string that `write` appends to the bytes.
        mutating func append(writing write: (inout [UInt8]) -> Void) {
            write(&bytes)
            ends.append(bytes.count)
        }

        /// Appends the strings of `other`, in order.
        mutating func append(contentsOf other: ByteStrings) {
            let base = bytes.count
            bytes.append(contentsOf: other.bytes)
            ends.reserveCapacity(ends.count + other.count)
            for end in other.ends.dropFirst() { ends.append(base + end) }
        }

        /// Reserves room for `count` more strings of `bytes` bytes in all.
        mutating func reserve(count: Int, bytes size: Int) {
            bytes.reserveCapacity(bytes.count + size)
            ends.reserveCapacity(ends.count + count)
        }

        /// Calls `body` with a reader of the strings in place.
        func withStrings<Result>(_ body: (Reader) throws -> Result) rethrows -> Result {
            try bytes.withUnsafeBufferPointer { bytes in
                try ends.withUnsafeBufferPointer { ends in try body(Reader(bytes: bytes, ends: ends)) }
            }
        }

        /// The strings read in place, for the span of `withStrings`.
        struct Reader {
            let bytes: UnsafeBufferPointer<UInt8>
            let ends: UnsafeBufferPointer<Int>

            /// How many strings there are.
            var count: Int { ends.count - 1 }

            /// String `index`'s bytes.
            @inline(__always)
            subscript(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: bytes[ends[index]..<ends[index + 1]])
            }
        }
    }
}

extension SearchIndexBuilder {
    /// The byte order of byte strings (`lexicographicallyPrecedes`: a prefix before its extensions).
    enum ByteOrder {
        /// One string to sort at a depth: its eight bytes from there as one big-endian number (zero-padded),
        /// how many bytes it has from there (9 for more than eight), and its id.
        private struct Key {
            var bytes: UInt64
            var rest: UInt8
            var id: Int32

            /// Whether `lhs` sorts before `rhs`: by bytes, then by how many bytes are left.
            @inline(__always)
            static func precedes(_ lhs: Key, _ rhs: Key) -> Bool {
                lhs.bytes != rhs.bytes ? lhs.bytes < rhs.bytes : lhs.rest < rhs.rest
            }
        }

        /// The ids of `strings` in byte order (equal strings side by side).
        ///
        /// A most-significant-first sort eight bytes at a time: the strings are sorted by their first eight
        /// bytes as a number (and, when those are equal, by whether and where they end within them), then
        /// each run that is equal so far and goes on is sorted by its next eight bytes, and so on; every
        /// comparison is of two integers.
        ///
        /// - Complexity: O(n log n) comparisons at each depth of a shared prefix.
        static func order(_ strings: ByteStrings) -> [Int32] {
            strings.withStrings { reader in
                var keys = (0..<reader.count).map { id in key(reader[id], id: Int32(id), depth: 0) }
                var pending: [(range: Range<Int>, depth: Int)] = [(keys.indices, 0)]
                while let (range, depth) = pending.popLast() {
                    if depth > 0 {
                        for index in range {
                            keys[index] = key(reader[Int(keys[index].id)], id: keys[index].id, depth: depth)
                        }
                    }
                    keys.withUnsafeMutableBufferPointer { keys in
                        var run = UnsafeMutableBufferPointer(rebasing: keys[range])
                        if run.count < radixThreshold {
                            run.sort(by: Key.precedes)
                        } else {
                            radixSort(run)
                        }
                    }
                    // Runs still equal that go on past these eight bytes.
                    var start = range.lowerBound
                    while start < range.upperBound {
                        var end = start + 1
                        while end < range.upperBound, keys[end].bytes == keys[start].bytes,
                            keys[end].rest == keys[start].rest
                        {
                            end += 1
                        }
                        if end - start > 1, keys[start].rest > 8 { pending.append((start..<end, depth + 8)) }
                        start = end
                    }
                }
                return keys.map(\.id)
            }
        }

        /// The fewest keys sorted by `radixSort`, not by comparisons.
        private static let radixThreshold = 256

        /// Sorts `keys` as `Key.precedes` orders them: a least-significant-digit radix sort, by `rest`, then
        /// by each byte of `bytes` from the last, each pass a stable counting sort (passes in which every key
        /// has the same digit are skipped).
        ///
        /// - Complexity: O(n) per pass, at most nine passes.
        private static func radixSort(_ keys: UnsafeMutableBufferPointer<Key>) {
            let count = keys.count
            guard count > 1, let keysBase = keys.baseAddress else { return }
            // Every pass's counts at once: pass 0 is `rest`, pass p the byte p - 1 from the last.
            var counts = [Int](repeating: 0, count: 9 * 256)
            for key in keys {
                counts[Int(key.rest)] += 1
                for pass in 1..<9 { counts[pass * 256 + Int((key.bytes >> UInt64(8 * (pass - 1))) & 0xFF)] += 1 }
            }
            let scratch = UnsafeMutablePointer<Key>.allocate(capacity: count)
            defer { scratch.deallocate() }
            var source = keysBase
            var target = scratch
            for pass in 0..<9 {
                let base = pass * 256
                if counts[base..<(base + 256)].contains(count) { continue }
                var next = 0
                for digit in 0..<256 {
                    let size = counts[base + digit]
                    counts[base + digit] = next
                    next += size
                }
                for index in 0..<count {
                    let key = source[index]
                    let digit = pass == 0 ? Int(key.rest) : Int((key.bytes >> UInt64(8 * (pass - 1))) & 0xFF)
                    (target + counts[base + digit]).initialize(to: key)
                    counts[base + digit] += 1
                }
                swap(&source, &target)
            }
            if source != keysBase { keysBase.update(from: source, count: count) }
        }

        /// The key of `bytes` at `depth`.
        @inline(__always)
        private static func key(_ bytes: UnsafeBufferPointer<UInt8>, id: Int32, depth: Int) -> Key {
            let rest = bytes.count - depth
            if rest >= 8, let base = bytes.baseAddress {
                let value = UnsafeRawPointer(base + depth).loadUnaligned(as: UInt64.self)
                return Key(bytes: UInt64(bigEndian: value), rest: rest > 8 ? 9 : 8, id: id)
            }
            var value: UInt64 = 0
            for index in 0..<8 { value = value << 8 | UInt64(index < rest ? bytes[depth + index] : 0) }
            return Key(bytes: value, rest: UInt8(max(rest, 0)), id: id)
        }

        /// `strings` in byte order.
        static func sorted(_ strings: [[UInt8]]) -> [[UInt8]] {
            var list = ByteStrings()
            for string in strings { string.withUnsafeBufferPointer { list.append($0) } }
            return order(list).map { strings[Int($0)] }
        }
    }
}
