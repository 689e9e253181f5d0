/// BM25 order (k1 = 1.2, b = 0.75): each term of the positive phrases counted on its own, a prefix's
/// document frequency the sum of its terms'. Scores come from the ranking bytes (format 4): each posting's
/// term frequency and each verse's length, so that no verse's tokens are read (the exact mode, which counts
/// exact tokens, and a frequency or length of 255 or more still read them).
extension QueryExecutor {
    /// The best `limit` of `verses` (the query's matches within `scope`; all of them when `limit` is nil),
    /// best first, ties in canon order, with their scores.
    ///
    /// - Complexity: a single word (default mode): its blocks of 128 postings best bound first, until none
    ///   can beat the worst of the best `limit`: O(blocks log blocks + postings scored). Otherwise
    ///   O(hits × terms) with each term's postings walked forward once, and O(hits × log limit) choosing.
    func ranked(_ verses: MatchedVerses, scope: IDSet?, limit: Int? = nil) throws(IndexDamage) -> SearchMatches {
        let count = verses.count
        var top = TopHits(capacity: min(limit ?? count, count))
        guard top.capacity > 0 else { return SearchMatches(verses: [], scores: []) }
        if query.mode == .default, let term = soleTerm, !term.isAttribute, let postings = term.single {
            try bestOfWord(postings, id: term.foldedIDs[0], matcher: term.matcher, scope: scope, into: &top)
        } else {
            try scoreEach(verses.list, into: &top)
        }
        // Sound bytes offer every match: fewer means the postings disagree with the matches they gave.
        guard top.isFull else {
            throw IndexDamage(reason: "\(count) verses match, but their ranking data scores fewer")
        }
        return top.matches()
    }

    /// The best verses of one folded term (within `scope`): its blocks in decreasing order of their bound,
    /// each block's postings scored, until the heap is full and the next bound is below its worst score.
    private func bestOfWord(
        _ postings: PostingList, id: Int, matcher: ResolvedTerm.Matcher, scope: IDSet?, into top: inout TopHits
    ) throws(IndexDamage) {
        guard let ranking = postings.ranking else { throw IndexDamage(reason: "term \(id) has no ranking bytes") }
        let reader = index.reader
        let weight = BM25.weight(documentFrequency: postings.documentFrequency, verseCount: index.layout.verseCount)
        let pairs = ranking + postings.documentFrequency
        let average = index.opened.average
        var tokens: [Int32] = []
        if let head = postings.head, top.capacity <= RankingBlocks.headSize {
            var best = TopHits(capacity: top.capacity)
            var position = head.lowerBound + 2
            var verse = -1
            for _ in 0..<RankingBlocks.headSize {
                verse += try reader.varint(&position, end: head.upperBound) + 1
                guard verse < index.layout.verseCount, position < head.upperBound else {
                    throw IndexDamage(reason: "the head of term \(id) runs past its bytes or the last verse")
                }
                var frequency = reader.byte(position)
                position += 1
                if let scope, !scope.contains(verse) { continue }
                if frequency >= BM25.saturated { frequency = try count(matcher, in: verse, &tokens) }
                best.offer(BM25.score(weight, Double(frequency), try index.norm(ofVerse: verse, tokens: &tokens)), verse)
            }
            let left = RankingBlocks.bound(
                frequency: reader.byte(head.lowerBound), length: reader.byte(head.lowerBound + 1), weight: weight,
                average: average)
            // Every posting left out scores below the worst kept: the head's best are the term's.
            if best.isFull, left < best.worstScore {
                top = best
                return
            }
        }
        var bounds: [(block: Int, bound: Double)] = []
        bounds.reserveCapacity(postings.blockCount)
        for block in 0..<postings.blockCount {
            let frequency = reader.byte(pairs + block * 2)
            let length = reader.byte(pairs + block * 2 + 1)
            bounds.append((block, RankingBlocks.bound(frequency: frequency, length: length, weight: weight, average: average)))
        }
        bounds.sort { $0.bound != $1.bound ? $0.bound > $1.bound : $0.block < $1.block }
        for (block, bound) in bounds {
            if top.isFull, bound < top.worstScore { break }
            try postings.forEach(reader, block: block) { verse, rank throws(IndexDamage) in
                if let scope, !scope.contains(verse) { return true }
                var frequency = reader.byte(ranking + rank)
                if frequency >= BM25.saturated { frequency = try count(matcher, in: verse, &tokens) }
                let norm = try index.norm(ofVerse: verse, tokens: &tokens)
                top.offer(BM25.score(weight, Double(frequency), norm), verse)
                return true
            }
        }
    }

    /// How many of verse `verse`'s tokens (folded ids, or exact ids in the exact mode) `matcher` matches.
    func count(_ matcher: ResolvedTerm.Matcher, in verse: Int, _ tokens: inout [Int32]) throws(IndexDamage)
        -> Int
    {
        let length = try index.tokens(verse, exactIDs: query.mode == .exact, into: &tokens)
        var frequency = 0
        for token in tokens[..<length] where matcher.matches(token) { frequency += 1 }
        return frequency
    }

    /// Where a term's frequency in each hit comes from (plain values, so that reading one costs no reference
    /// count).
    private enum Frequencies {
        /// One folded term's postings, probed hit by hit through cursor `slot`; its frequencies start at
        /// `ranking`.
        case cursor(slot: Int, ranking: Int)
        /// Several folded terms' (a prefix, an exact word's folded forms), summed per hit in row `row` of the
        /// sums (`saturated` marks a hit whose tokens must be counted).
        case summed(row: Int)
        /// An attribute term: counted in each hit's attribute stream.
        case attribute
        /// The exact mode: counted in each hit's tokens.
        case tokens
    }

