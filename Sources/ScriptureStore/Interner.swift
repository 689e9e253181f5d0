import ScriptureModel

/// A character style as stored: a marker with its attributes (`w` + `strong="H430"`).
///
/// Equal when the strings' UTF-8 bytes are, and hashed from those bytes: a store's strings are all NFC, so
/// byte equality is `String` equality here, without the normalization Swift's `String` hashing and
/// comparison do for non-ASCII text (for Hebrew and Greek words, whose transliterations and lemmas are
/// their attributes, that was most of the cost of encoding the styles).
struct StyleKey: Hashable, Sendable {
    let marker: String
    let attributes: [Attribute]
    /// The hash of the marker's, names' and values' bytes, made once: a dictionary rehashes its keys as it
    /// grows, and compares every key it probes, which differ in this first.
    private let bytesHash: UInt64

    init(marker: String, attributes: [Attribute]) {
        self.marker = marker
        self.attributes = attributes
        var hash = ByteHash.hash(marker, seed: 0xCBF2_9CE4_8422_2325)
        for attribute in attributes {
            hash = ByteHash.hash(attribute.value, seed: ByteHash.hash(attribute.name, seed: hash))
        }
        bytesHash = hash
    }

    static func == (left: StyleKey, right: StyleKey) -> Bool {
        guard left.bytesHash == right.bytesHash, left.attributes.count == right.attributes.count,
            ByteHash.equal(left.marker, right.marker)
        else {
            return false
        }
        for (a, b) in zip(left.attributes, right.attributes)
        where !ByteHash.equal(a.name, b.name) || !ByteHash.equal(a.value, b.value) {
            return false
        }
        return true
    }

    func hash(into hasher: inout Hasher) { hasher.combine(bytesHash) }
}

/// Gives each distinct value a small integer id, the most used values the smallest.
///
/// Each book's encoder counts its values (`countGivingID`), under ids of its own in first-seen order; the
/// books' interners are then merged (`merge`, which says where each of a book's values went) and frozen:
/// `freeze` numbers the values by use, most first (ties in first-seen order, so the same input always gives
/// the same file), so the common ones take one varint byte. Values first met after freezing get the next ids.
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

    /// Numbers the values counted so far, most used first, and gives the new id of each old one.
    @discardableResult
    mutating func freeze() -> [Int] {
        let order = values.indices.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }
        values = order.map { values[$0] }
        ids = Dictionary(uniqueKeysWithValues: values.enumerated().map { ($1, $0) })
        counts = []
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

    /// The id of `value`, adding it when new.
    mutating func id(_ value: Key) -> Int {
        if let id = ids[value] { return id }
        let id = values.count
        ids[value] = id
        values.append(value)
        return id
    }
}

extension FrequencyInterner where Key == ByteString {
    /// Counts one use of `string` (before freezing) and gives its id until then.
    @inline(__always)
    mutating func countGivingID(_ string: String) -> Int { countGivingID(ByteString(string)) }

    /// The id of `string`, adding it when new.
    @inline(__always)
    mutating func id(_ string: String) -> Int { id(ByteString(string)) }
}
