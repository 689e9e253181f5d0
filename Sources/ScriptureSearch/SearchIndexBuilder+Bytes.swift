/// The index builder's byte appends, inlined where `ByteWriter`'s are calls into another module.
extension [UInt8] {
    /// Appends an unsigned LEB128 varint, as `ByteWriter.varint` writes it (a negative value as 0).
    @inline(__always)
    mutating func appendVarint(_ value: Int) {
        var rest = UInt64(clamping: value)
        while rest >= 0x80 {
            append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        append(UInt8(rest))
    }

    /// Appends a little-endian `UInt32`, as `ByteWriter.u32` writes it.
    @inline(__always)
    mutating func appendU32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    /// How many bytes `appendVarint(value)` appends.
    @inline(__always)
    static func varintSize(_ value: Int) -> Int {
        var rest = UInt64(clamping: value)
        var size = 1
        while rest >= 0x80 {
            rest >>= 7
            size += 1
        }
        return size
    }
}
