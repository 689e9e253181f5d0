import Foundation
import TextNormalization

/// Finds the verses that match a query in an opened index.
///
/// A query of one word or prefix (default mode, nothing excluded) is its postings: a list, or a bitmap
/// kept as one so that counting needs no list. Otherwise the group whose postings are shortest drives:
/// its verses are the candidates (one list decoded, or a union for `OR` and prefixes). Every other term
/// then filters them in turn: a list at most eight times longer is decoded in step with them, a longer
/// one is skipped through, a bitmap is tested. Only a candidate that passes every term has its tokens
/// read, and only when a phrase, the exact mode or an excluded phrase needs their order.
struct QueryExecutor {
    /// A phrase resolved: its terms.
    struct Unit {
        var terms: [ResolvedTerm]
        /// The terms' matchers, in order, when the tokens are read (empty otherwise: see `phrases`).
        var matchers: [ResolvedTerm.Matcher]
        /// Whether a match needs the verse's tokens: a phrase of several terms, or the exact mode.
        var needsTokens: Bool
        var isImpossible: Bool { terms.contains { $0.isImpossible } }
        /// The most verses the phrase can match: its rarest term's estimate.
        var estimate: Int { terms.isEmpty ? 0 : terms.reduce(Int.max) { min($0, $1.estimate) } }
        /// The index of the rarest term.
        var rarest: Int { terms.indices.min { terms[$0].estimate < terms[$1].estimate } ?? 0 }
    }

    let index: IndexView
    let query: SearchQuery
    /// The query's only term when it is one word or prefix, in the default mode, with nothing excluded: its
    /// postings are the answer, and `groups` stays empty.
    private var soleTerm: ResolvedTerm?
    /// The required groups, each with its possible phrases.
    private var groups: [[Unit]] = []
    private var excluded: [Unit] = []

    /// Resolves the query's terms against the index.
    init(index: IndexView, query: SearchQuery) throws(IndexDamage) {
        self.index = index
        self.query = query
        if query.mode == .default, query.excluded.isEmpty, query.required.count == 1, query.required[0].count == 1,
            query.required[0][0].terms.count == 1
        {
            soleTerm = try ResolvedTerm(query.required[0][0].terms[0], in: index, mode: query.mode)
            return
        }
        groups.reserveCapacity(query.required.count)
        for group in query.required { groups.append(try units(group)) }
        excluded = try units(query.excluded)
    }

    /// The phrases resolved, those that no verse can match left out.
    private func units(_ phrases: [SearchQuery.Phrase]) throws(IndexDamage) -> [Unit] {
        var units: [Unit] = []
        units.reserveCapacity(phrases.count)
        for phrase in phrases {
            let terms = try phrase.terms.map { term throws(IndexDamage) in
                try ResolvedTerm(term, in: index, mode: query.mode)
            }
            let needsTokens = terms.count > 1 || query.mode == .exact
            let unit = Unit(
                terms: terms, matchers: needsTokens ? terms.map { $0.matcher } : [], needsTokens: needsTokens)
            if !unit.isImpossible { units.append(unit) }
        }
        return units
    }

    /// Each positive phrase's matchers, for highlighting.
    var phrases: [[ResolvedTerm.Matcher]] {
        if let soleTerm { return [[soleTerm.matcher]] }
        return groups.flatMap { $0 }.map { $0.terms.map { $0.matcher } }
    }

    /// The matching verses in `order`, limited to `scope` when given, with their scores in relevance order.
    func matches(scope: IDSet?, order: SearchOptions.Order) throws(IndexDamage) -> SearchMatches {
        let verses = try self.verses(scope: scope).list
        guard order == .relevance else { return SearchMatches(verses: verses, scores: []) }
        return try ranked(verses)
    }

    /// `verses` best first (BM25), ties in canon order, with their scores.
    func ranked(_ verses: [Int]) throws(IndexDamage) -> SearchMatches {
        let scores = try self.scores(verses)
        let ranked = verses.indices.sorted { scores[$0] != scores[$1] ? scores[$0] > scores[$1] : $0 < $1 }
        return SearchMatches(verses: ranked.map { verses[$0] }, scores: ranked.map { scores[$0] })
    }

