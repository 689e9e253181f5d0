import CByteScan

/// Unsigned LEB128 varints, as the store and the search index write them: seven bits a byte, low bits
/// first, the top bit set on every byte but the last.
///
/// The one reader and writer of the package. Reads share their loop with the C scanners (the phrase scan,
/// the posting merge): CByteScan's `lectern_varint_read_long` (CVarint.h); every function here is
/// `@inlinable`, so a module that reads varints in a loop pays no call for the one- and two-byte forms.
@usableFromInline
package enum Varint {
    /// The most bytes of a varint of a 32-bit value (35 bits): the search index's ids, gaps and counts.
    @inlinable package static var maxBytes32: Int32 { 5 }
    /// The most bytes of a varint of an `Int` (63 bits): the store's ids and lengths.
    @inlinable package static var maxBytes64: Int32 { 9 }

    /// Why a varint cannot be read.
    @usableFromInline
    package enum Failure: Sendable, Hashable {
        /// It runs past the end of its bytes.
        case pastEnd
        /// It has more bytes than it may.
        case tooLong
    }

    /// Reads the varint at `pointer` (none at or past `end`) of at most `maxBytes` bytes (2 to 9), and moves
    /// `pointer` past it; nil when it runs past `end` or is longer (`pointer` is then left as it was).
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    package static func read(
        _ pointer: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, maxBytes: Int32 = 5
    ) -> Int? {
        guard pointer < end else { return nil }
        return next(&pointer, end, maxBytes: maxBytes)
    }

    /// `read(_:_:maxBytes:)` for a `pointer` known to lie before `end`: a loop's step over gaps or ids. One
    /// and two bytes here (nearly every id, length and gap), longer ones by CByteScan's
    /// `lectern_varint_read_long`, the loop the C scanners' `LECTERN_VARINT_NEXT` calls too.
    @inlinable @inline(__always)
    package static func next(
        _ pointer: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, maxBytes: Int32 = 5
    ) -> Int? {
        let first = pointer.pointee
        if first < 0x80 {
            pointer += 1
            return Int(first)
        }
        if end - pointer >= 2, pointer[1] < 0x80 {
            let second = pointer[1]
            pointer += 2
            return Int(first & 0x7F) | Int(second) << 7
        }
        let read = lectern_varint_read_long(pointer, end, maxBytes)
        guard let next = read.next else { return nil }
        pointer = next
        return Int(truncatingIfNeeded: read.value)
    }

    /// Reads the varint at `position` of `base`'s first `end` bytes (at most `maxBytes` bytes, 2 to 9) and
    /// moves `position` past it; nil when it cannot (`position` left as it was; `failure` says why). The
    /// caller checked that `0 <= position` and that `end` bytes may be read.
    @inlinable @inline(__always)
    package static func read(
        _ base: UnsafePointer<UInt8>, at position: inout Int, end: Int, maxBytes: Int32
    ) -> Int? {
        guard position < end else { return nil }
        // One byte without a pointer made and taken apart again: most of the store's ids and lengths.
        let first = base[position]
        if first < 0x80 {
            position &+= 1
            return Int(first)
        }
        var pointer = base + position
        guard let value = next(&pointer, base + end, maxBytes: maxBytes) else { return nil }
        position = pointer - base
        return value
    }

    /// Why the varint at `position` of `base`'s first `end` bytes cannot be read (`read(_:at:end:maxBytes:)`
    /// gave nil).
    package static func failure(_ base: UnsafePointer<UInt8>, at position: Int, end: Int, maxBytes: Int32) -> Failure {
        lectern_varint_read_long(base + position, base + end, maxBytes).value == UInt64(LECTERN_VARINT_TOO_LONG)
            ? .tooLong : .pastEnd
    }

    /// Reads the varint at `position` in `bytes` (at most five bytes) and moves `position` past it; nil when
    /// `position` is outside the bytes, or the varint runs past their end or is longer.
    @inlinable @inline(__always)
    package static func read(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) -> Int? {
        guard let base = bytes.baseAddress, position >= 0, position < bytes.count else { return nil }
        return read(base, at: &position, end: bytes.count, maxBytes: maxBytes32)
    }

    /// The first byte of `value`'s varint (a negative value's is 0's).
    @inlinable @inline(__always)
    package static func firstByte(of value: Int) -> UInt8 {
        value < 0 ? 0 : UInt8(truncatingIfNeeded: value < 0x80 ? value : 0x80 | (value & 0x7F))
    }

    /// How many bytes `value`'s varint takes (a negative value is written as 0).
    @inlinable @inline(__always)
    package static func size(of value: Int) -> Int {
        var rest = UInt64(clamping: value)
        var size = 1
        while rest >= 0x80 {
            rest >>= 7
            size &+= 1
        }
        return size
    }

    /// Writes `value`'s varint at `pointer` (a negative value as 0), which has room for `size(of: value)`
    /// bytes; returns how many it wrote.
    @inlinable @inline(__always)
    package static func write(_ value: Int, to pointer: UnsafeMutablePointer<UInt8>) -> Int {
        var rest = UInt64(clamping: value)
        var written = 0
        while rest >= 0x80 {
            pointer[written] = UInt8(truncatingIfNeeded: rest) | 0x80
            written &+= 1
            rest >>= 7
        }
        pointer[written] = UInt8(truncatingIfNeeded: rest)
        return written &+ 1
    }

    /// Appends `value`'s varint to `bytes` (a negative value as 0): one byte inline, longer ones in
    /// `appendLong`.
    @inlinable @inline(__always)
    package static func append(_ value: Int, to bytes: inout [UInt8]) {
        if value >= 0, value < 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value))
        } else {
            appendLong(value, to: &bytes)
        }
    }

    /// `append(_:to:)` for a value of more than one byte (or a negative one).
    @inlinable
    package static func appendLong(_ value: Int, to bytes: inout [UInt8]) {
        var rest = UInt64(clamping: value)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: rest))
    }
}
