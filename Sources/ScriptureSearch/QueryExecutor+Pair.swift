/// The AND of two words, the commonest query of more than one word: both posting lists decoded in step,
/// intersected as they are read (`IndexReader.intersect`), with no list of either's verses in between.
extension QueryExecutor {
    /// The postings of the query's two words, in query order, when it is an AND of exactly two words (default
    /// mode, nothing excluded, no `OR`, `NEAR` or phrase), each one term whose postings are a list, the
    /// longer at most eight times the shorter (past that, skipping through the longer costs less); nil
    /// otherwise.
    var wordPair: (first: PostingList, second: PostingList)? {
        guard query.mode == .default, soleTerm == nil, excluded.isEmpty, let near, near.isEmpty, groups.count == 2,
            groups[0].count == 1, groups[1].count == 1
        else { return nil }
        let (left, right) = (groups[0][0], groups[1][0])
        guard left.terms.count == 1, right.terms.count == 1, !left.needsTokens, !right.needsTokens,
            let first = left.terms[0].single, let second = right.terms[0].single,
            case .list = first.storage, case .list = second.storage
        else { return nil }
        let (low, high) =
            first.documentFrequency <= second.documentFrequency
            ? (first.documentFrequency, second.documentFrequency)
            : (second.documentFrequency, first.documentFrequency)
        guard high <= 8 * low else { return nil }
        return (first, second)
    }
}

extension PostingList {
    /// Where a list's gaps are and how many (nil for a bitmap).
    var gaps: IndexReader.Gaps? {
        guard case .list(_, _, let data, let end) = storage else { return nil }
        return IndexReader.Gaps(start: data, end: end, count: documentFrequency)
    }
}

extension QueryExecutor {
    /// `rankedWithRanks` for two words (`wordPair`, neither an attribute term, both with ranking bytes): the
    /// common verses and their ranks in one pass over both lists, then `score`'s sums, the same operations in
    /// the same order, each hit's score kept in a buffer and the buffer offered to the best at once.
    func bestOfPair(scope: IDSet?, limit: Int?) throws(IndexDamage) -> (matches: SearchMatches, total: Int)? {
        guard let (first, second) = wordPair, let firstGaps = first.gaps, let secondGaps = second.gaps,
            let firstRanking = first.ranking, let secondRanking = second.ranking,
            !groups[0][0].terms[0].isAttribute, !groups[1][0].terms[0].isAttribute
        else { return nil }
        let reader = index.reader
        let verseCount = index.layout.verseCount
        var (verses, ranks) = try reader.intersectRanked(firstGaps, secondGaps, below: verseCount)
        if let scope {
            var kept = 0
            for index in verses.indices where scope.contains(verses[index]) {
                verses[kept] = verses[index]
                ranks[2 * kept] = ranks[2 * index]
                ranks[2 * kept + 1] = ranks[2 * index + 1]
                kept += 1
            }
            verses.removeLast(verses.count - kept)
            ranks.removeLast(ranks.count - 2 * kept)
        }
        let count = verses.count
        var top = TopHits(capacity: min(limit ?? count, count))
        guard top.capacity > 0 else { return (SearchMatches(verses: [], scores: []), count) }
        let terms = (groups[0][0].terms[0], groups[1][0].terms[0])
        let weights = (
            BM25.weight(documentFrequency: terms.0.estimate, verseCount: verseCount),
            BM25.weight(documentFrequency: terms.1.estimate, verseCount: verseCount)
        )
        try reader.check(firstRanking, terms.0.estimate)
        try reader.check(secondRanking, terms.1.estimate)
        let lengths = try index.verseLengths()
        let norms = index.opened.norms
        var tokens: [Int32] = []
        guard ranks.count == 2 * count else { throw IndexDamage(reason: "the ranks do not fit the hits") }
        try withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { scores throws(IndexDamage) in
            try ranks.withUnsafeBufferPointer { ranks throws(IndexDamage) in
                try verses.withUnsafeBufferPointer { verses throws(IndexDamage) in
                    for (hit, verse) in verses.enumerated() {
                        let stored = reader.byte(lengths + verse)
                        let norm =
                            stored < BM25.saturated ? norms[stored] : try index.norm(ofVerse: verse, tokens: &tokens)
                        // Term by term, as `score` adds them.
                        var score = 0.0
                        var frequency = reader.byte(firstRanking &+ Int(ranks[2 &* hit]))
                        if frequency >= BM25.saturated { frequency = try self.count(terms.0.matcher, in: verse, &tokens) }
                        if frequency > 0 { score += BM25.score(weights.0, Double(frequency), norm) }
                        frequency = reader.byte(secondRanking &+ Int(ranks[2 &* hit &+ 1]))
                        if frequency >= BM25.saturated { frequency = try self.count(terms.1.matcher, in: verse, &tokens) }
                        if frequency > 0 { score += BM25.score(weights.1, Double(frequency), norm) }
                        scores.initializeElement(at: hit, to: score)
                    }
                    top.offer(scores: UnsafeBufferPointer(scores), verses: verses)
                }
            }
        }
        return (top.matches(), count)
    }
}
