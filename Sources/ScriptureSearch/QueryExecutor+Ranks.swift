/// BM25 over an AND of words and phrases whose terms are each one folded term (default mode, nothing
/// excluded, no `OR` or `NEAR`): the matches are found with each term's rank among its postings, so that
/// scoring reads each frequency at its rank, without decoding or searching a posting list again.
extension QueryExecutor {
    /// The best `limit` matches within `scope` (all when nil) by BM25, and how many match; nil when the query
    /// is not of that shape (then `verses` and `ranked` answer it).
    ///
    /// The group whose postings are shortest drives (its rarest term, a list, decoded with ranks 0, 1, …);
    /// each other term filters the candidates and gives its ranks: a list at most eight times longer merged
    /// with them, a longer one through a cursor, a bitmap with a bit test (its ranks counted for the matches
    /// left at the end); then each phrase checks its order. The scores are `scoreEach`'s, term by term in the
    /// same order, the hits offered in canon order.
    ///
    /// - Complexity: O(driver's postings + merged postings + probes + phrase candidates' bytes + hits × terms).
    func rankedWithRanks(scope: IDSet?, limit: Int?) throws(IndexDamage) -> (matches: SearchMatches, total: Int)? {
        guard query.mode == .default, soleTerm == nil, let near, near.isEmpty, excluded.isEmpty, !groups.isEmpty,
            groups.allSatisfy({ $0.count == 1 && !$0[0].terms.isEmpty })
        else { return nil }
        // Two words: each common verse with its rank in both, in one pass over both lists.
        if let best = try bestOfPair(scope: scope, limit: limit) { return best }
        let units = groups.map { $0[0] }
        let termCount = units.reduce(0) { $0 + $1.terms.count }
        var terms: [ResolvedTerm] = []
        var postings: [PostingList] = []
        var rankings: [Int] = []
        terms.reserveCapacity(termCount)
        postings.reserveCapacity(termCount)
        rankings.reserveCapacity(termCount)
        for unit in units {
            guard !unit.needsTokens || (unit.words != nil && unit.terms.count > 1) else { return nil }
            for term in unit.terms {
                guard !term.isAttribute, let list = term.single, let ranking = list.ranking else { return nil }
                terms.append(term)
                postings.append(list)
                rankings.append(ranking)
            }
        }
        let driverUnit = units.indices.min { cost([units[$0]]) < cost([units[$1]]) } ?? 0
        let driver = units[..<driverUnit].reduce(0) { $0 + $1.terms.count } + units[driverUnit].rarest
        guard case .list(_, _, let data, let end) = postings[driver].storage else { return nil }
        let reader = index.reader
        var hits = RankedHits(
            verses: try reader.gaps(
                from: data, to: end, count: postings[driver].documentFrequency, below: postings[driver].verseCount),
            terms: terms.count, driver: driver)
        if let scope { hits.keep { scope.contains($0) } }
        var bitmaps: [Int] = []
        for term in terms.indices where term != driver && !hits.verses.isEmpty {
            let list = postings[term]
            switch list.storage {
            case .list(_, _, let data, let end) where list.documentFrequency <= 8 * hits.verses.count:
                try hits.intersect(
                    term: term, gapsFrom: data, to: end, count: list.documentFrequency, below: list.verseCount, reader)
            case .bitmap(let start):
                // A bit test now; the rank, which costs more, only for the hits left at the end.
                hits.keep { reader.bit(start, $0) }
                bitmaps.append(term)
            default:
                var cursor = PostingCursor(list, reader: reader)
                let found = try hits.verses.map { verse throws(IndexDamage) in
                    try cursor.rank(verse).map { Int32(truncatingIfNeeded: $0) } ?? -1
                }
                hits.keep(term: term, ranks: found)
            }
        }
        for unit in units where !hits.verses.isEmpty {
            guard let words = unit.words else { continue }
            try words.withUnsafeBufferPointer { words throws(IndexDamage) in
                if let anchor = unit.anchor {
                    var scanner = try PhraseScanner(index, words: words, anchor: anchor)
                    try hits.keep { verse throws(IndexDamage) in try scanner.occurs(in: verse) }
                } else {
                    var buffer: [Int32] = []
                    try hits.keep { verse throws(IndexDamage) in
                        try index.phraseOccurs(in: verse, words, buffer: &buffer)
                    }
                }
            }
        }
        for term in bitmaps { hits.set(term: term, ranks: try postings[term].bitmapRanks(of: hits.verses, reader)) }
        return (try score(hits, terms: terms, rankings: rankings, limit: limit), hits.verses.count)
    }

