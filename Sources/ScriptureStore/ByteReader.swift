// The one bounds-checked binary reader of the store and the search index: a pointer and a count,
// borrowed for the length of one `StoreBytes.withUnsafeBytes` call (or held by a `ByteCursor`, which
// keeps the mapping alive). Every read checks its extent once and throws `ByteReadError`, with the
// offset, for bytes that do not fit; callers word the error for their own file.

import LecternKernels

/// A read that does not fit the bytes it reads: where it went wrong and why.
public struct ByteReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Problem: Sendable, Hashable {
        /// `length` bytes at the offset run past the end (`count` bytes, or the end the caller gave).
        case pastEnd(length: Int, count: Int)
        /// A varint with more bytes than its width allows.
        case longVarint
        /// A varint whose value does not fit an `Int`.
        case varintOutOfRange
    }

    /// Where the read was (for a varint, where it had got to).
    public let offset: Int
    /// What went wrong.
    public let problem: Problem

    /// An error at `offset`.
    @inlinable
    public init(offset: Int, _ problem: Problem) {
        self.offset = offset
        self.problem = problem
    }

    /// The error in words (`4 bytes at offset 96 run past the end (98 bytes)`).
    public var description: String {
        switch problem {
        case .pastEnd(1, let count): "byte \(offset) past the end (\(count) bytes)"
        case .pastEnd(let length, let count):
            "\(length) bytes at offset \(offset) run past the end (\(count) bytes)"
        case .longVarint: "varint too long at offset \(offset)"
        case .varintOutOfRange: "varint out of range at offset \(offset)"
        }
    }
}

/// Reads little-endian fixed-width integers, LEB128 varints and byte ranges from bytes in memory, every
/// read checked against their count (overflow-safe), none of them crashing on any offset or length.
///
/// A `ByteReader` does not own its bytes: it is valid only while whoever lent them keeps them (inside
/// `StoreBytes.withUnsafeBytes`, or for as long as the `ByteCursor` that holds it).
@frozen
public struct ByteReader: @unchecked Sendable {
    /// The first byte; nil when there are none.
    public let base: UnsafePointer<UInt8>?
    /// How many bytes there are.
    public let count: Int

    /// Reads `bytes`.
    @inlinable
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        base = bytes.baseAddress
        count = bytes.baseAddress == nil ? 0 : bytes.count
    }

    /// Throws unless `length` bytes at `offset` lie inside the bytes.
    @inlinable @inline(__always)
    public func check(_ offset: Int, _ length: Int) throws(ByteReadError) {
        guard offset >= 0, length >= 0, offset <= count, length <= count - offset else {
            throw ByteReadError(offset: offset, .pastEnd(length: length, count: count))
        }
    }

    /// The byte at `offset`.
    @inlinable @inline(__always)
    public func u8(at offset: Int) throws(ByteReadError) -> UInt8 {
        guard offset >= 0, offset < count, let base else {
            throw ByteReadError(offset: offset, .pastEnd(length: 1, count: count))
        }
        return base[offset]
    }

    /// The little-endian integer of type `T` at `offset`.
    @inlinable @inline(__always)
    public func integer<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) throws(ByteReadError) -> T {
        try check(offset, MemoryLayout<T>.size)
        guard let base else { return 0 }
        return T(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: T.self))
    }

    /// The little-endian `UInt16` at `offset`.
    @inlinable @inline(__always)
    public func u16(at offset: Int) throws(ByteReadError) -> UInt16 { try integer(UInt16.self, at: offset) }

    /// The little-endian `UInt32` at `offset`.
    @inlinable @inline(__always)
    public func u32(at offset: Int) throws(ByteReadError) -> UInt32 { try integer(UInt32.self, at: offset) }

    /// The little-endian `UInt64` at `offset`.
    @inlinable @inline(__always)
    public func u64(at offset: Int) throws(ByteReadError) -> UInt64 { try integer(UInt64.self, at: offset) }

    /// Reads the unsigned LEB128 varint at `position`, of at most `bits` bits (35 for 32-bit values, 63 for
    /// an `Int`), which must end before `end` (at most `count`), and moves past it (`Varint`, the package's
    /// one reader).
    @inlinable @inline(__always)
    public func varint(at position: inout Int, end: Int, bits: Int = 63) throws(ByteReadError) -> Int {
        let maxBytes = Int32(truncatingIfNeeded: (Swift.min(Swift.max(bits, 14), 63) + 6) / 7)
        if let base, position >= 0, end <= count,
            let value = Varint.read(base, at: &position, end: end, maxBytes: maxBytes)
        {
            return value
        }
        throw varintError(at: position, end: end, maxBytes: maxBytes)
    }

    /// The error of a varint at `start` that cannot be read: where it went wrong (where the bytes ran out, or
    /// after the byte that made it too long) and why.
    @usableFromInline
    func varintError(at start: Int, end: Int, maxBytes: Int32) -> ByteReadError {
        guard end <= count else { return ByteReadError(offset: start, .pastEnd(length: 1, count: count)) }
        guard let base, start >= 0, Varint.failure(base, at: start, end: end, maxBytes: maxBytes) == .tooLong else {
            return ByteReadError(offset: start < 0 ? start : Swift.max(start, end), .pastEnd(length: 1, count: end))
        }
        return ByteReadError(offset: start + Int(maxBytes), .longVarint)
    }

    /// The `length` bytes at `offset`, checked to lie inside; valid only as long as the reader is.
    @inlinable @inline(__always)
    public func bytes(at offset: Int, length: Int) throws(ByteReadError) -> UnsafeBufferPointer<UInt8> {
        try check(offset, length)
        guard let base else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: base + offset, count: length)
    }

    /// The CRC-32C of the `length` bytes at `offset`, continuing `crc` (see `CRC32C`).
    ///
    /// - Complexity: O(length), at the speed of the processor's `crc32` instruction.
    @inlinable @inline(__always)
    public func crc32c(at offset: Int, length: Int, continuing crc: UInt32 = 0) throws(ByteReadError) -> UInt32 {
        let bytes = try bytes(at: offset, length: length)
        guard length > 0 else { return crc }
        return CRC32C.checksum(UnsafeRawBufferPointer(bytes), continuing: crc)
    }
}
