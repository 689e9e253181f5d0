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
        /// When the tokens are read in the default mode: each term's folded ids (first, count), for
        /// `IndexView.phraseOccurs`; nil otherwise.
        var words: [(first: Int32, count: UInt32)]? = nil
        /// With `words`: the word looked for first, by its exact ids (nil when each word has too many).
        var anchor: PhraseAnchor? = nil
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
    private(set) var soleTerm: ResolvedTerm?
    /// The required groups, each with its possible phrases.
    private(set) var groups: [[Unit]] = []
    private(set) var excluded: [Unit] = []
    /// The proximity constraints resolved (nil when a side can match no verse: then nothing matches).
    var near: [Near]? = []
    /// Each book's first verse in the verse table, then the verse count: where `NEAR/v` stops.
    var bookStarts: [Int]

    /// Resolves the query's terms against the index; `bookStarts` bound the verse distance of `NEAR/2v`
    /// (the whole verse table is one book without them).
    init(index: IndexView, query: SearchQuery, bookStarts: [Int] = []) throws(IndexDamage) {
        self.index = index
        self.query = query
        self.bookStarts = bookStarts
        if query.mode == .default, query.excluded.isEmpty, query.near.isEmpty, query.required.count == 1,
            query.required[0].count == 1, query.required[0][0].terms.count == 1
        {
            soleTerm = try ResolvedTerm(query.required[0][0].terms[0], in: index, mode: query.mode)
            return
        }
        groups.reserveCapacity(query.required.count)
        for group in query.required { groups.append(try units(group)) }
        excluded = try units(query.excluded)
        near = try resolveNear()
    }

    /// The phrases resolved, those that no verse can match left out.
    func units(_ phrases: [SearchQuery.Phrase]) throws(IndexDamage) -> [Unit] {
        var units: [Unit] = []
        units.reserveCapacity(phrases.count)
        for phrase in phrases {
            let terms = try phrase.terms.map { term throws(IndexDamage) in
                try ResolvedTerm(term, in: index, mode: query.mode)
            }
            let needsTokens = !(terms.count == 1 && terms[0].isAttribute) && (terms.count > 1 || query.mode == .exact)
            var unit = Unit(
                terms: terms, matchers: needsTokens ? terms.map { $0.matcher } : [], needsTokens: needsTokens)
            if needsTokens, query.mode == .default, let words = Self.words(unit.matchers) {
                unit.words = words
                if !unit.isImpossible {
                    unit.anchor = PhraseAnchor(
                        words: words, estimates: terms.map { $0.estimate }, forms: try index.exactForms())
                }
            }
            if !unit.isImpossible { units.append(unit) }
        }
        return units
    }

    /// Each matcher's folded ids as a first id and a count, or nil when one is not a range of folded ids.
    static func words(_ matchers: [ResolvedTerm.Matcher]) -> [(first: Int32, count: UInt32)]? {
        var words: [(first: Int32, count: UInt32)] = []
        words.reserveCapacity(matchers.count)
        for matcher in matchers {
            guard case .folded(let ranks) = matcher, ranks.upperBound <= Int(Int32.max) else { return nil }
            words.append((Int32(ranks.lowerBound), UInt32(ranks.count)))
        }
        return words
    }

    /// Every positive phrase resolved: the required groups' and the proximity sides'.
    var positiveUnits: [Unit] {
        groups.flatMap { $0 } + (near ?? []).flatMap { [$0.left, $0.right] }
    }

    /// Each positive phrase's matchers, for highlighting (attribute terms are highlighted apart).
    var phrases: [[ResolvedTerm.Matcher]] {
        if let soleTerm { return soleTerm.isAttribute ? [] : [[soleTerm.matcher]] }
        return positiveUnits.map { $0.terms.map { $0.matcher } }.filter { !$0.contains { $0.isAttribute } }
    }

    /// The attribute ids the positive attribute terms match, for highlighting the tagged words.
    var attributeMatchers: [IDSet] {
        let terms = soleTerm.map { [$0] } ?? positiveUnits.flatMap { $0.terms }
        return terms.compactMap { term in
            if case .attributes(let set) = term.matcher { return set }
            return nil
        }
    }

    /// The matching verses in `order`, limited to `scope` when given, with their scores in relevance order.
    func matches(scope: IDSet?, order: SearchOptions.Order) throws(IndexDamage) -> SearchMatches {
        if order == .relevance, let ranked = try rankedWithRanks(scope: scope, limit: nil) { return ranked.matches }
        let verses = try self.verses(scope: scope)
        guard order == .relevance else { return SearchMatches(verses: verses.list, scores: []) }
        return try ranked(verses, scope: scope)
    }

    /// The best `limit` matches within `scope` by BM25 (best first, ties in canon order) and how many match.
    func best(scope: IDSet?, limit: Int) throws(IndexDamage) -> (matches: SearchMatches, total: Int) {
        if let ranked = try rankedWithRanks(scope: scope, limit: limit) { return ranked }
        let verses = try self.verses(scope: scope)
        return (try ranked(verses, scope: scope, limit: limit), verses.count)
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
        guard let near, !groups.contains(where: { $0.isEmpty }) else { return .list([]) }
        if groups.isEmpty {
            guard !near.isEmpty else { return .list([]) }
            var verses = try nearVerses(near[0]).restricted(to: scope).list
            try filter(&verses, near: near.dropFirst())
            return .list(verses)
        }
        if let (first, second) = wordPair, let firstGaps = first.gaps, let secondGaps = second.gaps {
            let verses = try index.reader.intersect(firstGaps, secondGaps, below: index.layout.verseCount)
            return MatchedVerses.list(verses).restricted(to: scope)
        }
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
                if let postings = unit.terms[term].single, try postings.retain(&verses, index.reader) { continue }
                var probe = try unit.terms[term].probe(index)
                try verses.retain { verse throws(IndexDamage) in try probe.contains(verse) }
            }
            if let words = unit.words, let anchor = unit.anchor, !verses.isEmpty {
                // The tokens compared with the anchor's exact ids; only those around an anchor decoded.
                try words.withUnsafeBufferPointer { words throws(IndexDamage) in
                    var scanner = try PhraseScanner(index, words: words, anchor: anchor)
                    try scanner.retain(&verses)
                }
            } else if let words = unit.words {
                // The tokens decoded only up to the phrase's first occurrence.
                var buffer: [Int32] = []
                try words.withUnsafeBufferPointer { words throws(IndexDamage) in
                    try verses.retain { verse throws(IndexDamage) in
                        try index.phraseOccurs(in: verse, words, buffer: &buffer)
                    }
                }
            } else if unit.needsTokens {
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
        try filter(&verses, near: near[...])
        return .list(verses)
    }

    /// A phrase with its probes, tested verse by verse: one alternative of an `OR` group, or an excluded phrase.
    struct Alternative {
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

    func cost(_ group: [Unit]) -> Int { group.reduce(0) { $0 + $1.estimate } }

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
}
