import ScriptureModel

/// Character styles as the store keeps them (a marker with its attributes: `w` + `strong="H430"`), each
/// once, with its uses, in the order first met: markers and attribute names as tokens (each distinct string
/// once), the values' bytes one after another in one pool.
///
/// A book's encoder finds its styles here from the flat content (`StyleLookup`); the books' sets are then
/// merged into the file's (`merge`), which orders them by use (`frequencyOrder`) for the styles section.
/// Nothing is made per style but its bytes: no strings, no arrays. Two styles are the same when their
/// markers', names' and values' bytes are (a store's strings are all NFC, so that is `String` equality).
struct StyleSet: Sendable {
    /// The marker and attribute-name strings, each once (a token is an index), and the hash of each one's bytes.
    private(set) var tokenStrings: [String] = []
    private(set) var tokenHashes: [UInt64] = []
    private var tokenIDs: [ByteString: Int] = [:]
    /// Per style: its marker's token, where its attributes start (`attributeStarts` has one more element, the
    /// end of the last style's), its hash and its uses.
    private(set) var markers: [Int] = []
    private(set) var attributeStarts: [Int] = [0]
    private(set) var hashes: [UInt64] = []
    private(set) var counts: [Int] = []
    /// Per attribute: its name's token, where its value ends in `pool` (it starts where the one before ends,
    /// so that a style's values are one run of bytes), and its value's hash (`ByteString.hash(_:)`).
    private(set) var names: [Int] = []
    private(set) var valueEnds: [Int] = []
    private(set) var valueHashes: [UInt64] = []
    private(set) var pool: [UInt8] = []
    private var slots = HashSlots()
    /// In a set made by `merge`, per attribute: its value's index among the distinct values (numbered in the
    /// order first met), so that the styles section looks each distinct value up once; and per distinct value,
    /// an attribute that has it.
    private(set) var valueIDs: [Int] = []
    private var valueHolders: [Int] = []
    private var values = HashSlots()

    /// How many distinct values `valueIDs` numbers.
    var valueCount: Int { valueHolders.count }

    /// How many styles there are.
    var count: Int { markers.count }

    /// The token of `string`, added when new.
    mutating func token(_ string: String) -> Int {
        let key = ByteString(string)
        if let token = tokenIDs[key] { return token }
        let token = tokenStrings.count
        tokenIDs[key] = token
        tokenStrings.append(string)
        tokenHashes.append(key.bytesHash)
        return token
    }

    /// Where the value of attribute `attribute` is in `pool`.
    @inline(__always)
    func valueRange(_ attribute: Int) -> Range<Int> {
        (attribute == 0 ? 0 : valueEnds[attribute - 1])..<valueEnds[attribute]
    }

    /// The styles' order in the file: the most used first, ties in the order they were added.
    func frequencyOrder() -> [Int] { FrequencyInterner<ByteString>.frequencyOrder(counts) }

    /// A style as a span of flat content has it, read in place: its marker's token, its attributes (their
    /// names indices in the content's strings, which `tokens` maps to tokens here), the content's bytes that
    /// hold their values, and its hash (`hash(marker:)`, then `hash(_:name:value:)` for each attribute), made
    /// from the marker's and names' string hashes and the values' hashes, not from the tokens, so that a style
    /// has the same hash in every set.
    struct Key {
        var marker: Int
        var attributes: UnsafeBufferPointer<FlatAttribute>
        var tokens: UnsafeBufferPointer<Int>
        var bytes: UnsafeBufferPointer<UInt8>
        var hash: UInt64

        /// The bytes of attribute `index`'s value.
        @inline(__always)
        func value(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            let start = Int(attributes[index].valueStart)
            return UnsafeBufferPointer(rebasing: bytes[start..<(start + Int(attributes[index].valueCount))])
        }
    }

    /// The first step of a style's hash, from its marker's string hash.
    @inline(__always)
    static func hash(marker: UInt64) -> UInt64 { mix(0x9E37_79B9_7F4A_7C15, marker) }

    /// `hash` with one more attribute, from its name's string hash and its value's hash.
    @inline(__always)
    static func hash(_ hash: UInt64, name: UInt64, value: UInt64) -> UInt64 { mix(mix(hash, name), value) }

    /// The index of the style `key` describes, if there is one.
    @inline(__always)
    func find(_ key: Key) -> Int? {
        slots.find(key.hash) { style in
            let first = attributeStarts[style]
            guard markers[style] == key.marker, attributeStarts[style + 1] - first == key.attributes.count else {
                return false
            }
            return pool.withUnsafeBufferPointer { pool in
                for index in 0..<key.attributes.count {
                    guard names[first + index] == key.tokens[Int(key.attributes[index].name)] else { return false }
                    let kept = UnsafeBufferPointer(rebasing: pool[valueRange(first + index)])
                    guard ByteHash.equal(kept, key.value(index)) else { return false }
                }
                return true
            }
        }
    }