    /// The best `limit` of `hits` by BM25, each term's frequency in a hit its ranking byte at the hit's rank.
    private func score(
        _ hits: RankedHits, terms: [ResolvedTerm], rankings: [Int], limit: Int?
    ) throws(IndexDamage) -> SearchMatches {
        let count = hits.verses.count
        var top = TopHits(capacity: min(limit ?? count, count))
        guard top.capacity > 0 else { return SearchMatches(verses: [], scores: []) }
        let reader = index.reader
        let verseCount = index.layout.verseCount
        let weights = terms.map { BM25.weight(documentFrequency: $0.estimate, verseCount: verseCount) }
        for (term, ranking) in rankings.enumerated() { try reader.check(ranking, terms[term].estimate) }
        let lengths = try index.verseLengths()
        let norms = index.opened.norms
        var tokens: [Int32] = []
        let termCount = terms.count
        guard rankings.count == termCount, weights.count == termCount, hits.ranks.count == count * termCount else {
            throw IndexDamage(reason: "the ranks do not fit the hits")
        }
        try hits.ranks.withUnsafeBufferPointer { ranks throws(IndexDamage) in
            try rankings.withUnsafeBufferPointer { rankings throws(IndexDamage) in
                try weights.withUnsafeBufferPointer { weights throws(IndexDamage) in
                    var row = 0
                    for verse in hits.verses {
                        let stored = reader.byte(lengths + verse)
                        let norm =
                            stored < BM25.saturated ? norms[stored] : try index.norm(ofVerse: verse, tokens: &tokens)
                        var score = 0.0
                        for term in 0..<termCount {
                            var frequency = reader.byte(rankings[term] &+ Int(ranks[row &+ term]))
                            if frequency >= BM25.saturated {
                                frequency = try self.count(terms[term].matcher, in: verse, &tokens)
                            }
                            guard frequency > 0 else { continue }
                            score += BM25.score(weights[term], Double(frequency), norm)
                        }
                        top.offer(score, verse)
                        row &+= termCount
                    }
                }
            }
        }
        return top.matches()
    }
}

/// Candidate verses, increasing, each with its rank among each term's postings (`terms` a verse, in term
/// order; 0 until the term is ranked).
private struct RankedHits {
    var verses: [Int]
    var ranks: [Int32]
    let terms: Int

    /// The driver's postings, each with its own rank.
    init(verses: [Int], terms: Int, driver: Int) {
        self.verses = verses
        self.terms = terms
        let count = verses.count
        ranks = [Int32](unsafeUninitializedCapacity: count * terms) { ranks, initialized in
            guard let ranks = ranks.baseAddress else { return }
            ranks.initialize(repeating: 0, count: count * terms)
            var row = ranks + driver
            for index in 0..<count {
                row.pointee = Int32(truncatingIfNeeded: index)
                row += terms
            }
            initialized = count * terms
        }
    }

    /// Keeps the verses that the `count` postings stored as gaps from `start` to `end` (see
    /// `IndexReader.gaps`, each below `limit`) hold, noting each one's rank among them as its rank in `term`:
    /// the gaps decoded in step with the verses, as far as they go, and the verses kept in the same pass.
    ///
    /// - Complexity: O(verses + postings before the last verse), no allocation.
    mutating func intersect(
        term: Int, gapsFrom start: Int, to end: Int, count: Int, below limit: Int, _ reader: IndexReader
    ) throws(IndexDamage) {
        try reader.check(start, end - start)
        guard let base = reader.base, term >= 0, term < terms else { return truncate(0) }
        let terms = self.terms
        let (kept, failed) = verses.withUnsafeMutableBufferPointer { list in
            ranks.withUnsafeMutableBufferPointer { table in
                guard let verses = list.baseAddress, let ranks = table.baseAddress else { return (0, false) }
                return Self.intersect(
                    verses, list.count, ranks, terms: terms, term: term, base + start, base + end, count: count,
                    below: limit)
            }
        }
        if failed { throw IndexDamage(reason: "postings run past their bytes or the last verse") }
        truncate(kept)
    }

