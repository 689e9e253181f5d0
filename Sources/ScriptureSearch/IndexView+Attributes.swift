import ScriptureStore

extension IndexView {
    /// Where attribute verse block `block`'s mark is in `opened.checked`.
    private func attributeBlockMark(_ block: Int) -> Int { attributeBase + layout.attributeCount + block }

    /// Writes to the start of `places` (grown when too short) the places among verse `verse`'s exact tokens of
    /// those that carry an attribute id in `words` (a set of ids, 64 a word), in token order and each once;
    /// returns how many. What `forEachAttribute` gives, in one loop.
    ///
    /// - Complexity: O(the verse's entries); the verse's block is checked against its CRC-32C the first time.
    func attributePlaces(
        of verse: Int, in words: UnsafeBufferPointer<UInt64>, into places: inout [Int]
    ) throws(IndexDamage) -> Int {
        let range = try attributeRange(of: verse)
        try reader.check(range.lowerBound, range.count)
        guard let base = reader.base else { return 0 }
        // Each entry takes two bytes or more.
        if places.count < range.count / 2 { places = [Int](repeating: 0, count: max(64, range.count)) }
        let count = layout.attributeCount
        return try places.withUnsafeMutableBufferPointer { places throws(IndexDamage) -> Int in
            var pointer = base + range.lowerBound
            let end = base + range.upperBound
            var sum = 0
            var found = 0
            while pointer < end {
                // Most entries are two bytes: a gap and an id below 128 each.
                var first = Int(pointer.pointee)
                if first < 0x80 {
                    pointer += 1
                } else {
                    guard let long = IndexReader.varint(&pointer, end), long < 1 << 32 else {
                        throw IndexDamage(reason: "an entry runs past its verse")
                    }
                    first = long
                }
                guard pointer < end else { throw IndexDamage(reason: "an entry runs past its verse") }
                var term = Int(pointer.pointee)
                if term < 0x80 {
                    pointer += 1
                } else {
                    guard let long = IndexReader.varint(&pointer, end) else {
                        throw IndexDamage(reason: "an entry runs past its verse")
                    }
                    term = long
                }
                sum += first
                guard term < count else { throw IndexDamage(reason: "attribute id \(term) out of range") }
                // An id outside the set's words (a damaged stream) is not in it.
                guard term >> 6 < words.count, words[term >> 6] & (1 << UInt64(term & 63)) != 0,
                    found == 0 || places[found - 1] != sum
                else { continue }
                places[found] = sum
                found += 1
            }
            return found
        }
    }

    /// The byte range of verse `verse`'s attribute entries, its block checked the first time.
    private func attributeRange(of verse: Int) throws(IndexDamage) -> Range<Int> {
        let offsets = layout.range(.attributeVerseOffsets).lowerBound
        let region = layout.range(.attributeVerses)
        guard verse >= 0, verse < layout.verseCount else { throw IndexDamage(reason: "verse \(verse) out of range") }
        let block = verse / SearchIndexFormat.verseBlockSize
        if !opened.checked.contains(attributeBlockMark(block)) {
            try checkBlock(
                block, offsets: .attributeVerseOffsets, stream: .attributeVerses,
                checksums: layout.attributeVerseBlockChecksums, mark: attributeBlockMark(block),
                part: "the word attributes")
        }
        let start = region.lowerBound + (try reader.u32(offsets + verse * 4))
        let end = region.lowerBound + (try reader.u32(offsets + verse * 4 + 4))
        guard start <= end, end <= region.upperBound else {
            throw IndexDamage(reason: "verse \(verse)'s attributes outside")
        }
        return start..<end
    }

    /// Calls `body` with each tagged token of verse `verse` in token order: its place among the verse's exact
    /// tokens and its attribute id (a token with several terms comes once per term).
    ///
    /// - Complexity: O(the verse's entries); the verse's block is checked against its CRC-32C the first time.
    func forEachAttribute(
        of verse: Int, _ body: (_ position: Int, _ term: Int) -> Void
    ) throws(IndexDamage) {
        let count = layout.attributeCount
        try reader.forEachPair(in: try attributeRange(of: verse)) { place, term throws(IndexDamage) in
            guard term < count else { throw IndexDamage(reason: "attribute id \(term) out of range") }
            body(place, term)
        }
    }

    /// Whether any word of the version carries `field`: looked up in the attribute dictionary once per store,
    /// then kept in `opened.fields`.
    func has(_ field: AttributeTerms.Field) throws(IndexDamage) -> Bool {
        let slot: Int
        switch field {
        case .strong: slot = 0
        case .lemma: slot = 2
        case .morph: slot = 4
        }
        let fields = opened.fields
        if fields.contains(slot) { return fields.contains(slot + 1) }
        let present = try Array(field.tag.utf8).withUnsafeBufferPointer { key throws(IndexDamage) in
            !(try attributes.ranks(withPrefix: key)).isEmpty
        }
        // Both bits are in one atomic word, the answer's set first: whoever sees the first sees the answer.
        if present { fields.insert(slot + 1) }
        fields.insert(slot)
        return present
    }
}
