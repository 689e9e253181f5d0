import Foundation
import TextNormalization

/// Finds the verses that match a query in an opened index.
///
/// The group whose postings are shortest drives: its verses are the candidates (one list decoded, or a
/// union for `OR` and prefixes). Every other term is then probed verse by verse, skipping through its
/// postings or testing a bitmap. Only a candidate that passes every probe has its tokens read, and only
/// when a phrase, the exact mode or an excluded phrase needs their order.
struct QueryExecutor {
    /// A phrase resolved: its terms and their probes.
    struct Unit {
        var terms: [ResolvedTerm]
        var probes: [VerseProbe]
        /// Whether a match needs the verse's tokens: a phrase of several terms, or the exact mode.
        var needsTokens: Bool
        var isImpossible: Bool { terms.contains { $0.isImpossible } }
        /// The most verses the phrase can match: its rarest term's estimate.
        var estimate: Int { terms.map(\.estimate).min() ?? 0 }
        /// The index of the rarest term.
        var rarest: Int { terms.indices.min { terms[$0].estimate < terms[$1].estimate } ?? 0 }
    }

    let index: IndexView
    let query: SearchQuery
    /// The required groups, each with its possible phrases.
    private(set) var groups: [[Unit]] = []
    private var excluded: [Unit] = []

    /// Resolves the query's terms against the index.
    init(index: IndexView, query: SearchQuery) throws(IndexDamage) {
        self.index = index
        self.query = query
        for group in query.required {
            groups.append(try group.map { phrase throws(IndexDamage) in try unit(phrase) }.filter { !$0.isImpossible })
        }
        excluded = try query.excluded.map { phrase throws(IndexDamage) in try unit(phrase) }.filter { !$0.isImpossible }
    }

    private func unit(_ phrase: SearchQuery.Phrase) throws(IndexDamage) -> Unit {
        let terms = try phrase.terms.map { term throws(IndexDamage) in
            try ResolvedTerm(term, in: index, mode: query.mode)
        }
        return Unit(terms: terms, probes: [], needsTokens: terms.count > 1 || query.mode == .exact)
    }

    /// The matching verses in `order`, limited to `scope` when given, with their scores in relevance order.
    mutating func matches(scope: IDSet?, order: SearchOptions.Order) throws(IndexDamage) -> SearchMatches {
        let verses = try matches(scope: scope)
        guard order == .relevance else { return SearchMatches(verses: verses.map(Int.init), scores: []) }
        let scores = try self.scores(verses)
        let ranked = verses.indices.sorted { scores[$0] != scores[$1] ? scores[$0] > scores[$1] : $0 < $1 }
        return SearchMatches(verses: ranked.map { Int(verses[$0]) }, scores: ranked.map { scores[$0] })
    }

    /// The matching verses in increasing order, limited to `scope` when given.
    ///
    /// - Complexity: O(shortest group's postings × other terms' probes), plus the tokens of the candidates
    ///   that a phrase or the exact mode must check.
    mutating func matches(scope: IDSet?) throws(IndexDamage) -> [Int32] {
        guard !groups.isEmpty, !groups.contains(where: \.isEmpty) else { return [] }
        let driver = groups.indices.min { cost(groups[$0]) < cost(groups[$1]) } ?? 0
        var candidates: [Int32]
        if groups[driver].count == 1 {
            candidates = try groups[driver][0].terms[groups[driver][0].rarest].candidates(index)
        } else {
            var set = IDSet(count: index.layout.verseCount)
            for unit in groups[driver] {
                for verse in try unit.terms[unit.rarest].candidates(index) { set.insert(Int(verse)) }
            }
            candidates = set.sorted()
        }
        if let scope { candidates.removeAll { !scope.contains(Int($0)) } }
        for group in groups.indices {
            for unit in groups[group].indices {
                let rarest = groups[group][unit].rarest
                groups[group][unit].probes = try groups[group][unit].terms.indices.map { term throws(IndexDamage) in
                    if group == driver, groups[group].count == 1, term == rarest { return .always }
                    return try groups[group][unit].terms[term].probe(index)
                }
            }
        }
        for unit in excluded.indices {
            excluded[unit].probes = try excluded[unit].terms.map { term throws(IndexDamage) in try term.probe(index) }
        }
        var result: [Int32] = []
        result.reserveCapacity(candidates.count)
        var tokens = VerseTokens(index: index, exactIDs: query.mode == .exact)
        candidateLoop: for candidate in candidates {
            let verse = Int(candidate)
            for group in groups.indices {
                var matched = false
                for unit in groups[group].indices where try Self.matches(&groups[group][unit], verse, &tokens) {
                    matched = true
                    break
                }
                if !matched { continue candidateLoop }
            }
            for unit in excluded.indices where try Self.matches(&excluded[unit], verse, &tokens) {
                continue candidateLoop
            }
            result.append(candidate)
        }
        return result
    }

