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
        /// Any of these attribute ids: no token of the verse stream, but the tagged tokens of the attribute
        /// stream (`IndexView.forEachAttribute`).
        case attributes(IDSet)

        @inline(__always)
        func matches(_ token: Int32) -> Bool {
            switch self {
            case .folded(let range): return range.contains(Int(token))
            case .exact(let id): return Int(token) == id
            case .exactSet(let set): return set.contains(Int(token))
            case .attributes: return false
            }
        }

        /// Whether it is an attribute term's.
        var isAttribute: Bool {
            if case .attributes = self { return true }
            return false
        }
    }

    /// The folded ids whose postings hold every verse the term can occur in, increasing.
    var foldedIDs: FoldedIDs
    var matcher: Matcher
    /// The sum of the postings' lengths: the most verses the term can match.
    var estimate: Int
    /// The postings of the term's only folded (or attribute) id, read once when the term is looked up; nil
    /// for none or several.
    let single: PostingList?
    /// Whether `foldedIDs` are attribute ids (a `strong:`, `lemma:` or `morph:` term).
    var isAttribute: Bool { matcher.isAttribute }

    /// Whether no verse can match.
    var isImpossible: Bool { foldedIDs.isEmpty }

    /// Looks `term` up in `index`, in `mode`.
    init(_ term: SearchQuery.Term, in index: IndexView, mode: FoldingMode) throws(IndexDamage) {
        if let field = term.field {
            let ids = try Self.attributeIDs(field, term, in: index)
            var set = IDSet(count: index.layout.attributeCount)
            for id in ids { set.insert(id) }
            (foldedIDs, matcher) = (.list(ids), .attributes(set))
        } else {
            var text = term.text
            let resolved = text.withUTF8 { key in
                Result { () throws(IndexDamage) in
                    try Self.lookUp(key, isPrefix: term.isPrefix, in: index, mode: mode)
                }
            }
            (foldedIDs, matcher) = try resolved.get()
        }
        if foldedIDs.count == 1 {
            let postings = try index.postings(foldedIDs[0], attribute: matcher.isAttribute)
            (single, estimate) = (postings, postings.documentFrequency)
            return
        }
        var estimate = 0
        for id in foldedIDs { estimate += try index.postings(id, attribute: matcher.isAttribute).documentFrequency }
        (single, self.estimate) = (nil, estimate)
    }

    /// The attribute ids of a field term, increasing. A Strong's number without a letter suffix also matches
    /// its suffixed forms (`H1254` matches `H1254a`, `H1254b`; `H1254a` only itself); one without `G` or `H`
    /// matches both.
    private static func attributeIDs(
        _ field: AttributeTerms.Field, _ term: SearchQuery.Term, in index: IndexView
    ) throws(IndexDamage) -> [Int] {
        let dictionary = index.attributes
        // The key's bytes: the field's tag, then the value (a number's `G` or `H` at `letter`).
        var key = Array(field.tag.utf8)
        key.append(contentsOf: term.text.utf8)
        guard field == .strong else {
            return try key.withUnsafeBufferPointer { key throws(IndexDamage) in
                if term.isPrefix { return Array(try dictionary.ranks(withPrefix: key)) }
                let found = try dictionary.find(key)
                return found.found ? [found.rank] : []
            }
        }
        let hasSuffix = term.text.utf8.last.map { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A } ?? false
        let letters: [UInt8?] =
            term.text.utf8.first.map({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) ?? false
            ? [nil] : [UInt8(ascii: "G"), UInt8(ascii: "H")]
        let letter = field.tag.utf8.count
        if letters[0] != nil { key.insert(0, at: letter) }
        var ids: [Int] = []
        for value in letters {
            if let value { key[letter] = value }
            try key.withUnsafeBufferPointer { key throws(IndexDamage) in
                let found = try dictionary.find(key)
                if found.found { ids.append(found.rank) }
                if hasSuffix { return }
                // `H1254a` but not `H12540`: the terms that go on with a lowercase letter (after the digits
                // in byte order), a range of ranks.
                ids += try letterSuffixed(key, found: found, in: dictionary)
            }
        }
        return ids.count > 1 ? ids.sorted() : ids
    }

    /// The ranks of the terms that are `key` followed by a lowercase ASCII letter and anything after it.
    /// `found` is `key`'s look-up: when no term goes on from `key`, one more look-up says so.
    private static func letterSuffixed(
        _ key: UnsafeBufferPointer<UInt8>, found: (rank: Int, found: Bool, value: Int), in dictionary: TermDictionary
    ) throws(IndexDamage) -> Range<Int> {
        if try dictionary.find(key, pastPrefix: true).rank <= found.rank + (found.found ? 1 : 0) { return 0..<0 }
        // A key of a few bytes plus one: on the stack in all but name.
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: key.count + 1) {
            bytes throws(IndexDamage) -> Range<Int> in
            _ = bytes.initialize(from: key)
            bytes[key.count] = UInt8(ascii: "a")
            let low = try dictionary.find(UnsafeBufferPointer(bytes)).rank
            bytes[key.count] = UInt8(ascii: "z")
            let high = try dictionary.find(UnsafeBufferPointer(bytes), pastPrefix: true).rank
            return low..<max(low, high)
        }
    }

    /// The folded ids and the matcher of the term whose UTF-8 bytes are `key`.
    private static func lookUp(
        _ key: UnsafeBufferPointer<UInt8>, isPrefix: Bool, in index: IndexView, mode: FoldingMode
    ) throws(IndexDamage) -> (FoldedIDs, Matcher) {
        switch mode {
        case .default:
            let ranks: Range<Int>
            if isPrefix {
                ranks = try index.folded.ranks(withPrefix: key)
            } else {
                let found = try index.folded.find(key)
                ranks = found.found ? found.rank..<(found.rank + 1) : 0..<0
            }
            return (.ranks(ranks), .folded(ranks))
        case .exact:
            var exactIDs: [Int] = []
            if isPrefix {
                exactIDs = try index.exact.values(in: index.exact.ranks(withPrefix: key))
            } else {
                let found = try index.exact.find(key)
                if found.found { exactIDs = [found.value] }
            }
            var folded = Set<Int>()
            for id in exactIDs {
                if let foldedID = try index.foldedID(ofExact: id) { folded.insert(foldedID) }
            }
            if exactIDs.count == 1 { return (.list(folded.sorted()), .exact(exactIDs[0])) }
            var set = IDSet(count: index.layout.exactCount)
            for id in exactIDs { set.insert(id) }
            return (.list(folded.sorted()), .exactSet(set))
        }
    }

    /// Every verse the term's postings hold, increasing: one term's list or bitmap, or the union of several.
    func verses(_ index: IndexView) throws(IndexDamage) -> MatchedVerses {
        if let single { return try single.verses(index.reader) }
        if foldedIDs.isEmpty { return .list([]) }
        return .bitmap(try union(index))
    }

    /// The union of the term's postings.
    func union(_ index: IndexView) throws(IndexDamage) -> IDSet {
        var set = IDSet(count: index.layout.verseCount)
        for id in foldedIDs { try index.postings(id, attribute: isAttribute).add(index.reader, to: &set) }
        return set
    }

    /// Keeps in `verses` (increasing) those the term's postings hold, when they are one list of at most
    /// `limit` verses: cheaper to decode in step with the verses than to skip through. False, leaving
    /// `verses` as they are, otherwise.
    func intersect(_ verses: inout [Int], _ index: IndexView, ifAtMost limit: Int) throws(IndexDamage) -> Bool {
        guard let postings = single, estimate <= limit else { return false }
        guard case .list(_, _, let data, let end) = postings.storage else { return false }
        try index.reader.intersect(
            &verses, gapsFrom: data, to: end, count: postings.documentFrequency, below: postings.verseCount)
        return true
    }

    /// A probe answering whether the term's postings hold a verse.
    func probe(_ index: IndexView) throws(IndexDamage) -> VerseProbe {
        if let single { return VerseProbe(cursor: PostingCursor(single, reader: index.reader)) }
        return VerseProbe(set: try union(index))
    }
}

/// Folded ids in increasing order: a range of ranks (a word, a prefix), or any ids (the exact mode).
enum FoldedIDs: RandomAccessCollection {
    case ranks(Range<Int>)
    case list([Int])

    var startIndex: Int { 0 }
    var endIndex: Int {
        switch self {
        case .ranks(let ranks): ranks.count
        case .list(let ids): ids.count
        }
    }

    subscript(position: Int) -> Int {
        switch self {
        case .ranks(let ranks): ranks.lowerBound + position
        case .list(let ids): ids[position]
        }
    }
}

/// Answers whether a term's postings hold a verse, for increasing verses: through a cursor on one term's
/// postings, a set of several terms' verses, or neither when it holds every candidate (the term the
/// candidates came from).
struct VerseProbe {
    private var cursor: PostingCursor?
    private let set: IDSet?

    init(cursor: PostingCursor? = nil, set: IDSet? = nil) {
        self.cursor = cursor
        self.set = set
    }

    /// A probe that holds every verse.
    static var always: VerseProbe { VerseProbe() }

    @inline(__always)
    mutating func contains(_ verse: Int) throws(IndexDamage) -> Bool {
        if let set { return set.contains(verse) }
        return try cursor?.contains(verse) ?? true
    }
}
