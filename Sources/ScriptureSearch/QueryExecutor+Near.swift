import TextNormalization

extension QueryExecutor {
    /// A proximity constraint resolved: its two sides and how near they must be.
    struct Near {
        var left: Unit
        var right: Unit
        var distance: Int
        var unit: SearchQuery.Proximity.Unit
    }

    /// The query's proximity constraints resolved; nil when a side matches no verse.
    func resolveNear() throws(IndexDamage) -> [Near]? {
        var resolved: [Near] = []
        for proximity in query.near {
            let sides = try units([proximity.left, proximity.right])
            guard sides.count == 2 else { return nil }
            resolved.append(Near(left: sides[0], right: sides[1], distance: proximity.distance, unit: proximity.unit))
        }
        return resolved
    }

    /// Keeps in `verses` (increasing) those every constraint of `near` allows.
    func filter(_ verses: inout [Int], near: ArraySlice<Near>) throws(IndexDamage) {
        for constraint in near where !verses.isEmpty {
            let allowed = try nearVerses(constraint).list
            var next = 0
            verses.retain { verse in
                while next < allowed.count, allowed[next] < verse { next += 1 }
                return next < allowed.count && allowed[next] == verse
            }
        }
    }

    /// The verses a constraint allows, increasing.
    ///
    /// Words: the verses holding both sides, where an occurrence of one (its first to last token) and a
    /// separate occurrence of the other are at most `distance` tokens apart (`NEAR/1`: adjacent). Verses:
    /// each verse holding one side with the other in a verse of the same book at most `distance` away.
    ///
    /// - Complexity: O(both sides' postings), plus the tokens of the verses holding both for words.
    func nearVerses(_ near: Near) throws(IndexDamage) -> MatchedVerses {
        var tokens = VerseTokens(index: index, exactIDs: query.mode == .exact)
        let left = try verses(of: near.left, &tokens)
        let right = try verses(of: near.right, &tokens)
        switch near.unit {
        case .words:
            var positional = PositionalTokens(index: index, exactMode: query.mode == .exact)
            let leftSide = PositionalTokens.Side(near.left)
            let rightSide = PositionalTokens.Side(near.right)
            var found: [Int] = []
            var other = 0
            for verse in left {
                // The verses holding both, the two lists merged.
                while other < right.count, right[other] < verse { other += 1 }
                guard other < right.count, right[other] == verse else { continue }
                if try positional.near(leftSide, rightSide, within: near.distance, in: verse) { found.append(verse) }
            }
            return .list(found)
        case .verses:
            let fromLeft = neighboured(left, by: right, near.distance)
            let fromRight = neighboured(right, by: left, near.distance)
            // The two lists merged, each verse once.
            var found: [Int] = []
            found.reserveCapacity(fromLeft.count + fromRight.count)
            var (a, b) = (0, 0)
            while a < fromLeft.count || b < fromRight.count {
                if b == fromRight.count || a < fromLeft.count && fromLeft[a] < fromRight[b] {
                    found.append(fromLeft[a])
                    a += 1
                } else {
                    if a < fromLeft.count, fromLeft[a] == fromRight[b] { a += 1 }
                    found.append(fromRight[b])
                    b += 1
                }
            }
            return .list(found)
        }
    }

    /// The verses of `from` (increasing) with a verse of `to` (increasing) in the same book at most `distance`
    /// before or after them.
    ///
    /// - Complexity: O(from + to + books): both lists and the book starts are walked forward once.
    private func neighboured(_ from: [Int], by to: [Int], _ distance: Int) -> [Int] {
        var found: [Int] = []
        // The book holding the verse (the last whose start is not after it; 0 without book starts) and the
        // first verse of `to` not before both its start and the verse − distance.
        var book = 0
        var other = 0
        let lastBook = max(0, bookStarts.count - 1)
        for verse in from {
            while book < lastBook, bookStarts[book + 1] <= verse { book += 1 }
            let lower = max(verse - distance, book > 0 ? bookStarts[book] : Int.min)
            let upper = min(verse + distance, book < lastBook ? bookStarts[book + 1] - 1 : Int.max)
            while other < to.count, to[other] < lower { other += 1 }
            if other < to.count, to[other] <= upper { found.append(verse) }
        }
        return found
    }

    /// Whether an occurrence in `first` and a separate one in `second` (token ranges) are at most `distance`
    /// apart.
    static func within(_ distance: Int, _ first: [ClosedRange<Int>], _ second: [ClosedRange<Int>]) -> Bool {
        for a in first {
            for b in second {
                let gap =
                    a.upperBound < b.lowerBound
                    ? b.lowerBound - a.upperBound
                    : b.upperBound < a.lowerBound ? a.lowerBound - b.upperBound : 0
                if gap > 0, gap <= distance { return true }
            }
        }
        return false
    }