    /// The tokens of the verse last read, kept while the candidate's phrases are checked.
    struct VerseTokens {
        let index: IndexView
        let exactIDs: Bool
        var verse = -1
        var tokens: [Int32] = []

        init(index: IndexView, exactIDs: Bool) {
            self.index = index
            self.exactIDs = exactIDs
        }

        /// The tokens of `verse`, read once per verse.
        mutating func of(_ verse: Int) throws(IndexDamage) -> [Int32] {
            if self.verse != verse {
                try index.tokens(verse, exactIDs: exactIDs, into: &tokens)
                self.verse = verse
            }
            return tokens
        }
    }

    private func cost(_ group: [Unit]) -> Int { group.reduce(0) { $0 + $1.estimate } }

    /// Whether `unit` matches `verse`: every term's postings hold it, then, when needed, its tokens
    /// hold the terms in order.
    private static func matches(
        _ unit: inout Unit, _ verse: Int, _ tokens: inout VerseTokens
    ) throws(IndexDamage) -> Bool {
        for term in unit.probes.indices where try !unit.probes[term].contains(verse) { return false }
        guard unit.needsTokens else { return true }
        return phrase(unit.terms, occursIn: try tokens.of(verse))
    }

    /// Whether `terms` match consecutive tokens somewhere in `tokens`.
    static func phrase(_ terms: [ResolvedTerm], occursIn tokens: [Int32]) -> Bool {
        guard !terms.isEmpty, tokens.count >= terms.count else { return false }
        for start in 0...(tokens.count - terms.count) {
            var all = true
            for (offset, term) in terms.enumerated() where !term.matcher.matches(tokens[start + offset]) {
                all = false
                break
            }
            if all { return true }
        }
        return false
    }

    /// The BM25 score of each verse in `verses` (same order): k1 = 1.2, b = 0.75, each term of the positive
    /// phrases counted on its own; a prefix's document frequency is the sum of its terms'.
    func scores(_ verses: [Int32]) throws(IndexDamage) -> [Double] {
        let terms = groups.flatMap { $0 }.flatMap(\.terms)
        let count = Double(max(1, index.layout.verseCount))
        let average = max(1, Double(index.layout.totalTokens) / count)
        let weights = terms.map { term in
            let df = min(count, Double(term.estimate))
            return log(1 + (count - df + 0.5) / (df + 0.5))
        }
        var tokens: [Int32] = []
        var scores: [Double] = []
        scores.reserveCapacity(verses.count)
        for verse in verses {
            try index.tokens(Int(verse), exactIDs: query.mode == .exact, into: &tokens)
            let length = Double(tokens.count)
            var score = 0.0
            for (term, weight) in zip(terms, weights) {
                var frequency = 0.0
                for token in tokens where term.matcher.matches(token) { frequency += 1 }
                guard frequency > 0 else { continue }
                score += weight * frequency * 2.2 / (frequency + 1.2 * (0.25 + 0.75 * length / average))
            }
            scores.append(score)
        }
        return scores
    }
}
