/// Counts over UTF-8 bytes: the scalars (a line's column) and the UTF-16 code units (what `NSRange` and
/// `AttributedString` take) of a range of them, eight or sixteen bytes a step.
///
/// The one place these counts are written: the search highlights' UTF-16 offsets, the word breaker's, and
/// the line and column locator's columns use them.
package enum UTF8Counts {
    @usableFromInline static var highBits: UInt64 { 0x8080_8080_8080_8080 }

    /// How many bytes of `flags` have their top bit set (its only bits): a multiply, not a population count
    /// (which the baseline x86-64 lacks).
    @inlinable @inline(__always)
    package static func bytesSet(_ flags: UInt64) -> Int { Int(((flags >> 7) &* 0x0101_0101_0101_0101) >> 56) }

    /// How many UTF-16 units the UTF-8 bytes `text[from..<to]` (within the text) make: a unit a byte, less one a
    /// continuation byte (`10xxxxxx`), plus one a four-byte lead (`11110xxx`, a surrogate pair).
    ///
    /// - Complexity: O(to − from), sixteen bytes at a time; the last few are read with the eight bytes that end
    ///   at `to`.
    @inlinable @inline(__always)
    package static func utf16Count(_ text: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        guard let base = text.baseAddress, from < to else { return 0 }
        let raw = UnsafeRawPointer(base)
        var units = to &- from
        var index = from
        while index &+ 16 <= to {
            let first = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let second = raw.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self)
            if (first | second) & highBits != 0 { units &-= surplus(first) &+ surplus(second) }
            index &+= 16
        }
        if index &+ 8 <= to {
            units &-= surplus(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index &+= 8
        }
        let rest = to &- index
        guard rest > 0 else { return units }
        if to >= 8 {
            // The eight bytes that end at `to`, the ones before `index` shifted out (little-endian: the later
            // bytes are the higher ones).
            let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: to &- 8, as: UInt64.self))
            return units &- surplus(last >> UInt64(8 &* (8 &- rest)))
        }
        while index < to {
            let byte = text[index]
            if byte & 0xC0 == 0x80 { units &-= 1 } else if byte >= 0xF0 { units &+= 1 }
            index &+= 1
        }
        return units
    }

    /// How many UTF-16 units all of `text` makes (`utf16Count(_:from:to:)`).
    @inlinable @inline(__always)
    package static func utf16Count(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        utf16Count(text, from: 0, to: text.count)
    }

    /// How many more bytes than UTF-16 units the eight bytes of `chunk` are: its continuation bytes less its
    /// four-byte leads (zero bytes count for nothing).
    @inlinable @inline(__always)
    static func surplus(_ chunk: UInt64) -> Int {
        let high = chunk & highBits
        guard high != 0 else { return 0 }
        let continuations = high & ~(chunk << 1)
        let fourByteLeads = high & (chunk << 1) & (chunk << 2) & (chunk << 3)
        return bytesSet(continuations) &- bytesSet(fourByteLeads)
    }

    /// How many scalars the UTF-8 bytes `bytes[from..<to]` (within the bytes) hold: their bytes but the
    /// continuation bytes (`10xxxxxx`); a column's width in a line.
    ///
    /// - Complexity: O(to − from), eight bytes at a time.
    @inlinable
    package static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        var count = 0
        var index = max(from, 0)
        let to = min(to, bytes.count)
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index &+ 8 <= to {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                // The top bit of each continuation byte: bit 7 set and bit 6 clear.
                let continuation = word & ~(word << 1) & highBits
                count &+= 8 &- continuation.nonzeroBitCount
                index &+= 8
            }
        }
        while index < to {
            if bytes[index] & 0xC0 != 0x80 { count &+= 1 }
            index &+= 1
        }
        return count
    }
}
