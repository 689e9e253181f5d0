#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hashing and comparing byte runs for the encoder's style tables, the index builder's keys and tagged words'
/// values: eight bytes at a time, and `memcmp`.
package enum ByteHash {
    /// A 64-bit hash of `bytes` from `seed`: eight bytes at a time (little-endian words, FNV-style multiply and
    /// a shift), the tail's bytes, then the length, so that runs of different lengths differ.
    @inline(__always)
    package static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        var hash = seed
        var index = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                hash = (hash ^ word) &* 0x100_0000_01B3
                hash ^= hash >> 29
                index += 8
            }
            while index < bytes.count {
                hash = (hash ^ UInt64(base[index])) &* 0x100_0000_01B3
                index += 1
            }
        }
        var mixed = (hash ^ UInt64(bytes.count)) &* 0xFF51_AFD7_ED55_8CCD
        mixed ^= mixed >> 33
        return mixed
    }

    /// Whether two byte runs are equal.
    @inline(__always)
    package static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let x = a.baseAddress, let y = b.baseAddress else { return true }
        return memcmp(x, y, a.count) == 0
    }

    /// Whether two strings have the same UTF-8 bytes.
    @inline(__always)
    package static func equal(_ a: String, _ b: String) -> Bool {
        // The bytes read where they are (a copy for `withUTF8` costs a retain and a release of each string).
        if let same = a.utf8.withContiguousStorageIfAvailable({ x in
            b.utf8.withContiguousStorageIfAvailable { y in equal(x, y) }
        }), let same {
            return same
        }
        var (a, b) = (a, b)
        return a.withUTF8 { x in b.withUTF8 { y in equal(x, y) } }
    }

    /// The hash of a string's UTF-8 bytes from `seed`.
    @inline(__always)
    package static func hash(_ string: String, seed: UInt64) -> UInt64 {
        if let hash = string.utf8.withContiguousStorageIfAvailable({ hash($0, seed: seed) }) { return hash }
        var string = string
        return string.withUTF8 { hash($0, seed: seed) }
    }
}
