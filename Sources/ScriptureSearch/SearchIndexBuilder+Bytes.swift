/// The index builder's byte appends, inlined where `ByteWriter`'s are calls into another module (its
/// varints are `Varint.append`'s, inlined too).
extension [UInt8] {
    /// Appends a little-endian `UInt32`, as `ByteWriter.u32` writes it.
    @inline(__always)
    mutating func appendU32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }
}
