import ScriptureStore

extension SearchIndexVerifier {
    /// Checks the verse lengths (format 4) against those the tokens give, and their checksum.
    func checkLengths(_ lengths: [Int32]) throws(IndexDamage) {
        let region = view.layout.range(.verseLengths)
        var tokens: [Int32] = []
        for (verse, length) in lengths.enumerated() {
            let stored = try view.reader.u8(region.lowerBound + verse)
            guard Int(stored) == min(Int(length), BM25.saturated) else {
                throw IndexDamage(reason: "the length of verse \(verse) is wrong")
            }
            // Reading it the way a query does checks the region's checksum too.
            _ = try view.norm(ofVerse: verse, tokens: &tokens)
        }
    }

    /// Checks folded term `term`'s ranking bytes against those its postings (`verses`) and the tokens
    /// (`ranking`) give: the frequencies, each block's best pair and a bitmap's block starts.
    func checkRanking(
        _ list: PostingList, _ verses: [Int32], _ ranking: RankingBlocks.Input, term: Int
    ) throws(IndexDamage) {
        guard let start = list.ranking else { throw IndexDamage(reason: "folded term \(term) has no ranking bytes") }
        var expected = ByteWriter()
        var isBitmap = false
        if case .bitmap = list.storage { isBitmap = true }
        RankingBlocks.encode(verses, frequencies: ranking.frequencies[term], ranking, bitmap: isBitmap, into: &expected)
        guard try view.reader.compare(start, expected.count, with: expected.bytes) == 0 else {
            throw IndexDamage(reason: "the ranking bytes of folded term \(term) are wrong")
        }
    }
}
