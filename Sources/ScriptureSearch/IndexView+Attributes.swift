import ScriptureStore

extension IndexView {
    /// Where attribute verse block `block`'s mark is in `opened.checked`.
    private func attributeBlockMark(_ block: Int) -> Int { attributeBase + layout.attributeCount + block }

    /// Calls `body` with each tagged token of verse `verse` in token order: its place among the verse's exact
    /// tokens and its attribute id (a token with several terms comes once per term).
    ///
    /// - Complexity: O(the verse's entries); the verse's block is checked against its CRC-32C the first time.
    func forEachAttribute(
        of verse: Int, _ body: (_ position: Int, _ term: Int) -> Void
    ) throws(IndexDamage) {
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
        let count = layout.attributeCount
        try reader.forEachPair(in: start..<end) { place, term throws(IndexDamage) in
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
