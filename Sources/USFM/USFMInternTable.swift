import ScriptureModel

/// Values (inlines, content and attribute arrays) already built from identical source bytes of
/// one file, shared instead of built again.
///
/// The WEB's 640,000 `\w word|strong="H1234"\w*` spans are only about 6,000 distinct
/// ones per book: an `Inline` is a value, so an identical span can share the boxes of
/// the first (text, content array, attribute array, span) instead of allocating four
/// new ones; a new span can still share its content and attributes with earlier ones. An open-addressing hash table that doubles at half load; each slot holds
/// part of the hash and the entry number, and the keys' bytes are copied into one
/// arena, so a look-up touches little memory.
struct USFMInternTable<Value> {
    private struct Entry {
        var keyStart: Int32
        var keyLength: Int32
        var value: Value
    }

    /// 0 when empty; else the hash's high 32 bits and the entry number + 1.
    private var slots: [UInt64]
    private var entries: [Entry] = []
    private var arena: [UInt8] = []

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = [UInt64](repeating: 0, count: size)
        arena.reserveCapacity(capacity * 16)
    }

    /// The inline stored for `key`, given its `hash`.
    func find(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Value? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        let tag = hash & 0xFFFF_FFFF_0000_0000
        return slots.withUnsafeBufferPointer { slots in
            while true {
                let found = slots[slot]
                if found == 0 { return nil }
                if found & 0xFFFF_FFFF_0000_0000 == tag {
                    let entry = entries[Int(truncatingIfNeeded: found & 0xFFFF_FFFF) - 1]
                    if Int(entry.keyLength) == key.count, matches(Int(entry.keyStart), key) { return entry.value }
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Stores the inline built from `key` (not already present).
    mutating func insert(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64, value: Value) {
        guard entries.count < Int(Int32.max) - 1, arena.count + key.count < Int(Int32.max) else { return }
        if (entries.count + 1) * 2 > slots.count { grow() }
        entries.append(Entry(keyStart: Int32(arena.count), keyLength: Int32(key.count), value: value))
        arena.append(contentsOf: key)
        place(entries.count - 1, hash: hash)
    }

    /// Whether the arena's bytes from `keyStart` equal `key`.
    private func matches(_ keyStart: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = key.count
        guard keyStart >= 0, keyStart + count <= arena.count else { return false }
        guard let base = key.baseAddress else { return count == 0 }
        let right = UnsafeRawPointer(base)
        return arena.withUnsafeBytes { arena in
            guard let arenaBase = arena.baseAddress else { return count == 0 }
            let left = arenaBase + keyStart
            var offset = 0
            while offset + 8 <= count {
                if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                {
                    return false
                }
                offset += 8
            }
            if offset < count, count >= 8 {
                // The last eight bytes, overlapping the words already compared.
                return left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                    == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            }
            while offset < count {
                if left.load(fromByteOffset: offset, as: UInt8.self)
                    != right.load(fromByteOffset: offset, as: UInt8.self)
                {
                    return false
                }
                offset += 1
            }
            return true
        }
    }

    private mutating func place(_ entry: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(entry + 1)
    }

    private mutating func grow() {
        slots = [UInt64](repeating: 0, count: slots.count * 2)
        // Re-placing needs each entry's full hash; the arena holds its key.
        for entry in entries.indices {
            let start = Int(entries[entry].keyStart)
            let length = Int(entries[entry].keyLength)
            let hash = arena.withUnsafeBytes { arena -> UInt64 in
                guard let base = arena.baseAddress, start + length <= arena.count else { return 0 }
                return USFMInternKey.hash(UnsafeRawPointer(base + start), length)
            }
            place(entry, hash: hash)
        }
    }
}

/// The hash of intern-table keys: 64-bit words mixed by multiplication, the last word
/// loaded overlapping the one before.
enum USFMInternKey {
    /// A hash of a key's bytes.
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = key.baseAddress else { return 0 }
        return hash(UnsafeRawPointer(base), key.count)
    }

    /// A hash of `count` bytes, eight at a time.
    static func hash(_ raw: UnsafeRawPointer, _ count: Int) -> UInt64 {
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= count {
            hash = mix(hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < count {
            // The last eight bytes, overlapping the words already mixed, or the few bytes of a short key.
            var tail: UInt64 = 0
            if count >= 8 {
                tail = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            } else {
                for index in 0..<count {
                    tail |= UInt64(raw.load(fromByteOffset: index, as: UInt8.self)) << (index * 8)
                }
            }
            hash = mix(hash ^ tail)
        }
        return mix(hash)
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var mixed = value &* 0xBF58_476D_1CE4_E5B9
        mixed ^= mixed >> 31
        return mixed
    }
}
