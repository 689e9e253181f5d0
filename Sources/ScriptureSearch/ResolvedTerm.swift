import TextNormalization

/// A query term looked up in the index: which postings hold its verses, and which tokens it matches.
struct ResolvedTerm {
    /// Which tokens of a verse the term matches, as `IndexView.tokens` reads them in the query's mode.
    enum Matcher {
        /// Folded ids in this range (a word is a range of one; a prefix, its terms' ranks).
        case folded(Range<Int>)
        /// One exact id.
        case exact(Int)
        /// Any of these exact ids (an exact prefix).
        case exactSet(IDSet)

        @inline(__always)
        func matches(_ token: Int32) -> Bool {
            switch self {
            case .folded(let range): return range.contains(Int(token))
            case .exact(let id): return Int(token) == id
            case .exactSet(let set): return set.contains(Int(token))
            }
        }
    }

    /// The folded ids whose postings hold every verse the term can occur in, increasing.
    var foldedIDs: [Int]
    var matcher: Matcher
    /// The sum of the postings' lengths: the most verses the term can match.
    var estimate: Int

    /// Whether no verse can match.
    var isImpossible: Bool { foldedIDs.isEmpty }

    /// Looks `term` up in `index`, in `mode`.
    init(_ term: SearchQuery.Term, in index: IndexView, mode: FoldingMode) throws(IndexDamage) {
        let key = Array(term.text.utf8)
        switch mode {
        case .default:
            let ranks: Range<Int>
            if term.isPrefix {
                ranks = try index.folded.ranks(withPrefix: key)
            } else if let rank = try index.folded.rank(of: key) {
                ranks = rank..<(rank + 1)
            } else {
                ranks = 0..<0
            }
            foldedIDs = Array(ranks)
            matcher = .folded(ranks)
        case .exact:
            var exactIDs: [Int] = []
            if term.isPrefix {
                exactIDs = try index.exact.values(in: index.exact.ranks(withPrefix: key))
            } else if let rank = try index.exact.rank(of: key) {
                exactIDs = [try index.exact.term(rank).value]
            }
            var folded = Set<Int>()
            for id in exactIDs {
                if let foldedID = try index.foldedID(ofExact: id) { folded.insert(foldedID) }
            }
            foldedIDs = folded.sorted()
            if exactIDs.count == 1 {
                matcher = .exact(exactIDs[0])
            } else {
                var set = IDSet(count: index.layout.exactCount)
                for id in exactIDs { set.insert(id) }
                matcher = .exactSet(set)
            }
        }
        var estimate = 0
        for id in foldedIDs { estimate += try index.postings(id).documentFrequency }
        self.estimate = estimate
    }

    /// Every verse the term's postings hold, increasing.
    func candidates(_ index: IndexView) throws(IndexDamage) -> [Int32] {
        var verses: [Int32] = []
        if foldedIDs.count == 1 {
            try index.postings(foldedIDs[0]).decode(index.reader, into: &verses)
            return verses
        }
        return try union(index).sorted()
    }

    /// The union of the term's postings.
    func union(_ index: IndexView) throws(IndexDamage) -> IDSet {
        var set = IDSet(count: index.layout.verseCount)
        for id in foldedIDs { try index.postings(id).add(index.reader, to: &set) }
        return set
    }

    /// A probe answering whether the term's postings hold a verse.
    func probe(_ index: IndexView) throws(IndexDamage) -> VerseProbe {
        if foldedIDs.count == 1 {
            return .cursor(PostingCursor(try index.postings(foldedIDs[0]), reader: index.reader))
        }
        return .set(try union(index))
    }
}

/// Answers whether a term's postings hold a verse, for increasing verses.
enum VerseProbe {
    /// One term's postings, read forward.
    case cursor(PostingCursor)
    /// Several terms' postings, merged.
    case set(IDSet)
    /// Known to hold every candidate (the term the candidates came from).
    case always

    mutating func contains(_ verse: Int) throws(IndexDamage) -> Bool {
        switch self {
        case .cursor(var cursor):
            let found = try cursor.contains(verse)
            self = .cursor(cursor)
            return found
        case .set(let set): return set.contains(verse)
        case .always: return true
        }
    }
}
