import TextNormalization

extension SearchIndexVerifier {
    /// Checks verse `verse`'s word attributes against `tokens`, its tokens split from its text: each tagged token
    /// one of them, each id's tokens in token order and each once, with the UTF-8 range in the text of the token
    /// at its place; notes the verse in `postings` under each of their ids. (The ids' order and bounds are
    /// checked as they are read.)
    ///
    /// - Complexity: O(the verse's attribute entries).
    func checkAttributes(of verse: Int, tokens: [SearchToken], postings: inout [[Int32]]) throws(IndexDamage) {
        var (lastTerm, last) = (-1, -1)
        var wrong: String?
        try view.forEachAttribute(of: verse) { position, term, range in
            guard wrong == nil else { return }
            if term != lastTerm { (lastTerm, last) = (term, -1) }
            guard position < tokens.count, position > last else {
                wrong = "lie outside its tokens or out of order"
                return
            }
            guard tokens[position].utf8Range == range else {
                wrong = "are not where its tokens are in its text"
                return
            }
            last = position
            if postings[term].last != Int32(verse) { postings[term].append(Int32(verse)) }
        }
        if let wrong { throw IndexDamage(reason: "the word attributes of verse \(verse) \(wrong)") }
    }

    /// Checks the rest of the attribute regions: the dictionary sorted, and each attribute posting list equal to
    /// the verses the entries give (`postings`, from `checkAttributes(of:tokens:postings:)`). (The attributes
    /// themselves are not in the store's text, so they are checked against the index's own streams.)
    ///
    /// - Complexity: O(attribute terms + attribute postings).
    func checkAttributes(postings expected: [[Int32]]) throws(IndexDamage) {
        let layout = view.layout
        var previous: [UInt8]?
        try view.attributes.forEach { rank, term, _ throws(IndexDamage) in
            if let previous, !previous.lexicographicallyPrecedes(term) {
                throw IndexDamage(reason: "attribute term \(rank) is out of order")
            }
            previous = term
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