    /// `intersect`'s loop over `total` verses at `verses` (their ranks at `ranks`, `terms` a verse) and the
    /// gaps from `pointer` to `last`: how many verses it kept, and whether the gaps are damaged. As
    /// `IndexReader.intersect`: the gaps end at the list's last byte, and the last posting decoded checked
    /// against `limit` checks them all.
    @inline(__always)
    private static func intersect(
        _ verses: UnsafeMutablePointer<Int>, _ total: Int, _ ranks: UnsafeMutablePointer<Int32>, terms: Int,
        term: Int, _ pointer: UnsafePointer<UInt8>, _ last: UnsafePointer<UInt8>, count: Int, below limit: Int
    ) -> (kept: Int, failed: Bool) {
        var pointer = pointer
        var posting = -1
        var rank = -1
        var kept = 0
        var index = 0
        scan: while index < total {
            let verse = verses[index]
            while posting < verse {
                guard pointer < last else { break scan }
                guard let gap = IndexReader.gap(&pointer, last) else { return (kept, true) }
                posting = posting &+ gap &+ 1
                rank &+= 1
            }
            if posting == verse {
                verses[kept] = verse
                if kept != index { (ranks + kept &* terms).update(from: ranks + index &* terms, count: terms) }
                ranks[kept &* terms &+ term] = Int32(truncatingIfNeeded: rank)
                kept &+= 1
            }
            index &+= 1
        }
        return (kept, posting >= limit || rank >= count)
    }

    /// Keeps the verses that `holds` (asked in increasing order).
    mutating func keep<Failure: Error>(_ holds: (Int) throws(Failure) -> Bool) throws(Failure) {
        let terms = self.terms
        let kept = try verses.withUnsafeMutableBufferPointer { verses throws(Failure) in
            try ranks.withUnsafeMutableBufferPointer { ranks throws(Failure) in
                var kept = 0
                for index in verses.indices where try holds(verses[index]) {
                    verses[kept] = verses[index]
                    for term in 0..<terms { ranks[kept * terms + term] = ranks[index * terms + term] }
                    kept += 1
                }
                return kept
            }
        }
        truncate(kept)
    }

    /// Keeps the verses whose `found` is not negative, noting it as their rank in `term` when given.
    mutating func keep(term: Int?, ranks found: [Int32]) {
        guard found.count == verses.count else { return }
        let terms = self.terms
        let kept = verses.withUnsafeMutableBufferPointer { verses in
            ranks.withUnsafeMutableBufferPointer { ranks in
                var kept = 0
                for index in verses.indices where found[index] >= 0 {
                    verses[kept] = verses[index]
                    for column in 0..<terms { ranks[kept * terms + column] = ranks[index * terms + column] }
                    if let term { ranks[kept * terms + term] = found[index] }
                    kept += 1
                }
                return kept
            }
        }
        truncate(kept)
    }

    /// Notes each verse's rank in `term`.
    mutating func set(term: Int, ranks found: [Int32]) {
        guard found.count == verses.count else { return }
        for index in found.indices { ranks[index * terms + term] = found[index] }
    }

    private mutating func truncate(_ count: Int) {
        verses.removeLast(verses.count - count)
        ranks.removeLast(ranks.count - count * terms)
    }
}

extension IndexReader {
    /// The rank among the `count` postings stored as gaps from `start` to `end` (see `gaps`, each below
    /// `limit`) of each of `hits` (increasing), −1 for a verse they do not hold: decoded in step with the hits.
    ///
    /// - Complexity: O(hits + postings before the last hit), one allocation.
    func ranks(of hits: [Int], gapsFrom start: Int, to end: Int, count: Int, below limit: Int) throws(IndexDamage)
        -> [Int32]
    {
        try check(start, end - start)
        var found = [Int32](repeating: -1, count: hits.count)
        guard let base else { return found }
        var failed = false
        found.withUnsafeMutableBufferPointer { found in
            hits.withUnsafeBufferPointer { hits in
                var pointer = base + start
                let last = base + end
                var posting = -1
                var rank = -1
                // As `IndexReader.intersect`: the gaps end at the list's last byte, and the last posting decoded
                // checked against `limit` checks them all.
                defer { failed = failed || posting >= limit || rank >= count }
                for index in hits.indices {
                    let verse = hits[index]
                    while posting < verse {
                        guard pointer < last else { return }
                        guard let gap = Self.gap(&pointer, last) else {
                            failed = true
                            return
                        }
                        posting = posting &+ gap &+ 1
                        rank &+= 1
                    }
                    if posting == verse { found[index] = Int32(truncatingIfNeeded: rank) }
                }
            }
        }
        if failed { throw IndexDamage(reason: "postings run past their bytes or the last verse") }
        return found
    }
}
