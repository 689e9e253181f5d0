import ScriptureModel

/// The styles an encoder has met, found from a span's flat content without making its `StyleKey`: a
/// hash of the marker's and names' tokens and the values' bytes, checked against the entry kept for it.
///
/// Making and hashing a `StyleKey` for every `\w` word (an array, a string per attribute, SipHash over
/// all of them) was most of the cost of encoding a tagged Bible; this costs a pass over the values' bytes.
/// Markers and attribute names are few: each distinct one gets a token (a small integer) once per chapter,
/// so that an entry's marker and names compare as integers and only its values as bytes.
struct StyleLookup {
    /// Per slot: the hash (0 when empty) and the entry's index.
    private var hashes: [UInt64]
    private var entries: [Int]
    private var mask: Int
    /// Per entry: its marker's token, where its attributes start in `names` and `valueEnds`, and what the
    /// encoder gave it (an id); `attributeStarts` has one more element, the end of the last entry's attributes.
    private var markers: [Int] = []
    private var attributeStarts: [Int] = [0]
    private(set) var values: [Int] = []
    /// Per attribute of an entry: its name's token and where its value ends in `pool` (it starts where the
    /// attribute before it ends, or at 0).
    private var names: [Int] = []
    private var valueEnds: [Int] = []
    private var pool: [UInt8] = []
    /// The token of every marker and attribute name met, and of each string of the content being encoded.
    private var tokenOf: [String: Int] = [:]
    private var tokens: [Int] = []

    init() {
        hashes = Array(repeating: 0, count: 1024)
        entries = Array(repeating: 0, count: 1024)
        mask = 1023
    }

    /// Gives the strings of `content`, which the next lookups read, their tokens.
    mutating func start(_ content: FlatContent) {
        tokens = content.strings.map { string in
            if let token = tokenOf[string] { return token }
            let token = tokenOf.count
            tokenOf[string] = token
            return token
        }
    }

    /// The token of the marker of `node` (-1 for none).
    private func markerToken(_ node: FlatNode) -> Int {
        node.marker == FlatNode.none ? -1 : tokens[Int(node.marker)]
    }

    /// The value of the style of node `index` (whose text bytes `bytes` holds) and its hash.
    func find(_ content: FlatContent, _ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> (hash: UInt64, value: Int?) {
        let marker = markerToken(content.nodes[index])
        var hash = Self.mix(0x9E37_79B9_7F4A_7C15, UInt64(bitPattern: Int64(marker)))
        let slots = content.attributeSlots(of: index)
        for slot in slots {
            hash = Self.mix(hash, UInt64(tokens[content.attributeName(at: slot)]))
            hash = ByteHash.hash(UnsafeBufferPointer(rebasing: bytes[content.attributeValue(at: slot)]), seed: hash)
        }
        hash |= 1  // never 0, which marks an empty slot
        var position = Int(truncatingIfNeeded: hash >> 20) & mask
        while hashes[position] != 0 {
            if hashes[position] == hash, matches(entries[position], marker, content, slots, bytes) {
                return (hash, values[entries[position]])
            }
            position = (position + 1) & mask
        }
        return (hash, nil)
    }

    /// Keeps the style of node `index` with `value` under `hash` (from `find`, which did not find it).
    mutating func insert(
        _ content: FlatContent, _ index: Int, _ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, value: Int
    ) {
        if (values.count + 1) * 2 > hashes.count { grow() }
        markers.append(markerToken(content.nodes[index]))
        for slot in content.attributeSlots(of: index) {
            names.append(tokens[content.attributeName(at: slot)])
            pool.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[content.attributeValue(at: slot)]))
            valueEnds.append(pool.count)
        }
        attributeStarts.append(names.count)
        values.append(value)
        place(hash, values.count - 1)
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
        _ entry: Int, _ marker: Int, _ content: FlatContent, _ slots: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let first = attributeStarts[entry]
        guard markers[entry] == marker, attributeStarts[entry + 1] - first == slots.count else { return false }
        return pool.withUnsafeBufferPointer { pool in
            var attribute = first
            for slot in slots {
                guard names[attribute] == tokens[content.attributeName(at: slot)] else { return false }
                let start = attribute == 0 ? 0 : valueEnds[attribute - 1]
                let kept = UnsafeBufferPointer(rebasing: pool[start..<valueEnds[attribute]])
                guard ByteHash.equal(kept, UnsafeBufferPointer(rebasing: bytes[content.attributeValue(at: slot)]))
                else { return false }
                attribute += 1
            }
            return true
        }
    }

    private static func mix(_ hash: UInt64, _ value: UInt64) -> UInt64 {
        var mixed = (hash ^ value) &* 0xFF51_AFD7_ED55_8CCD
        mixed ^= mixed >> 33
        return mixed
    }
}