    /// The matching verses in increasing order, limited to `scope` when given.
    ///
    /// A query of one word or prefix, in the default mode and with nothing excluded, is its postings (a
    /// bitmap stays one; none for a word the index does not have). Otherwise the group whose postings are shortest gives the candidates, and each
    /// other term then filters them in turn (one pass per term, its postings read forward), then each
    /// phrase's token order, an `OR` group's alternatives together, and the excluded phrases.
    ///
    /// - Complexity: O(shortest group's postings × other terms' probes), plus the tokens of the candidates
    ///   that a phrase or the exact mode must check.
    func verses(scope: IDSet?) throws(IndexDamage) -> MatchedVerses {
        if let soleTerm { return try soleTerm.verses(index).restricted(to: scope) }
        guard !groups.isEmpty, !groups.contains(where: { $0.isEmpty }) else { return .list([]) }
        let driver = groups.indices.min { cost(groups[$0]) < cost(groups[$1]) } ?? 0
        var verses: [Int]
        if groups[driver].count == 1 {
            verses = try groups[driver][0].terms[groups[driver][0].rarest].verses(index).restricted(to: scope).list
        } else {
            var set = IDSet(count: index.layout.verseCount)
            for unit in groups[driver] {
                try unit.terms[unit.rarest].verses(index).forEach { set.insert($0) }
            }
            verses = MatchedVerses.bitmap(set).restricted(to: scope).list
        }
        var tokens = VerseTokens(index: index, exactIDs: query.mode == .exact)
        for (group, units) in groups.enumerated() where units.count == 1 {
            let unit = units[0]
            for term in unit.terms.indices where group != driver || term != unit.rarest {
                // A list not much longer than the candidates is merged with them; a longer one, or a
                // bitmap, is probed.
                if try unit.terms[term].intersect(&verses, index, ifAtMost: 8 * verses.count) { continue }
                var probe = try unit.terms[term].probe(index)
                try verses.retain { verse throws(IndexDamage) in try probe.contains(verse) }
            }
            if unit.needsTokens {
                try verses.retain { verse throws(IndexDamage) in
                    Self.phrase(unit.matchers, occursIn: try tokens.of(verse))
                }
            }
        }
        for units in groups where units.count > 1 {
            var alternatives = try units.map { unit throws(IndexDamage) in try Alternative(unit, index) }
            try verses.retain { verse throws(IndexDamage) in
                for index in alternatives.indices where try alternatives[index].matches(verse, &tokens) { return true }
                return false
            }
        }
        for unit in excluded {
            var alternative = try Alternative(unit, index)
            try verses.retain { verse throws(IndexDamage) in try !alternative.matches(verse, &tokens) }
        }
        return .list(verses)
    }

    /// A phrase with its probes, tested verse by verse: one alternative of an `OR` group, or an excluded phrase.
    private struct Alternative {
        let unit: Unit
        var probes: [VerseProbe]

        init(_ unit: Unit, _ index: IndexView) throws(IndexDamage) {
            self.unit = unit
            probes = try unit.terms.map { term throws(IndexDamage) in try term.probe(index) }
        }

        /// Whether the phrase occurs in `verse` (given in increasing order).
        mutating func matches(_ verse: Int, _ tokens: inout VerseTokens) throws(IndexDamage) -> Bool {
            for probe in probes.indices where try !probes[probe].contains(verse) { return false }
            guard unit.needsTokens else { return true }
            return QueryExecutor.phrase(unit.matchers, occursIn: try tokens.of(verse))
        }
    }

    /// The tokens of the verse last read, kept while the candidate's phrases are checked.
    struct VerseTokens {
        let index: IndexView
        let exactIDs: Bool
        var verse = -1
        /// The verse's tokens are the first `count`.
        var tokens: [Int32] = []
        var count = 0

        init(index: IndexView, exactIDs: Bool) {
            self.index = index
            self.exactIDs = exactIDs
        }

        /// The tokens of `verse`, read once per verse.
        mutating func of(_ verse: Int) throws(IndexDamage) -> ArraySlice<Int32> {
            if self.verse != verse {
                count = try index.tokens(verse, exactIDs: exactIDs, into: &tokens)
                self.verse = verse
            }
            return tokens[..<count]
        }
    }

    private func cost(_ group: [Unit]) -> Int { group.reduce(0) { $0 + $1.estimate } }

    /// Whether `matchers` match consecutive tokens somewhere in `tokens`.
    static func phrase(_ matchers: [ResolvedTerm.Matcher], occursIn tokens: ArraySlice<Int32>) -> Bool {
        var found = false
        forEachOccurrence(of: matchers, in: tokens) { _ in
            found = true
            return false
        }
        return found
    }

    /// Calls `body` with each place (from 0) where `matchers` match consecutive tokens, in order, until it
    /// returns false.
    ///
    /// - Complexity: O(tokens × matchers) at worst; most places fail on the first matcher.
    static func forEachOccurrence<Tokens: RandomAccessCollection<Int32>>(
        of matchers: [ResolvedTerm.Matcher], in tokens: Tokens, _ body: (Int) -> Bool
    ) where Tokens.Index == Int {
        let count = matchers.count
        guard let first = matchers.first, tokens.count >= count else { return }
        let base = tokens.startIndex
        for start in 0...(tokens.count - count) where first.matches(tokens[base + start]) {
            var matched = 1
            while matched < count, matchers[matched].matches(tokens[base + start + matched]) { matched += 1 }
            if matched == count, !body(start) { return }
        }
    }

    /// The BM25 score of each verse in `verses` (same order): k1 = 1.2, b = 0.75, each term of the positive
    /// phrases counted on its own; a prefix's document frequency is the sum of its terms'.
    func scores(_ verses: [Int]) throws(IndexDamage) -> [Double] {
        let terms = soleTerm.map { [$0] } ?? groups.flatMap { $0 }.flatMap { $0.terms }
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
            let count = try index.tokens(verse, exactIDs: query.mode == .exact, into: &tokens)
            let length = Double(count)
            var score = 0.0
            for (term, weight) in zip(terms, weights) {
                var frequency = 0.0
                for token in tokens[..<count] where term.matcher.matches(token) { frequency += 1 }
                guard frequency > 0 else { continue }
                score += weight * frequency * 2.2 / (frequency + 1.2 * (0.25 + 0.75 * length / average))
            }
            scores.append(score)
        }
        return scores
    }
}
