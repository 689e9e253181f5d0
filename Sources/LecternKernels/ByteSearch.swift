/// Finding a byte in a buffer eight bytes at a time, for scanners over UTF-8.
package enum ByteSearch {
    /// The top bit of each byte of `word` (read little-endian) that equals `byte`, the others zero.
    ///
    /// Exact: adding 0x7F to the low seven bits of a byte never carries into the next byte.
    @inlinable
    package static func matches(of byte: UInt8, in word: UInt64) -> UInt64 {
        let zeroWhereEqual = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        let low = zeroWhereEqual & 0x7F7F_7F7F_7F7F_7F7F
        return ~((low &+ 0x7F7F_7F7F_7F7F_7F7F) | zeroWhereEqual) & 0x8080_8080_8080_8080
    }

    /// The index of the first `byte` at or after `start`, or `bytes.count` when there is none.
    ///
    /// - Complexity: O(n), one 64-bit word per eight bytes.
    @inlinable
    package static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        var index = max(start, 0)
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let found = matches(of: byte, in: word)
                if found != 0 { return index + found.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < count, bytes[index] != byte { index += 1 }
        return index
    }
}
