// Bulk decoding of the search index: posting lists and verse token streams read in tight pointer
// loops, every read checked against the region the caller checked; and the in-place filter of a verse
// list. The rest of the index's pointer code is in IndexReader.swift.

import LecternKernels

extension IndexReader {
    /// Reads the varint at `pointer`, which must end before `end`, and moves past it; nil when it runs past
    /// `end` or is longer than five bytes (`Varint.read`). The loops that decode many varints use it.
    @inline(__always)
    static func varint(_ pointer: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Int? {
        Varint.read(&pointer, end)
    }

    /// Reads the varint at `pointer` (which lies before `end`) like `varint` (`Varint.next`: its one- and
    /// two-byte forms inline, a gap between postings is mostly one of those): the posting loops' step.
    @inline(__always)
    static func gap(_ pointer: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Int? {
        Varint.next(&pointer, end)
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
            guard let output = buffer.baseAddress else { return }
            failed = !Self.decodeGaps(base + start, base + end, count: count, below: limit, into: output)
            initialized = failed ? 0 : count
        }
        if failed { throw IndexDamage(reason: "postings run past their bytes or the last verse") }
        return verses
    }

    /// `gaps`' loop: writes the `count` verses whose gaps run from `pointer` to `last` to `output`; false when
    /// they run past `last` or reach `limit`. A gap has at most 35 bits, so the sum cannot overflow; the
    /// verses increase, so the last one checked against `limit` checks them all.
    @inline(__always)
    static func decodeGaps(
        _ pointer: UnsafePointer<UInt8>, _ last: UnsafePointer<UInt8>, count: Int, below limit: Int,
        into output: UnsafeMutablePointer<Int>
    ) -> Bool {
        var pointer = pointer
        var verse = -1
        var index = 0
        while index < count {
            guard pointer < last, let gap = gap(&pointer, last) else { return false }
            verse = verse &+ gap &+ 1
            output[index] = verse
            index &+= 1
        }
        return verse < limit
    }

    /// The token ids stored as varints in `range`, each below `limit`, written to the start of `buffer` (grown
    /// when too short); with a `table` (u32 per id, checked to lie inside), each id mapped through it to a
    /// value below `mappedLimit`, ids that map to `skipped` left out. Returns how many.
    ///
    /// - Complexity: O(range); no allocation once `buffer` is long enough.
    func tokens(
        in range: Range<Int>, below limit: Int, table: Int?, mappedBelow mappedLimit: Int, skipping skipped: Int,
        into buffer: inout [Int32]
    ) throws(IndexDamage) -> Int {
        try check(range.lowerBound, range.count)
        if let table { try check(table, limit * 4) }
        Self.grow(&buffer, to: range.count)
        return try buffer.withUnsafeMutableBufferPointer { buffer throws(IndexDamage) in
            try decodeTokens(
                range, below: limit, table: table, mappedBelow: mappedLimit, skipping: skipped, into: buffer)
        }
    }

    /// Makes `buffer` at least `count` long (a verse's tokens take a byte or more each), at least doubling it.
    static func grow(_ buffer: inout [Int32], to count: Int) {
        if buffer.count < count { buffer = [Int32](repeating: 0, count: max(count, 256, 2 * buffer.count)) }
    }

    /// Keeps in `verses` (increasing), in place, those among the `count` verses stored as gaps from `start`
    /// to `end` (see `gaps`), each below `limit`; the gaps are decoded only as far as the verses go.
    ///
    /// - Complexity: O(verses + postings before the last verse), no allocation.
    func intersect(
        _ verses: inout [Int], gapsFrom start: Int, to end: Int, count: Int, below limit: Int
    ) throws(IndexDamage) {
        try check(start, end - start)
        guard let base else {
            verses.removeAll()
            return
        }
        let (kept, failed) = verses.withUnsafeMutableBufferPointer { buffer in
            guard let elements = buffer.baseAddress else { return (0, false) }
            return Self.intersect(elements, buffer.count, base + start, base + end, count: count, below: limit)
        }
        if failed { throw IndexDamage(reason: "postings run past their bytes or the last verse") }
        verses.removeLast(verses.count - kept)
    }

    /// `intersect`'s loop over `total` verses at `verses` and the gaps from `pointer` to `last`: how many
    /// verses it kept (moved to the front), and whether the gaps are damaged. The gaps are decoded only as
    /// far as the verses go, up to the list's last byte (where its `count` gaps end, each a byte or more); the
    /// postings increase, so the last one decoded checked against `limit` checks them all.
    @inline(__always)
    static func intersect(
        _ verses: UnsafeMutablePointer<Int>, _ total: Int, _ pointer: UnsafePointer<UInt8>,
        _ last: UnsafePointer<UInt8>, count: Int, below limit: Int
    ) -> (kept: Int, failed: Bool) {
        var pointer = pointer
        var posting = -1
        var decoded = 0
        var kept = 0
        var index = 0
        scan: while index < total {
            let verse = verses[index]
            index &+= 1
            while posting < verse {
                guard pointer < last else { break scan }
                guard let gap = gap(&pointer, last) else { return (kept, true) }
                posting = posting &+ gap &+ 1
                decoded &+= 1
            }
            if posting == verse {
                verses[kept] = verse
                kept &+= 1
            }
        }
        return (kept, posting >= limit || decoded > count)
    }

    /// Adds to `set` the `count` verses stored as gaps from `start` to `end` (see `gaps`), each below `limit`.
    ///
    /// - Complexity: O(count).
    func orGaps(from start: Int, to end: Int, count: Int, below limit: Int, into set: inout IDSet) throws(IndexDamage) {
        try check(start, end - start)
        guard let base, count > 0 else { return }
        let failed = set.words.withUnsafeMutableBufferPointer { words in
            var pointer = base + start
            let last = base + end
            var verse = -1
            for _ in 0..<count {
                guard let gap = Self.varint(&pointer, last) else { return true }
                verse = verse &+ gap &+ 1
                guard verse < limit, verse >> 6 < words.count else { return true }
                words[verse >> 6] |= 1 << UInt64(verse & 63)
            }
            return false
        }
        if failed { throw IndexDamage(reason: "postings run past their bytes or the last verse") }
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
        Self.grow(&buffer, to: range.count)
        if table != nil { Self.grow(&mapped, to: range.count) }
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

    /// The token ids in `range` (each below `limit`) written to the start of `buffer` (grown when too short),
    /// with `body` called for each one whose value in the u32 `table` is not `skipped` (each below
    /// `mappedLimit`): its place and that value. Returns how many tokens.
    ///
    /// - Complexity: O(range).
    @inline(__always)
    func tokens(
        in range: Range<Int>, below limit: Int, table: Int, mappedBelow mappedLimit: Int, skipping skipped: Int,
        into buffer: inout [Int32], _ body: (_ position: Int, _ value: Int) -> Void
    ) throws(IndexDamage) -> Int {
        try check(range.lowerBound, range.count)
        try check(table, limit * 4)
        Self.grow(&buffer, to: range.count)
        return try buffer.withUnsafeMutableBufferPointer { buffer throws(IndexDamage) in
            var count = 0
            try forEachToken(in: range, below: limit) { id throws(IndexDamage) in
                guard count < buffer.count else { throw IndexDamage(reason: "too many tokens") }
                buffer[count] = Int32(truncatingIfNeeded: id)
                if let value = try map(id, through: table, below: mappedLimit, skipping: skipped) { body(count, value) }
                count += 1
            }
            return count
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

extension IndexReader {
    /// Word `index` (64 bits, low bit first) of the bitmap of `bytes` bytes at `offset`, zero-filled past its
    /// end; zero outside the section.
    @inline(__always)
    func bitmapWord(_ offset: Int, bytes: Int, _ index: Int) -> UInt64 {
        let first = offset + index * 8
        guard let base, index >= 0, first >= 0, first < offset + bytes, offset + bytes <= count else { return 0 }
        if first + 8 <= offset + bytes {
            return UInt64(littleEndian: UnsafeRawPointer(base + first).loadUnaligned(as: UInt64.self))
        }
        var value: UInt64 = 0
        for byte in first..<(offset + bytes) { value |= UInt64(base[byte]) << UInt64((byte - first) * 8) }
        return value
    }

    /// The byte at `offset` without a throw: zero outside the section (for reads the caller checked).
    @inline(__always)
    func byte(_ offset: Int) -> Int {
        guard let base, offset >= 0, offset < count else { return 0 }
        return Int(base[offset])
    }
}

extension IndexReader {
    /// How many bits are set in words `words` (64 bits each) of the bitmap of `bytes` bytes at `offset`; the
    /// words past its end count as zero.
    @inline(__always)
    func bitCount(_ offset: Int, bytes: Int, words: Range<Int>) -> Int {
        let whole = min(words.upperBound, bytes / 8)
        guard let base, offset >= 0, offset + bytes <= count, words.lowerBound >= 0 else { return 0 }
        var total = 0
        if words.lowerBound < whole {
            let raw = UnsafeRawPointer(base + offset)
            for word in words.lowerBound..<whole {
                total += raw.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self).nonzeroBitCount
            }
        }
        for word in max(words.lowerBound, whole)..<max(words.upperBound, max(words.lowerBound, whole)) {
            total += bitmapWord(offset, bytes: bytes, word).nonzeroBitCount
        }
        return total
    }
}

extension IndexReader {
    /// How many of bits `bits` are set in the bitmap of `bytes` bytes at `offset` (bits past its end count as
    /// clear).
    func bitCount(_ offset: Int, bytes: Int, bits: Range<Int>) -> Int {
        guard !bits.isEmpty, bits.lowerBound >= 0 else { return 0 }
        let first = bits.lowerBound >> 6
        let last = (bits.upperBound - 1) >> 6
        let low = ~UInt64(0) << UInt64(bits.lowerBound & 63)
        let high = ~UInt64(0) >> UInt64(63 - (bits.upperBound - 1) & 63)
        if first == last { return (bitmapWord(offset, bytes: bytes, first) & low & high).nonzeroBitCount }
        return (bitmapWord(offset, bytes: bytes, first) & low).nonzeroBitCount
            + bitCount(offset, bytes: bytes, words: (first + 1)..<last)
            + (bitmapWord(offset, bytes: bytes, last) & high).nonzeroBitCount
    }
}
