// The search index's pointer code is in this file, IndexReader+Streams.swift, IndexReader+Matching.swift and
// IndexReader+Merge.swift:
// checked reads over the index section's bytes, borrowed for the length of one call of
// `StoreBytes.withUnsafeBytes`. The fixed-width integers, varints, byte ranges and checksums are read by
// the store's `ByteReader` (the one checked reader of both), its errors worded as `IndexDamage`.

import LecternKernels
import ScriptureStore

/// Damage found while reading the search index: where and what.
struct IndexDamage: Error, Sendable, Hashable {
    /// What does not fit.
    var reason: String
    /// The piece whose checksum does not match (`the postings of 'love'`), when that is how it was found.
    var part: String?

    /// Damage found by a structural check.
    init(reason: String) {
        self.reason = reason
        part = nil
    }

    /// A read of the index's bytes that does not fit.
    init(_ error: ByteReadError) {
        self.init(reason: error.description)
    }

    /// A piece whose CRC-32C does not match its bytes.
    init(part: String) {
        reason = "checksum mismatch in \(part)"
        self.part = part
    }
}

/// Reads the search index section's bytes in place, every read checked against the section's end.
///
/// Only valid inside the `withUnsafeBytes` call that made it; it never escapes that call.
struct IndexReader {
    /// The section's bytes, every read checked.
    let checked: ByteReader
    /// The section's first byte; read only here, in IndexReader+Streams.swift and IndexReader+Matching.swift.
    var base: UnsafePointer<UInt8>? { checked.base }
    /// How many bytes the section has.
    var count: Int { checked.count }

    /// Wraps the section's bytes.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        checked = ByteReader(bytes)
    }

    /// Throws unless `length` bytes at `offset` lie inside the section (overflow-safe).
    @inline(__always)
    func check(_ offset: Int, _ length: Int) throws(IndexDamage) {
        do { try checked.check(offset, length) } catch { throw IndexDamage(error) }
    }

    /// The CRC-32C of the bytes in `range`, continuing `crc` (`CRC32C.checksum`).
    ///
    /// - Complexity: O(range), about 0.3 ns a byte with the processor's instruction.
    @inline(__always)
    func crc32c(_ range: Range<Int>, continuing crc: UInt32 = 0) throws(IndexDamage) -> UInt32 {
        do { return try checked.crc32c(at: range.lowerBound, length: range.count, continuing: crc) } catch {
            throw IndexDamage(error)
        }
    }

    /// The CRC-32C of `value` as a little-endian u32 (a piece's id, mixed into its checksum).
    @inline(__always)
    static func crc32c(of value: Int) -> UInt32 {
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { CRC32C.checksum($0) }
    }

    /// The byte at `offset`.
    @inline(__always)
    func u8(_ offset: Int) throws(IndexDamage) -> UInt8 {
        do { return try checked.u8(at: offset) } catch { throw IndexDamage(error) }
    }

    /// The little-endian `UInt16` at `offset`.
    func u16(_ offset: Int) throws(IndexDamage) -> Int {
        do { return Int(try checked.u16(at: offset)) } catch { throw IndexDamage(error) }
    }

    /// The little-endian `UInt32` at `offset`, as an `Int`.
    @inline(__always)
    func u32(_ offset: Int) throws(IndexDamage) -> Int {
        do { return Int(try checked.u32(at: offset)) } catch { throw IndexDamage(error) }
    }

    /// The little-endian `UInt64` at `offset` (at most `Int.max`).
    func u64(_ offset: Int) throws(IndexDamage) -> Int {
        let value: UInt64
        do { value = try checked.u64(at: offset) } catch { throw IndexDamage(error) }
        guard value <= UInt64(Int.max) else { throw IndexDamage(reason: "value at \(offset) out of range") }
        return Int(value)
    }

    /// Reads the LEB128 varint at `position` (at most 35 bits), which must end before `end`, and moves past it.
    @inline(__always)
    func varint(_ position: inout Int, end: Int) throws(IndexDamage) -> Int {
        do { return try checked.varint(at: &position, end: end, bits: 35) } catch { throw IndexDamage(error) }
    }

    /// Whether bit `index` is set in the bitmap that starts at `offset` (the caller checked the bitmap's extent).
    @inline(__always)
    func bit(_ offset: Int, _ index: Int) -> Bool {
        guard let base, index >= 0 else { return false }
        let byte = offset + index >> 3
        guard byte >= 0, byte < count else { return false }
        return base[byte] & (1 << UInt8(index & 7)) != 0
    }

    /// Compares `length` bytes at `offset` with `key` as unsigned bytes (`<0`, `0`, `>0`), like `memcmp` then length.
    func compare(_ offset: Int, _ length: Int, with key: [UInt8]) throws(IndexDamage) -> Int {
        try key.withUnsafeBufferPointer { key throws(IndexDamage) in try compare(offset, length, with: key).order }
    }

    /// Compares `length` bytes at `offset` with `key` as unsigned bytes: the order's sign (`<0`, `0`, `>0`,
    /// like `memcmp` then length), and how many first bytes they share.
    @inline(__always)
    func compare(
        _ offset: Int, _ length: Int, with key: UnsafeBufferPointer<UInt8>
    ) throws(IndexDamage) -> (order: Int, common: Int) {
        try check(offset, length)
        guard let base else { return (key.isEmpty ? 0 : -1, 0) }
        let shared = min(length, key.count)
        for index in 0..<shared {
            let left = base[offset + index]
            let right = key[index]
            if left != right { return (left < right ? -1 : 1, index) }
        }
        return (length - key.count, shared)
    }

    /// The bytes in `range`, checked to lie inside; only valid during the call that borrowed the section.
    func bytes(_ range: Range<Int>) throws(IndexDamage) -> UnsafeBufferPointer<UInt8> {
        do { return try checked.bytes(at: range.lowerBound, length: range.count) } catch { throw IndexDamage(error) }
    }

    /// Appends `length` bytes at `offset` to `target`.
    func append(_ offset: Int, _ length: Int, to target: inout [UInt8]) throws(IndexDamage) {
        do { target.append(contentsOf: try checked.bytes(at: offset, length: length)) } catch { throw IndexDamage(error) }
    }

    /// ORs the bitmap of `bits` bits at `offset` into `set` (64 bits a word, low bit first), eight bytes at a time.
    func orBitmap(_ offset: Int, bits: Int, into set: inout IDSet) throws(IndexDamage) {
        let length = (bits + 7) / 8
        try check(offset, length)
        guard let base else { return }
        let raw = UnsafeRawPointer(base + offset)
        let whole = min(length / 8, set.words.count)
        set.words.withUnsafeMutableBufferPointer { words in
            for index in 0..<whole {
                words[index] |= UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
            }
            for byteIndex in (whole * 8)..<min(length, words.count * 8) {
                words[byteIndex >> 3] |= UInt64(base[offset + byteIndex]) << UInt64((byteIndex & 7) * 8)
            }
        }
    }
}
