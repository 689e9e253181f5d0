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
            let allowed = try nearVerses(constraint)
            guard case .bitmap(let set) = allowed else { continue }
            verses.retain { set.contains($0) }
        }
    }

    /// The verses a constraint allows, as a bitmap.
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
        var set = IDSet(count: index.layout.verseCount)
        switch near.unit {
        case .words:
            var positional = PositionalTokens(index: index, exactMode: query.mode == .exact)
            var both = left
            var rightSet = IDSet(count: index.layout.verseCount)
            for verse in right { rightSet.insert(verse) }
            both.retain { rightSet.contains($0) }
            for verse in both {
                let first = try positional.occurrences(of: near.left, in: verse)
                let second = try positional.occurrences(of: near.right, in: verse)
                if Self.within(near.distance, first, second) { set.insert(verse) }
            }
        case .verses:
            for (from, to) in [(left, right), (right, left)] {
                var other = 0
                for verse in from {
                    while other < to.count, to[other] < verse - near.distance { other += 1 }
                    if hasSameBookNeighbour(verse, to, from: other, near) { set.insert(verse) }
                }
            }
        }
        return .bitmap(set)
    }

    /// Whether some verse of `to` from `start` on (the first not below `verse − distance`) lies at most the
    /// distance after `verse`, in its book.
    private func hasSameBookNeighbour(_ verse: Int, _ to: [Int], from start: Int, _ near: Near) -> Bool {
        var index = start
        let book = book(of: verse)
        while index < to.count, to[index] <= verse + near.distance {
            if self.book(of: to[index]) == book { return true }
            index += 1
        }
        return false
    }

    /// The position in the book list of the book holding `verse` (0 without book starts).
    private func book(of verse: Int) -> Int {
        var low = 0
        var high = max(0, bookStarts.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if bookStarts[middle] <= verse { low = middle } else { high = middle - 1 }
        }
        return low
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

    /// The verses a phrase occurs in, increasing.
    private func verses(of unit: Unit, _ tokens: inout VerseTokens) throws(IndexDamage) -> [Int] {
        var verses = try unit.terms[unit.rarest].verses(index).list
        var alternative = try Alternative(unit, index)
        try verses.retain { verse throws(IndexDamage) in try alternative.matches(verse, &tokens) }
        return verses
    }
}

/// A verse's tokens with their places among its exact tokens kept, for proximity: the exact ids, or in the
/// default mode each one's folded id (-1 when it folds to nothing), so that word places and the attribute
/// stream's places agree.
struct PositionalTokens {
    let index: IndexView
    let exactMode: Bool
    private var exact: [Int32] = []
    private var mapped: [Int32] = []

    init(index: IndexView, exactMode: Bool) {
        self.index = index
        self.exactMode = exactMode
    }

    /// Every occurrence of `unit` in `verse`: its first and last token's places.
    mutating func occurrences(of unit: QueryExecutor.Unit, in verse: Int) throws(IndexDamage) -> [ClosedRange<Int>] {
        var found: [ClosedRange<Int>] = []
        if unit.terms.count == 1, case .attributes(let set) = unit.terms[0].matcher {
            try index.forEachAttribute(of: verse) { position, id in
                if set.contains(id), found.last != position...position { found.append(position...position) }
            }
            return found
        }
        let count = try index.tokens(verse, exactIDs: true, into: &exact)
        if mapped.count < count { mapped = [Int32](repeating: -1, count: max(count, 2 * mapped.count)) }
        for place in 0..<count {
            mapped[place] = exactMode ? exact[place] : Int32(try index.foldedID(ofExact: Int(exact[place])) ?? -1)
        }
        let matchers = unit.terms.map { $0.matcher }
        QueryExecutor.forEachOccurrence(of: matchers, in: mapped[0..<count]) { start in
            found.append(start...(start + matchers.count - 1))
            return true
        }
        return found
    }
}
