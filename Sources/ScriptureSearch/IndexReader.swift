// All of the search index's pointer code is in this file: checked reads over the index section's
// bytes, borrowed for the length of one call of `StoreBytes.withUnsafeBytes`, and the in-place filter
// of a verse list.

/// Damage found while reading the search index: where and what.
struct IndexDamage: Error, Sendable, Hashable {
    /// What does not fit.
    var reason: String
}

/// Reads the search index section's bytes in place, every read checked against the section's end.
///
/// Only valid inside the `withUnsafeBytes` call that made it; it never escapes that call.
struct IndexReader {
    private let base: UnsafePointer<UInt8>?
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

    /// Reads the varint at `pointer`, which must end before `end`, and moves past it; nil when it runs past
    /// `end` or is longer than five bytes. The loops that decode many varints use it.
    @inline(__always)
    private static func varint(_ pointer: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Int? {
        guard pointer < end else { return nil }
        let first = pointer.pointee
        pointer += 1
        if first < 0x80 { return Int(first) }
        var result = Int(first & 0x7F)
        var shift = 7
        while pointer < end, shift < 35 {
            let byte = pointer.pointee
            pointer += 1
            result |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
        return nil
    }

    /// Decodes `count` verses stored as gaps from `start` to `end` (varints, each `verse − previous − 1`, the
    /// first from −1), each below `limit`.
    ///
    /// - Complexity: O(count), one allocation.
    func gaps(from start: Int, to end: Int, count: Int, below limit: Int) throws(IndexDamage) -> [Int] {
        try check(start, end - start)
        guard count >= 0, count <= end - start else {
            throw IndexDamage(reason: "\(count) gaps in \(end - start) bytes")
        }
        guard let base, count > 0 else { return [] }
        var failed = false
        let verses = [Int](unsafeUninitializedCapacity: count) { buffer, initialized in
            var pointer = base + start
            let last = base + end
            var verse = -1
            for index in 0..<count {
                guard let gap = Self.varint(&pointer, last) else {
                    failed = true
                    return
                }
                verse += gap + 1
                buffer[index] = verse
            }
            initialized = count
            failed = verse >= limit
        }
        if failed { throw IndexDamage(reason: "postings run past their bytes or the last verse") }
        return verses
    }

    /// The token ids stored as varints in `range`, each below `limit`; with a `table` (u32 per id, checked to
    /// lie inside), each id mapped through it to a value below `mappedLimit`, ids that map to `skipped` left out.
    ///
    /// - Complexity: O(range), one allocation.
    func tokens(
        in range: Range<Int>, below limit: Int, table: Int?, mappedBelow mappedLimit: Int, skipping skipped: Int
    ) throws(IndexDamage) -> [Int32] {
        try check(range.lowerBound, range.count)
        if let table { try check(table, limit * 4) }
        var failure: IndexDamage?
        let tokens = [Int32](unsafeUninitializedCapacity: range.count) { buffer, initialized in
            do throws(IndexDamage) {
                initialized = try decodeTokens(
                    range, below: limit, table: table, mappedBelow: mappedLimit, skipping: skipped, into: buffer)
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return tokens
    }

    /// The token ids in `range` (each below `limit`) written to the start of `buffer`, and with a `table` their
    /// mapped values (those that are not `skipped`, each below `mappedLimit`) to the start of `mapped`; the
    /// buffers grow when too short, their other elements left as they are. Returns how many of each.
    ///
    /// - Complexity: O(range).
    func tokens(
        in range: Range<Int>, below limit: Int, table: Int?, mappedBelow mappedLimit: Int, skipping skipped: Int,
        into buffer: inout [Int32], mapped: inout [Int32]
    ) throws(IndexDamage) -> (tokens: Int, mapped: Int) {
        try check(range.lowerBound, range.count)
        if let table { try check(table, limit * 4) }
        let size = max(range.count, 256)
        if buffer.count < range.count { buffer = [Int32](repeating: 0, count: max(size, 2 * buffer.count)) }
        if table != nil, mapped.count < range.count {
            mapped = [Int32](repeating: 0, count: max(size, 2 * mapped.count))
        }
        return try buffer.withUnsafeMutableBufferPointer { buffer throws(IndexDamage) in
            try mapped.withUnsafeMutableBufferPointer { mapped throws(IndexDamage) in
                var count = 0
                var mappedCount = 0
                try forEachToken(in: range, below: limit) { id throws(IndexDamage) in
                    guard count < buffer.count else { throw IndexDamage(reason: "too many tokens") }
                    buffer[count] = Int32(truncatingIfNeeded: id)
                    count += 1
                    guard let table, let value = try map(id, through: table, below: mappedLimit, skipping: skipped)
                    else { return }
                    guard mappedCount < mapped.count else { throw IndexDamage(reason: "too many tokens") }
                    mapped[mappedCount] = Int32(truncatingIfNeeded: value)
                    mappedCount += 1
                }
                return (count, mappedCount)
            }
        }
    }

    /// Decodes the tokens into `buffer` (at least `range.count` long: each takes a byte or more), the caller
    /// having checked `range` and the table.
    private func decodeTokens(
        _ range: Range<Int>, below limit: Int, table: Int?, mappedBelow mappedLimit: Int, skipping skipped: Int,
        into buffer: UnsafeMutableBufferPointer<Int32>
    ) throws(IndexDamage) -> Int {
        var count = 0
        try forEachToken(in: range, below: limit) { id throws(IndexDamage) in
            var value = id
            if let table {
                guard let mapped = try map(id, through: table, below: mappedLimit, skipping: skipped) else { return }
                value = mapped
            }
            guard count < buffer.count else { throw IndexDamage(reason: "too many tokens") }
            buffer[count] = Int32(truncatingIfNeeded: value)
            count += 1
        }
        return count
    }

    /// Calls `body` with each varint in `range` (checked by the caller), each checked to be below `limit`.
    @inline(__always)
    private func forEachToken(
        in range: Range<Int>, below limit: Int, _ body: (Int) throws(IndexDamage) -> Void
    ) throws(IndexDamage) {
        guard let base else { return }
        var pointer = base + range.lowerBound
        let end = base + range.upperBound
        while pointer < end {
            guard let id = Self.varint(&pointer, end) else { throw IndexDamage(reason: "a token runs past its verse") }
            guard id < limit else { throw IndexDamage(reason: "token id \(id) out of range") }
            try body(id)
        }
    }

    /// The u32 of `id` in the table at `table` (checked by the caller), or nil when it is `skipped`; throws
    /// unless it is below `limit`.
    @inline(__always)
    private func map(_ id: Int, through table: Int, below limit: Int, skipping skipped: Int) throws(IndexDamage) -> Int?
    {
        guard let base else { return nil }
        let value = Int(UInt32(littleEndian: UnsafeRawPointer(base + table + id * 4).loadUnaligned(as: UInt32.self)))
        if value == skipped { return nil }
        guard value < limit else { throw IndexDamage(reason: "an exact id folds to \(value)") }
        return value
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

    /// The first eight of `length` bytes at `offset` as a big-endian integer, zero-padded (0 when outside).
    func head(_ offset: Int, _ length: Int) -> UInt64 {
        guard let base, offset >= 0, length >= 0, offset <= count, length <= count - offset else { return 0 }
        var head: UInt64 = 0
        for index in 0..<min(8, length) { head |= UInt64(base[offset + index]) << UInt64(56 - 8 * index) }
        return head
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

extension Array where Element == Int {
    /// Keeps, in order and in place, the elements `keep` accepts; `keep` sees them in order.
    ///
    /// - Complexity: O(n) calls of `keep`, no allocation.
    mutating func retain<Failure: Error>(where keep: (Int) throws(Failure) -> Bool) throws(Failure) {
        let kept = try withUnsafeMutableBufferPointer { elements throws(Failure) -> Int in
            var kept = 0
            for index in elements.indices {
                let element = elements[index]
                if try keep(element) {
                    elements[kept] = element
                    kept += 1
                }
            }
            return kept
        }
        removeLast(count - kept)
    }
}
