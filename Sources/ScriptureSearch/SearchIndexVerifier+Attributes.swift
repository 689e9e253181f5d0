extension SearchIndexVerifier {
    /// Checks the attribute regions: the dictionary sorted, each tagged token within its verse and each verse's
    /// entries in token order, and each attribute posting list equal to the verses the entries give. (The
    /// attributes themselves are not in the store's text, so they are checked against the index's own streams.)
    ///
    /// - Complexity: O(attribute entries + attribute postings).
    func checkAttributes() throws(IndexDamage) {
        let layout = view.layout
        var previous: [UInt8]?
        try view.attributes.forEach { rank, term, _ throws(IndexDamage) in
            if let previous, !previous.lexicographicallyPrecedes(term) {
                throw IndexDamage(reason: "attribute term \(rank) is out of order")
            }
            previous = term
        }
        var expected = [[Int32]](repeating: [], count: layout.attributeCount)
        var tokens: [Int32] = []
        for verse in 0..<layout.verseCount {
            let count = try view.tokens(verse, exactIDs: true, into: &tokens)
            var last = -1
            var outside = false
            try view.forEachAttribute(of: verse) { position, term in
                if position >= count || position < last { outside = true }
                last = position
                if expected[term].last != Int32(verse) { expected[term].append(Int32(verse)) }
            }
            if outside { throw IndexDamage(reason: "the word attributes of verse \(verse) lie outside its tokens") }
        }
        var decoded: [Int32] = []
        for id in 0..<layout.attributeCount {
            decoded.removeAll(keepingCapacity: true)
            try view.postings(id, attribute: true).decode(view.reader, into: &decoded)
            guard decoded == expected[id] else {
                throw IndexDamage(reason: "the postings of attribute term \(id) are wrong")
            }
        }
    }
}
