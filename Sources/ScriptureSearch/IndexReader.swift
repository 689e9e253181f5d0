// The search index's pointer code is in this file, IndexReader+Streams.swift and IndexReader+Matching.swift:
// checked reads over the index section's bytes, borrowed for the length of one call of
// `StoreBytes.withUnsafeBytes`.

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
    /// The section's first byte; read only here, in IndexReader+Streams.swift and IndexReader+Matching.swift.
    let base: UnsafePointer<UInt8>?
    /// How many bytes the section has.
    let count: Int

    /// Wraps the section's bytes.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        base = bytes.baseAddress
        count = base == nil ? 0 : bytes.count
    }

    /// Throws unless `length` bytes at `offset` lie inside the section (overflow-safe).
    @inline(__always)
    func check(_ offset: Int, _ length: Int) throws(IndexDamage) {
        guard offset >= 0, length >= 0, offset <= count, length <= count - offset else {
            throw IndexDamage(reason: "\(length) bytes at offset \(offset) run past the end (\(count) bytes)")
        }
    }

    /// The CRC-32C of the bytes in `range`, continuing `crc` (`CRC32C.checksum`).
    ///
    /// - Complexity: O(range), about 0.3 ns a byte with the processor's instruction.
    @inline(__always)
    func crc32c(_ range: Range<Int>, continuing crc: UInt32 = 0) throws(IndexDamage) -> UInt32 {
        try check(range.lowerBound, range.count)
        guard let base else { return crc }
        return CRC32C.checksum(
            UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count), continuing: crc)
    }

    /// The CRC-32C of `value` as a little-endian u32 (a piece's id, mixed into its checksum).
    @inline(__always)
    static func crc32c(of value: Int) -> UInt32 {
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { CRC32C.checksum($0) }
    }

    /// The byte at `offset`.
    @inline(__always)
    func u8(_ offset: Int) throws(IndexDamage) -> UInt8 {
        guard offset >= 0, offset < count, let base else {
            throw IndexDamage(reason: "byte \(offset) past the end (\(count) bytes)")
        }
        return base[offset]
    }

    /// The little-endian `UInt16` at `offset`.
    func u16(_ offset: Int) throws(IndexDamage) -> Int {
        try check(offset, 2)
        guard let base else { return 0 }
        return Int(base[offset]) | Int(base[offset + 1]) << 8
    }

    /// The little-endian `UInt32` at `offset`, as an `Int`.
    @inline(__always)
    func u32(_ offset: Int) throws(IndexDamage) -> Int {
        try check(offset, 4)
        guard let base else { return 0 }
        return Int(UInt32(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt32.self)))
    }

    /// The little-endian `UInt64` at `offset` (at most `Int.max`).
    func u64(_ offset: Int) throws(IndexDamage) -> Int {
        try check(offset, 8)
        guard let base else { return 0 }
        let value = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
        guard value <= UInt64(Int.max) else { throw IndexDamage(reason: "value at \(offset) out of range") }
        return Int(value)
    }

    /// Reads the LEB128 varint at `position` (at most 35 bits), which must end before `end`, and moves past it.
    @inline(__always)
    func varint(_ position: inout Int, end: Int) throws(IndexDamage) -> Int {
        if let base, position >= 0, end <= count, position < end {
            let first = base[position]
            if first < 0x80 {
                position += 1
                return Int(first)
            }
            if position + 1 < end, base[position + 1] < 0x80 {
                position += 2
                return Int(first & 0x7F) | Int(base[position - 1]) << 7
            }
        }
        return try longVarint(&position, end: end)
    }

    /// `varint` past its one-byte case.
    private func longVarint(_ position: inout Int, end: Int) throws(IndexDamage) -> Int {
        guard let base, position >= 0, end <= count else { throw IndexDamage(reason: "varint outside the section") }
        var result = 0
        var shift = 0
        while true {
            guard position < end else { throw IndexDamage(reason: "varint runs past offset \(end)") }
            let byte = base[position]
            position += 1
            result |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
            guard shift < 35 else { throw IndexDamage(reason: "varint too long at offset \(position)") }
        }
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
        try check(range.lowerBound, range.count)
        guard let base else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// Appends `length` bytes at `offset` to `target`.
    func append(_ offset: Int, _ length: Int, to target: inout [UInt8]) throws(IndexDamage) {
        try check(offset, length)
        guard let base else { return }
        target.append(contentsOf: UnsafeBufferPointer(start: base + offset, count: length))
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
