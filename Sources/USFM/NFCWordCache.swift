import TextNormalization

/// The NFC forms of the words a book repeats, so that each distinct spelling goes through ICU once.
///
/// Pointed Hebrew or polytonic Greek is never inert for NFC: every word would otherwise be converted to
/// UTF-16 and checked (and often normalized) by ICU, a few thousand instructions each, while a book has
/// far fewer distinct spellings than words. Spellings up to `longest` bytes are kept, with their NFC
/// form, in one byte pool, found through an open-addressing table of their hashes; the table and pool
/// stop growing at `maximumPool` bytes, after which new spellings are normalized without being kept.
///
/// A class so that the builder can hand out the bytes of a form while it is itself being mutated, and so
/// that a `USFMParseSession` can keep one for all of a version's files; not `Sendable`, one per thread.
final class NFCWordCache {
    /// The longest spelling kept, in bytes.
    static let longest = 96
    /// The pool's limit, in bytes (spellings and their forms).
    static let maximumPool = 8 << 20

    private struct Slot {
        var hash: UInt64 = 0
        /// Offset in the pool of the spelling, then of its NFC form (the same offset when it is NFC).
        var spelling: UInt32 = 0
        var form: UInt32 = 0
        var spellingCount: UInt16 = 0
        var formCount: UInt16 = 0
    }

    private var slots = [Slot](repeating: Slot(), count: 1 << 12)
    private var used = 0
    private var pool: UnsafeMutablePointer<UInt8>
    private var poolCount = 0
    private var poolCapacity = 1 << 16

    init() {
        pool = .allocate(capacity: poolCapacity)
    }

    deinit {
        pool.deallocate()
    }

    /// The NFC form of valid UTF-8 `text`; the bytes stay valid until the next call.
    func form(of text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard text.count <= Self.longest else { return normalizedAside(text) }
        let hash = Self.hash(text)
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index].spellingCount != 0 {
            let slot = slots[index]
            if slot.hash == hash, Int(slot.spellingCount) == text.count,
                Self.equal(pool + Int(slot.spelling), text)
            {
                return UnsafeBufferPointer(start: pool + Int(slot.form), count: Int(slot.formCount))
            }
            index = (index &+ 1) & mask
        }
        var normalized = NFC.string(text)
        return normalized.withUTF8 { form in
            guard poolCount + text.count + form.count <= Self.maximumPool else { return aside(form) }
            let same = form.count == text.count && form.baseAddress.map { Self.equal($0, text) } == true
            let spelling = append(text)
            let formOffset = same ? spelling : append(form)
            slots[index] = Slot(
                hash: hash, spelling: UInt32(spelling), form: UInt32(formOffset), spellingCount: UInt16(text.count),
                formCount: UInt16(form.count))
            used += 1
            if used * 2 > slots.count { grow() }
            return UnsafeBufferPointer(start: pool + formOffset, count: form.count)
        }
    }

    /// The NFC form of a spelling too long to keep, placed after the pool's kept bytes.
    private func normalizedAside(_ text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var normalized = NFC.string(text)
        return normalized.withUTF8 { aside($0) }
    }

    /// Copies bytes after the pool's kept bytes, without keeping them: valid until the next call.
    private func aside(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        reserve(bytes.count)
        if let base = bytes.baseAddress { (pool + poolCount).update(from: base, count: bytes.count) }
        return UnsafeBufferPointer(start: pool + poolCount, count: bytes.count)
    }

    /// Appends bytes to the pool; returns their offset.
    private func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        reserve(bytes.count)
        let offset = poolCount
        if let base = bytes.baseAddress { (pool + offset).update(from: base, count: bytes.count) }
        poolCount += bytes.count
        return offset
    }

    /// Grows the pool to hold `count` more bytes.
    private func reserve(_ count: Int) {
        if poolCount + count > poolCapacity {
            var capacity = poolCapacity * 2
            while poolCount + count > capacity { capacity *= 2 }
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            larger.update(from: pool, count: poolCount)
            pool.deallocate()
            pool = larger
            poolCapacity = capacity
        }
    }

    /// Doubles the table, placing every kept spelling again.
    private func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.spellingCount != 0 {
            var index = Int(truncatingIfNeeded: slot.hash) & mask
            while slots[index].spellingCount != 0 { index = (index &+ 1) & mask }
            slots[index] = slot
        }
    }

    /// Whether the `text.count` bytes at `stored` are `text`'s, eight at a time.
    @inline(__always)
    private static func equal(_ stored: UnsafePointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return true }
        let count = text.count
        var index = 0
        while index &+ 8 <= count {
            let left = UnsafeRawPointer(stored + index).loadUnaligned(as: UInt64.self)
            let right = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if left != right { return false }
            index &+= 8
        }
        while index < count {
            if stored[index] != base[index] { return false }
            index &+= 1
        }
        return true
    }

    /// FNV-1a over the bytes, then a final mix so that the low bits used for the slot depend on all.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        hash ^= hash >> 29
        hash = hash &* 0xbf58_476d_1ce4_e5b9
        return hash ^ (hash >> 32)
    }
}
