import ScriptureModel

/// Gives each distinct value a small integer id, the most used values the smallest.
///
/// Each book's encoder counts its values (`countGivingID`), under ids of its own in first-seen order; the
/// books' interners are then merged (`merge`, which says where each of a book's values went) and frozen:
/// `freeze` numbers the values by use, most first (ties in first-seen order, so the same input always gives
/// the same file), so the common ones take one varint byte.
struct FrequencyInterner<Key: Hashable & Sendable>: Sendable {
    private(set) var values: [Key] = []
    private var ids: [Key: Int] = [:]
    private var counts: [Int] = []

    /// Counts one use of `value` (before freezing).
    mutating func count(_ value: Key) { _ = countGivingID(value) }

    /// Counts one use of `value` (before freezing) and gives its id until then.
    mutating func countGivingID(_ value: Key) -> Int {
        if let id = ids[value] {
            counts[id] += 1
            return id
        }
        let id = values.count
        ids[value] = id
        values.append(value)
        counts.append(1)
        return id
    }

    /// Counts one more use of the value with id `id` (from `countGivingID`, before freezing).
    mutating func count(id: Int) { counts[id] += 1 }

    /// Numbers the values counted so far, most used first, and gives the new id of each old one; nothing is
    /// counted after.
    @discardableResult
    mutating func freeze() -> [Int] {
        let order = Self.frequencyOrder(counts)
        values = order.map { values[$0] }
        ids = [:]
        counts = []
        return Self.renumbering(order)
    }

    /// The indices of `counts`, most used first, ties in index order (first seen first).
    static func frequencyOrder(_ counts: [Int]) -> [Int] {
        // Sorted as integers when they fit: the count's complement in the high half, the index in the low.
        let limit = 1 << 32
        guard counts.count < limit, counts.allSatisfy({ $0 >= 0 && $0 < limit }) else {
            return counts.indices.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }
        }
        var keys = counts.enumerated().map { UInt64(UInt32.max - UInt32($1)) << 32 | UInt64($0) }
        keys.sort()
        return keys.map { Int($0 & 0xFFFF_FFFF) }
    }

    /// The new index of each old one, for `order` (the old index of each new one).
    static func renumbering(_ order: [Int]) -> [Int] {
        var renumbered = [Int](repeating: 0, count: order.count)
        for (new, old) in order.enumerated() { renumbered[old] = new }
        return renumbered
    }

    /// Adds the values and counts another interner counted, in its first-seen order, and gives the id here of
    /// each of its ids.
    @discardableResult
    mutating func merge(_ other: FrequencyInterner<Key>) -> [Int] {
        var merged: [Int] = []
        merged.reserveCapacity(other.values.count)
        for (index, value) in other.values.enumerated() {
            if let id = ids[value] {
                counts[id] += other.counts[index]
                merged.append(id)
            } else {
                merged.append(values.count)
                ids[value] = values.count
                values.append(value)
                counts.append(other.counts[index])
            }
        }
        return merged
    }
}

extension FrequencyInterner where Key == ByteString {
    /// Counts one use of `string` (before freezing) and gives its id until then.
    @inline(__always)
    mutating func countGivingID(_ string: String) -> Int { countGivingID(ByteString(string)) }
}
