import ScriptureModel

/// The styles an encoder has met, found from a span's flat content without making its `StyleKey`: a
/// hash of the marker's, names' and values' bytes, checked against the key kept for it.
///
/// Making and hashing a `StyleKey` for every `\w` word (an array, a string per attribute, SipHash over
/// all of them) was most of the cost of encoding a tagged Bible; this costs a pass over the values' bytes.
struct StyleLookup {
    /// Per slot: the hash (0 when empty) and the entry's index.
    private var hashes: [UInt64]
    private var entries: [Int]
    private var mask: Int
    /// Per entry: the style, and what the encoder gave it (an id).
    private(set) var keys: [StyleKey] = []
    private(set) var values: [Int] = []
    /// The hash of each string of the content being encoded.
    private var stringHashes: [UInt64] = []

    init() {
        hashes = Array(repeating: 0, count: 1024)
        entries = Array(repeating: 0, count: 1024)
        mask = 1023
    }

    /// Hashes the strings of `content`, which the next lookups read.
    mutating func start(_ content: FlatContent) {
        stringHashes = content.strings.map { string in
            var copy = string
            return copy.withUTF8 { Self.hash($0, seed: 0xCBF2_9CE4_8422_2325) }
        }
    }

    /// The value of the style of node `index` (whose text bytes `bytes` holds) and its hash.
    func find(_ content: FlatContent, _ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> (hash: UInt64, value: Int?) {
        let marker = content.nodes[index].marker
        var hash = Self.mix(0x9E37_79B9_7F4A_7C15, marker == FlatNode.none ? 1 : stringHashes[Int(marker)])
        let slots = content.attributeSlots(of: index)
        for slot in slots {
            hash = Self.mix(hash, stringHashes[content.attributeName(at: slot)])
            hash = Self.hash(UnsafeBufferPointer(rebasing: bytes[content.attributeValue(at: slot)]), seed: hash)
        }
        hash |= 1  // never 0, which marks an empty slot
        var position = Int(truncatingIfNeeded: hash >> 20) & mask
        while hashes[position] != 0 {
            if hashes[position] == hash, matches(keys[entries[position]], content, index, slots, bytes) {
                return (hash, values[entries[position]])
            }
            position = (position + 1) & mask
        }
        return (hash, nil)
    }

    /// Keeps `key` with `value` under `hash` (from `find`, which did not find it).
    mutating func insert(_ key: StyleKey, hash: UInt64, value: Int) {
        if (keys.count + 1) * 2 > hashes.count { grow() }
        keys.append(key)
        values.append(value)
        place(hash, keys.count - 1)
    }

    private mutating func place(_ hash: UInt64, _ entry: Int) {
        var position = Int(truncatingIfNeeded: hash >> 20) & mask
        while hashes[position] != 0 { position = (position + 1) & mask }
        hashes[position] = hash
        entries[position] = entry
    }

    private mutating func grow() {
        let (oldHashes, oldEntries) = (hashes, entries)
        hashes = Array(repeating: 0, count: oldHashes.count * 2)
        entries = Array(repeating: 0, count: oldHashes.count * 2)
        mask = hashes.count - 1
        for position in oldHashes.indices where oldHashes[position] != 0 { place(oldHashes[position], oldEntries[position]) }
    }

    private func matches(
        _ key: StyleKey, _ content: FlatContent, _ index: Int, _ slots: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard key.attributes.count == slots.count, key.marker == content.marker(of: index) else { return false }
        for (offset, slot) in slots.enumerated() {
            let attribute = key.attributes[offset]
            guard ByteHash.equal(attribute.name, content.strings[content.attributeName(at: slot)]) else { return false }
            let value = UnsafeBufferPointer(rebasing: bytes[content.attributeValue(at: slot)])
            var copy = attribute.value
            guard copy.withUTF8({ ByteHash.equal($0, value) }) else { return false }
        }
        return true
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        ByteHash.hash(bytes, seed: seed)
    }

    private static func mix(_ hash: UInt64, _ value: UInt64) -> UInt64 {
        var mixed = (hash ^ value) &* 0xFF51_AFD7_ED55_8CCD
        mixed ^= mixed >> 33
        return mixed
    }
}
