import ScriptureStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
        /// One string to sort: its first eight bytes as one big-endian number (zero-padded), its length and id.
        private struct Key {
            var prefix: UInt64
            var length: Int32
            var id: Int32
        }

        /// The ids of `strings` in byte order (each id once).
        ///
        /// Strings are compared by their first eight bytes as a number, and by the rest in place only when
        /// those are equal, so that most comparisons are of two integers.
        ///
        /// - Complexity: O(n log n) comparisons.
        static func order(_ strings: ByteStrings) -> [Int32] {
            strings.withStrings { reader in
                var keys = [Key]()
                keys.reserveCapacity(reader.count)
                for id in 0..<reader.count {
                    let string = reader[id]
                    keys.append(Key(prefix: prefix(string), length: Int32(string.count), id: Int32(id)))
                }
                keys.sort { lhs, rhs in
                    if lhs.prefix != rhs.prefix { return lhs.prefix < rhs.prefix }
                    // Equal padded prefixes: past them the shorter string, if it ends there, is a prefix of
                    // the longer; else the rests decide, then the lengths.
                    let left = reader[Int(lhs.id)]
                    let right = reader[Int(rhs.id)]
                    let common = min(left.count, right.count)
                    if common > 8, let x = left.baseAddress, let y = right.baseAddress {
                        let order = memcmp(x + 8, y + 8, common - 8)
                        if order != 0 { return order < 0 }
                    }
                    return lhs.length < rhs.length
                }
                return keys.map(\.id)
            }
        }

        /// The first eight bytes of `bytes` as a big-endian number, zeros past its end.
        @inline(__always)
        static func prefix(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            if bytes.count >= 8, let base = bytes.baseAddress {
                return UInt64(bigEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
            }
            var value: UInt64 = 0
            for index in 0..<8 { value = value << 8 | UInt64(index < bytes.count ? bytes[index] : 0) }
            return value
        }

        /// `strings` in byte order.
        static func sorted(_ strings: [[UInt8]]) -> [[UInt8]] {
            var list = ByteStrings()
            for string in strings { string.withUnsafeBufferPointer { list.append($0) } }
            return order(list).map { strings[Int($0)] }
        }
    }
}