    /// Counts `uses` more uses of style `style`.
    @inline(__always)
    mutating func count(_ style: Int, uses: Int = 1) { counts[style] += uses }

    /// Adds the style `key` describes, which `find` did not find, with `uses` uses, and gives its index.
    mutating func add(_ key: Key, uses: Int) -> Int {
        // Values that follow one another in the content's bytes (as a parser writes them) are copied at once.
        let attributes = key.attributes
        var index = 0
        while index < attributes.count {
            var end = index + 1
            while end < attributes.count,
                attributes[end].valueStart == attributes[end - 1].valueStart + attributes[end - 1].valueCount
            {
                end += 1
            }
            let start = Int(attributes[index].valueStart)
            let last = attributes[end - 1]
            var valueEnd = pool.count
            pool.append(contentsOf: key.bytes[start..<(Int(last.valueStart) + Int(last.valueCount))])
            for attribute in index..<end {
                names.append(key.tokens[Int(attributes[attribute].name)])
                valueEnd += Int(attributes[attribute].valueCount)
                valueEnds.append(valueEnd)
                valueHashes.append(ByteString.hash(key.value(attribute)))
            }
            index = end
        }
        return addStyle(marker: key.marker, hash: key.hash, uses: uses)
    }

    /// Adds a style whose attributes were appended, and gives its index.
    private mutating func addStyle(marker: Int, hash: UInt64, uses: Int) -> Int {
        let style = markers.count
        markers.append(marker)
        attributeStarts.append(names.count)
        hashes.append(hash)
        counts.append(uses)
        slots.insert(hash, entry: style)
        return style
    }

    /// Adds the styles of `other` with their uses, in its order, and gives the index here of each of its styles.
    ///
    /// A style's values are one run of bytes in each pool, so a style is compared and copied in one step.
    mutating func merge(_ other: StyleSet) -> [Int] {
        let tokens = other.tokenStrings.map { token($0) }
        var merged: [Int] = []
        merged.reserveCapacity(other.count)
        for style in 0..<other.count {
            let (first, end) = (other.attributeStarts[style], other.attributeStarts[style + 1])
            let marker = tokens[other.markers[style]]
            let valuesStart = first == 0 ? 0 : other.valueEnds[first - 1]
            let values = valuesStart..<(end > first ? other.valueEnds[end - 1] : valuesStart)
            let found = slots.find(other.hashes[style]) { mine in
                let start = attributeStarts[mine]
                guard markers[mine] == marker, attributeStarts[mine + 1] - start == end - first else { return false }
                let base = start == 0 ? 0 : valueEnds[start - 1]
                for offset in 0..<(end - first) {
                    guard names[start + offset] == tokens[other.names[first + offset]],
                        valueEnds[start + offset] - base == other.valueEnds[first + offset] - values.lowerBound
                    else { return false }
                }
                return Self.equal(pool, base, other.pool, values)
            }
            if let found {
                count(found, uses: other.counts[style])
                merged.append(found)
                continue
            }
            let shift = pool.count - values.lowerBound
            pool.append(contentsOf: other.pool[values])
            for attribute in first..<end {
                names.append(tokens[other.names[attribute]])
                valueEnds.append(other.valueEnds[attribute] + shift)
                valueHashes.append(other.valueHashes[attribute])
                valueIDs.append(valueID(of: names.count - 1))
            }
            merged.append(addStyle(marker: marker, hash: other.hashes[style], uses: other.counts[style]))
        }
        return merged
    }

    /// The index among the distinct values of attribute `attribute`'s value, numbered when new.
    private mutating func valueID(of attribute: Int) -> Int {
        let range = valueRange(attribute)
        let found = pool.withUnsafeBufferPointer { pool in
            values.find(valueHashes[attribute]) { value in
                let kept = UnsafeBufferPointer(rebasing: pool[valueRange(valueHolders[value])])
                return ByteHash.equal(kept, UnsafeBufferPointer(rebasing: pool[range]))
            }
        }
        if let found { return found }
        valueHolders.append(attribute)
        values.insert(valueHashes[attribute], entry: valueHolders.count - 1)
        return valueHolders.count - 1
    }

    /// Whether `a` holds the bytes of `b[range]` from `start` on.
    private static func equal(_ a: [UInt8], _ start: Int, _ b: [UInt8], _ range: Range<Int>) -> Bool {
        guard start + range.count <= a.count else { return false }
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                ByteHash.equal(
                    UnsafeBufferPointer(rebasing: a[start..<(start + range.count)]),
                    UnsafeBufferPointer(rebasing: b[range]))
            }
        }
    }

    private static func mix(_ hash: UInt64, _ value: UInt64) -> UInt64 {
        var mixed = (hash ^ value) &* 0xFF51_AFD7_ED55_8CCD
        mixed ^= mixed >> 33
        return mixed
    }
}
