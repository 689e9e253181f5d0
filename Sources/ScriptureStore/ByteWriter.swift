import LecternKernels

/// Appends little-endian integers, LEB128 varints and strings to a byte array.
public struct ByteWriter: Sendable {
    /// The bytes written so far.
    public var bytes: [UInt8] = []

    /// How many bytes have been written.
    public var count: Int { bytes.count }

    /// An empty writer.
    public init() {}

    /// Writes a byte.
    public mutating func u8(_ value: UInt8) { bytes.append(value) }

    /// Writes a little-endian `UInt16`.
    public mutating func u16(_ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    /// Writes a little-endian `UInt32`.
    public mutating func u32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    /// Writes a little-endian `UInt64`.
    public mutating func u64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// Writes an unsigned LEB128 varint: seven bits a byte, low bits first (`Varint.append`; a negative
    /// value as 0).
    @inline(__always)
    public mutating func varint(_ value: Int) { Varint.append(value, to: &bytes) }

    /// Writes a varint length and the UTF-8 bytes.
    public mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            varint(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// Appends raw bytes.
    public mutating func append(_ other: some Sequence<UInt8>) { bytes.append(contentsOf: other) }

    /// Pads with zeros up to a multiple of `alignment`.
    public mutating func align(to alignment: Int) {
        while bytes.count % alignment != 0 { bytes.append(0) }
    }

    /// Overwrites a little-endian `UInt32` written earlier.
    public mutating func patchU32(_ value: UInt32, at offset: Int) {
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> UInt32(8 * index)) }
    }
}