    /// The verses a phrase occurs in, increasing: its rarest term's, filtered by its other terms and, when it
    /// needs them, the verses' tokens.
    private func verses(of unit: Unit, _ tokens: inout VerseTokens) throws(IndexDamage) -> [Int] {
        let rarest = unit.rarest
        var verses = try unit.terms[rarest].verses(index).list
        for term in unit.terms.indices where term != rarest && !verses.isEmpty {
            var probe = try unit.terms[term].probe(index)
            try verses.retain { verse throws(IndexDamage) in try probe.contains(verse) }
        }
        if unit.needsTokens {
            try verses.retain { verse throws(IndexDamage) in
                QueryExecutor.phrase(unit.matchers, occursIn: try tokens.of(verse))
            }
        }
        return verses
    }
}

/// A verse's tokens with their places among its exact tokens kept, for proximity: the exact ids, or in the
/// default mode each one's folded id (-1 when it folds to nothing), so that word places and the attribute
/// stream's places agree. Its buffers are kept from one verse to the next.
struct PositionalTokens {
    /// One side of a constraint as it is looked for in a verse.
    struct Side {
        let unit: QueryExecutor.Unit
        let matchers: [ResolvedTerm.Matcher]
        /// A side of one word or prefix (folded ids: first and count), matched as the tokens are decoded.
        let word: (first: Int32, count: UInt32)?

        init(_ unit: QueryExecutor.Unit) {
            self.unit = unit
            matchers = unit.terms.map { $0.matcher }
            if matchers.count == 1, case .folded(let ranks) = matchers[0], ranks.upperBound <= Int(Int32.max) {
                word = (Int32(ranks.lowerBound), UInt32(ranks.count))
            } else {
                word = nil
            }
        }
    }

    let index: IndexView
    let exactMode: Bool
    private var exact: [Int32] = []
    private var mapped: [Int32] = []
    private var places: [Int] = []
    private var first: [ClosedRange<Int>] = []
    private var second: [ClosedRange<Int>] = []
    /// The verse whose tokens `mapped` holds (the first `count`), or -1.
    private var verse = -1
    private var count = 0

    init(index: IndexView, exactMode: Bool) {
        self.index = index
        self.exactMode = exactMode
    }

    /// Whether an occurrence of `left` and a separate one of `right` in `verse` are at most `distance` tokens
    /// apart (`QueryExecutor.within`).
    mutating func near(_ left: Side, _ right: Side, within distance: Int, in verse: Int) throws(IndexDamage) -> Bool {
        var first = self.first
        var second = self.second
        self.first = []
        self.second = []
        defer {
            self.first = first
            self.second = second
        }
        try occurrences(of: left, in: verse, into: &first)
        try occurrences(of: right, in: verse, into: &second)
        return QueryExecutor.within(distance, first, second)
    }

    /// Every occurrence of `side` in `verse` (its first and last token's places), into `found`, emptied first.
    mutating func occurrences(of side: Side, in verse: Int, into found: inout [ClosedRange<Int>]) throws(IndexDamage) {
        found.removeAll(keepingCapacity: true)
        if side.unit.terms.count == 1, case .attributes(let set) = side.unit.terms[0].matcher {
            try index.forEachAttribute(of: verse) { position, id in
                if set.contains(id), found.last != position...position { found.append(position...position) }
            }
            return
        }
        if !exactMode, let word = side.word {
            // The places of the tokens that fold to the word, found as they are decoded.
            let (_, matched) = try index.reader.matchWords(
                in: try index.tokenRange(verse), below: index.layout.exactCount, table: try index.exactToFolded(),
                mappedBelow: index.layout.foldedCount, skipping: SearchIndexFormat.noFoldedTerm, words: [word],
                into: &exact, places: &places)
            self.verse = -1
            for place in places[..<matched] { found.append(place...place) }
            return
        }
        if self.verse != verse {
            count = try index.tokens(verse, exactIDs: true, into: &exact)
            if mapped.count < count { mapped = [Int32](repeating: -1, count: max(count, 2 * mapped.count)) }
            for place in 0..<count {
                mapped[place] = exactMode ? exact[place] : Int32(try index.foldedID(ofExact: Int(exact[place])) ?? -1)
            }
            self.verse = verse
        }
        let length = side.matchers.count
        QueryExecutor.forEachOccurrence(of: side.matchers, in: mapped[0..<count]) { start in
            found.append(start...(start + length - 1))
            return true
        }
    }
}