    /// Scores every hit (`hits` increasing) and offers it to `top`.
    private func scoreEach(_ hits: [Int], into top: inout TopHits) throws(IndexDamage) {
        let terms = soleTerm.map { [$0] } ?? positiveUnits.flatMap { $0.terms }
        let verseCount = index.layout.verseCount
        let weights = terms.map { BM25.weight(documentFrequency: $0.estimate, verseCount: verseCount) }
        var sources: [Frequencies] = []
        var cursors: [PostingCursor] = []
        var sums: [Int32] = []
        for term in terms { sources.append(try frequencies(of: term, hits: hits, &cursors, &sums)) }
        let attributeTerms = terms.indices.filter { terms[$0].isAttribute }
        var attributeFrequencies = [Int](repeating: 0, count: terms.count)
        let exact = query.mode == .exact
        var tokens: [Int32] = []
        var verseTokens: [Int32] = []
        let reader = index.reader
        let lengths = exact ? 0 : try index.verseLengths()
        let norms = index.opened.norms
        for (ordinal, verse) in hits.enumerated() {
            let length = exact ? try index.tokens(verse, exactIDs: true, into: &verseTokens) : 0
            let norm: Double
            if exact {
                norm = BM25.norm(length, average: index.opened.average)
            } else {
                let stored = reader.byte(lengths + verse)
                norm = stored < BM25.saturated ? norms[stored] : try index.norm(ofVerse: verse, tokens: &tokens)
            }
            if !attributeTerms.isEmpty {
                for term in attributeTerms { attributeFrequencies[term] = 0 }
                try index.forEachAttribute(of: verse) { _, id in
                    for term in attributeTerms {
                        if case .attributes(let set) = terms[term].matcher, set.contains(id) {
                            attributeFrequencies[term] += 1
                        }
                    }
                }
            }
            var score = 0.0
            for term in terms.indices {
                var frequency = 0
                switch sources[term] {
                case .attribute:
                    frequency = attributeFrequencies[term]
                case .tokens:
                    for token in verseTokens[..<length] where terms[term].matcher.matches(token) { frequency += 1 }
                case .summed(let row):
                    frequency = Int(sums[row * hits.count + ordinal])
                case .cursor(let slot, let ranking):
                    if let rank = try cursors[slot].rank(verse) { frequency = reader.byte(ranking + rank) }
                }
                if frequency >= BM25.saturated { frequency = try count(terms[term].matcher, in: verse, &tokens) }
                guard frequency > 0 else { continue }
                score += BM25.score(weights[term], Double(frequency), norm)
            }
            top.offer(score, verse)
        }
    }

    /// Where `term`'s frequency in each of `hits` comes from: one folded term's cursor (added to `cursors`),
    /// several summed in one pass over each one's postings (a row of `hits.count` added to `sums`), the
    /// attribute stream, or (exact mode) the tokens.
    private func frequencies(
        of term: ResolvedTerm, hits: [Int], _ cursors: inout [PostingCursor], _ sums: inout [Int32]
    ) throws(IndexDamage) -> Frequencies {
        if term.isAttribute { return .attribute }
        if query.mode == .exact { return .tokens }
        let row = sums.count / max(1, hits.count)
        let first = sums.count
        let reader = index.reader
        if let postings = term.single {
            let id = term.foldedIDs[0]
            guard let ranking = postings.ranking else { throw IndexDamage(reason: "term \(id) has no ranking bytes") }
            switch postings.storage {
            case .list(_, _, let data, let end) where postings.documentFrequency <= 32 * hits.count:
                // A list not much longer than the hits: decoded once in step with them.
                let ranks = try reader.ranks(
                    of: hits, gapsFrom: data, to: end, count: postings.documentFrequency, below: postings.verseCount)
                try reader.check(ranking, postings.documentFrequency)
                sums += ranks.lazy.map { $0 < 0 ? 0 : Int32(reader.byte(ranking + Int($0))) }
                return .summed(row: row)
            default:
                cursors.append(PostingCursor(postings, reader: reader))
                return .cursor(slot: cursors.count - 1, ranking: ranking)
            }
        }
        sums += repeatElement(0, count: hits.count)
        for id in term.foldedIDs {
            let postings = try index.postings(id)
            guard let ranking = postings.ranking else { throw IndexDamage(reason: "term \(id) has no ranking bytes") }
            var hit = 0
            try postings.forEach(reader) { verse, rank in
                hit = Self.firstIndex(in: hits, from: hit, notBelow: verse)
                guard hit < hits.count else { return false }
                if hits[hit] == verse {
                    let sum = Int(sums[first + hit]) + reader.byte(ranking + rank)
                    sums[first + hit] = Int32(min(BM25.saturated, sum))
                }
                return true
            }
        }
        return .summed(row: row)
    }

    /// The first index from `start` on whose verse is not below `verse` (`verses` increasing): galloping, so
    /// that a term whose postings are a small part of the hits skips them in O(log gap) each.
    static func firstIndex(in verses: [Int], from start: Int, notBelow verse: Int) -> Int {
        guard start < verses.count, verses[start] < verse else { return start }
        var low = start
        var step = 1
        while low + step < verses.count, verses[low + step] < verse {
            low += step
            step *= 2
        }
        var high = min(low + step, verses.count)
        // verses[low] < verse; verses[high] >= verse or high is the end.
        while high - low > 1 {
            let middle = (low + high) / 2
            if verses[middle] < verse { low = middle } else { high = middle }
        }
        return high
    }
}
