import TextNormalization

/// Puts a query's items together (`QueryParser`): `OR` joins its neighbours into one group, `NEAR` joins its
/// neighbours into a proximity constraint, every other phrase is a group of its own; `AND` adds nothing to
/// the space between words, but like `OR` needs a word or phrase on each side.
///
/// `NEAR` binds tightest, and its sides are single words, prefixes, attribute terms or phrases: it cannot
/// take part in `OR`, take an excluded side or be chained (`a NEAR b NEAR c`).
struct QueryAssembler {
    private var required: [[SearchQuery.Phrase]] = []
    private var excluded: [SearchQuery.Phrase] = []
    private var near: [SearchQuery.Proximity] = []
    private var pendingOr: Range<Int>?
    private var pendingAnd: Range<Int>?
    /// Whether the item before was a phrase (excluded or not): what an `AND` needs on its left.
    private var afterPhrase = false
    private var pendingNear: (distance: Int, unit: SearchQuery.Proximity.Unit, range: Range<Int>)?
    /// What the last item was: a phrase that stands alone as the last group (a possible `NEAR` side), an `OR`
    /// group's, the right side of a `NEAR`, or something else.
    private var last: Last = .nothing

    private enum Last { case nothing, loneGroup, orGroup, nearSide }

    mutating func add(_ item: QueryParser.Item) throws(QueryError) {
        if case .and(let range) = item {
            // `a AND b` is `a b`: only its sides are checked.
            guard afterPhrase else { throw QueryError("AND needs a word or phrase on each side", at: range) }
            pendingAnd = range
            afterPhrase = false
            return
        }
        if let pendingAnd, !item.isPhrase {
            throw QueryError("AND needs a word or phrase on each side", at: pendingAnd)
        }
        pendingAnd = nil
        afterPhrase = item.isPhrase
        switch item {
        case .and: break
        case .or(let range):
            guard pendingOr == nil, pendingNear == nil, last == .loneGroup || last == .orGroup else {
                throw QueryError(
                    last == .nearSide ? "NEAR cannot be part of OR" : "OR needs a word or phrase on each side",
                    at: range)
            }
            pendingOr = range
        case .near(let distance, let unit, let range):
            guard pendingOr == nil, pendingNear == nil, last == .loneGroup else {
                let message =
                    last == .nearSide
                    ? "NEAR cannot be chained: write a NEAR/5 b b NEAR/5 c"
                    : last == .orGroup ? "NEAR cannot be part of OR" : "NEAR needs a word or phrase on each side"
                throw QueryError(message, at: range)
            }
            pendingNear = (distance, unit, range)
        case .phrase(let phrase, excluded: true, let range):
            if pendingOr != nil { throw QueryError("an excluded word cannot be part of OR", at: range) }
            if pendingNear != nil { throw QueryError("an excluded word cannot be part of NEAR", at: range) }
            excluded.append(phrase)
            last = .nothing
        case .phrase(let phrase, excluded: false, _):
            if let near = pendingNear, let left = required.popLast()?.first {
                self.near.append(SearchQuery.Proximity(left, phrase, distance: near.distance, unit: near.unit))
                pendingNear = nil
                last = .nearSide
            } else if pendingOr != nil, !required.isEmpty {
                required[required.count - 1].append(phrase)
                last = .orGroup
            } else {
                required.append([phrase])
                last = .loneGroup
            }
            pendingOr = nil
        }
    }

    /// The query; throws when an operator lacks a side or nothing is to be found.
    func query(mode: FoldingMode, length: Int) throws(QueryError) -> SearchQuery {
        if let pendingOr { throw QueryError("OR needs a word or phrase on each side", at: pendingOr) }
        if let pendingAnd { throw QueryError("AND needs a word or phrase on each side", at: pendingAnd) }
        if let pendingNear { throw QueryError("NEAR needs a word or phrase on each side", at: pendingNear.range) }
        guard !required.isEmpty || !near.isEmpty else {
            if excluded.isEmpty { throw QueryError("nothing to search for: give a word or a phrase", at: 0..<length) }
            throw QueryError("give at least one word to find, not only words to leave out", at: 0..<length)
        }
        return SearchQuery(required: required, excluded: excluded, near: near, mode: mode)
    }
}

/// Reads the value of a field term of a query (`strong:G3056`, `lemma:λόγος`, `morph:Gr,N,*`).
enum AttributeQuery {
    /// The term of `value` in `field`; `range` is the term's place in the query, for errors.
    ///
    /// A Strong's number takes no `*`; a lemma is folded as words are and may end with `*`; a morphology
    /// code is matched as written (case and all), whole or, ending with `*`, as a prefix.
    static func term(
        _ field: AttributeTerms.Field, _ value: String, at range: Range<Int>
    ) throws(QueryError) -> SearchQuery.Term {
        var body = value
        var isPrefix = false
        while body.hasSuffix("*") {
            body.removeLast()
            isPrefix = true
        }
        guard !body.isEmpty else {
            throw QueryError("\(field.rawValue): needs a value, as in \(example(field))", at: range)
        }
        if body.utf8.contains(UInt8(ascii: "*")) { throw QueryError("'*' can only end the value (as in morph:Gr,N,*)", at: range) }
        switch field {
        case .strong:
            guard !isPrefix, let canonical = AttributeTerms.canonicalStrong(body) else {
                throw QueryError("strong: needs a Strong's number such as G3056, H430 or H1254a", at: range)
            }
            return SearchQuery.Term(canonical, field: .strong)
        case .lemma:
            let folded = SearchFolding.fold(body)
            guard !folded.isEmpty else { throw QueryError("lemma: needs letters, as in \(example(field))", at: range) }
            return SearchQuery.Term(folded, isPrefix: isPrefix, field: .lemma)
        case .morph:
            return SearchQuery.Term(body, isPrefix: isPrefix, field: .morph)
        }
    }

    private static func example(_ field: AttributeTerms.Field) -> String {
        switch field {
        case .strong: "strong:G3056"
        case .lemma: "lemma:λόγος"
        case .morph: "morph:Gr,N,,,,,NMS,"
        }
    }
}

extension QueryParser.Item {
    /// Whether it is a phrase (excluded or not), not an operator.
    var isPhrase: Bool {
        if case .phrase = self { return true }
        return false
    }
}
