import TextNormalization

/// Reads the query language: words (all must match), `"exact phrases"`, `prefix*`, `-excluded`, `OR`.
///
/// - Words are split and folded by `WordBreaker`, as the index splits verse text, so `God’s` is the
///   phrase `god s` and `神爱世人` the phrase of its four characters.
/// - `a OR b` matches either; `OR` binds tighter than the implicit AND (`love faith OR hope` is love and
///   either faith or hope). `AND` between words is allowed and means nothing more. Both are operators
///   only in capitals; `or` and `and` are words.
/// - `*` may only end a word; in a phrase each word may end with it (`"in the begin*"`).
/// - `-` before a word or phrase excludes it; an exclusion cannot take part in `OR`, and a query of
///   exclusions only is refused.
/// - Words that hold no letters or digits (`—`, `!`) are dropped.
public enum QueryParser {
    /// Parses `text`, folding terms as `mode` does.
    ///
    /// - Throws: `QueryError` with the position of an unclosed quote, a dangling `-`, `*` or `OR`,
    ///   or a query with nothing to find.
    /// - Complexity: O(n). A query of printable ASCII (and tabs) is read as bytes, its words split without
    ///   ICU (`WordBreaker.forEachASCIITerm`); any other is read as `Character`s through `WordBreaker`.
    public static func parse(_ text: String, mode: FoldingMode = .default) throws(QueryError) -> SearchQuery {
        var copy = text
        let ascii = copy.withUTF8 { bytes in
            Result { () throws(QueryError) -> SearchQuery? in
                guard bytes.allSatisfy({ $0 == 0x09 || (0x20...0x7E).contains($0) }) else { return nil }
                return try parse(bytes, mode: mode) { range throws(QueryError) in
                    try asciiTerms(
                        of: UnsafeBufferPointer(rebasing: bytes[range]), offset: range.lowerBound, mode: mode)
                }
            }
        }
        if let query = try ascii.get() { return query }
        return try parseCharacters(text, mode: mode)
    }

    /// Parses `text` as `Character`s, whatever it holds (what `parse` does for a query that is not printable
    /// ASCII), so that tests can compare both ways of reading.
    static func parseCharacters(_ text: String, mode: FoldingMode) throws(QueryError) -> SearchQuery {
        let characters = Array(text)
        return try parse(characters, mode: mode) { range throws(QueryError) in
            try terms(of: String(characters[range]), offset: range.lowerBound, mode: mode)
        }
    }

    /// Reads the query's units (`Character`s, or bytes of a printable ASCII query); `terms` gives the terms
    /// of the word in a range of units (each unit one column).
    private static func parse<Units: RandomAccessCollection>(
        _ units: Units, mode: FoldingMode, terms: (Range<Int>) throws(QueryError) -> [SearchQuery.Term]
    ) throws(QueryError) -> SearchQuery where Units.Index == Int, Units.Element: QueryUnit {
        var items: [Item] = []
        var index = 0
        while index < units.count {
            let unit = units[index]
            if unit.isQuerySpace {
                index += 1
                continue
            }
            let start = index
            var excluded = false
            if unit == .minus {
                excluded = true
                index += 1
                guard index < units.count, !units[index].isQuerySpace else {
                    throw QueryError("'-' must be followed by a word or a phrase to leave out", at: start..<start + 1)
                }
            }
            let phrase: SearchQuery.Phrase?
            if units[index] == .quote {
                let open = index
                guard let close = units[(open + 1)...].firstIndex(of: .quote) else {
                    throw QueryError("the quote is not closed", at: open..<open + 1)
                }
                var phraseTerms: [SearchQuery.Term] = []
                var word = open + 1
                while word < close {
                    if units[word].isQuerySpace {
                        word += 1
                        continue
                    }
                    var end = word
                    while end < close, !units[end].isQuerySpace { end += 1 }
                    phraseTerms += try terms(word..<end)
                    word = end
                }
                guard !phraseTerms.isEmpty else { throw QueryError("the phrase has no words", at: open..<close + 1) }
                phrase = SearchQuery.Phrase(phraseTerms)
                index = close + 1
            } else {
                var end = index
                while end < units.count, !units[end].isQuerySpace, units[end] != .quote { end += 1 }
                let isOR = end - index == 2 && units[index] == .capitalO && units[index + 1] == .capitalR
                if !excluded, isOR {
                    items.append(.or(start..<end))
                    index = end
                    continue
                }
                let isAND =
                    end - index == 3 && units[index] == .capitalA && units[index + 1] == .capitalN
                    && units[index + 2] == .capitalD
                let wordStart = index
                index = end
                if !excluded, isAND { continue }
                let wordTerms = try terms(wordStart..<end)
                phrase = wordTerms.isEmpty ? nil : SearchQuery.Phrase(wordTerms)
            }
            if let phrase { items.append(.phrase(phrase, excluded: excluded, start..<index)) }
        }
        return try assemble(items, mode: mode, length: units.count)
    }

    /// A lexical item: a phrase (possibly excluded) or the `OR` operator.
    private enum Item {
        case phrase(SearchQuery.Phrase, excluded: Bool, Range<Int>)
        case or(Range<Int>)
    }

    /// Groups the items: `OR` joins its neighbours into one group.
    private static func assemble(_ items: [Item], mode: FoldingMode, length: Int) throws(QueryError) -> SearchQuery {
        var required: [[SearchQuery.Phrase]] = []
        var excluded: [SearchQuery.Phrase] = []
        var pendingOr: Range<Int>?
        for item in items {
            switch item {
            case .or(let range):
                guard pendingOr == nil, !required.isEmpty else {
                    throw QueryError("OR needs a word or phrase on each side", at: range)
                }
                pendingOr = range
            case .phrase(let phrase, excluded: true, let range):
                if pendingOr != nil { throw QueryError("an excluded word cannot be part of OR", at: range) }
                excluded.append(phrase)
            case .phrase(let phrase, excluded: false, _):
                if pendingOr != nil, !required.isEmpty {
                    required[required.count - 1].append(phrase)
                } else {
                    required.append([phrase])
                }
                pendingOr = nil
            }
        }
        if let pendingOr { throw QueryError("OR needs a word or phrase on each side", at: pendingOr) }
        guard !required.isEmpty else {
            if excluded.isEmpty { throw QueryError("nothing to search for: give a word or a phrase", at: 0..<length) }
            throw QueryError("give at least one word to find, not only words to leave out", at: 0..<length)
        }
        return SearchQuery(required: required, excluded: excluded, mode: mode)
    }

    /// The terms of one word, the last a prefix when the word ends with `*`.
    private static func terms(of word: String, offset: Int, mode: FoldingMode) throws(QueryError) -> [SearchQuery.Term]
    {
        var body = Substring(word)
        var isPrefix = false
        while body.hasSuffix("*") {
            body.removeLast()
            isPrefix = true
        }
        if let star = body.firstIndex(of: "*") {
            let column = offset + body.distance(from: body.startIndex, to: star)
            throw QueryError("'*' can only end a word (as in bless*)", at: column..<column + 1)
        }
        var terms = WordBreaker.tokens(in: String(body), mode: mode).map { SearchQuery.Term($0.term) }
        if isPrefix {
            guard !terms.isEmpty else {
                throw QueryError("'*' needs letters before it (as in bless*)", at: offset..<offset + word.count)
            }
            terms[terms.count - 1].isPrefix = true
        }
        return terms
    }

    /// The terms of one word of a printable ASCII query, as `terms(of:offset:mode:)` gives them.
    private static func asciiTerms(
        of word: UnsafeBufferPointer<UInt8>, offset: Int, mode: FoldingMode
    ) throws(QueryError) -> [SearchQuery.Term] {
        var body = word.count
        while body > 0, word[body - 1] == UInt8(ascii: "*") { body -= 1 }
        let isPrefix = body < word.count
        if let star = word[..<body].firstIndex(of: UInt8(ascii: "*")) {
            throw QueryError("'*' can only end a word (as in bless*)", at: offset + star..<offset + star + 1)
        }
        var terms: [SearchQuery.Term] = []
        _ = WordBreaker.forEachASCIITerm(in: UnsafeBufferPointer(rebasing: word[..<body]), mode: mode) { term in
            terms.append(SearchQuery.Term(term))
        }
        if isPrefix {
            guard !terms.isEmpty else {
                throw QueryError("'*' needs letters before it (as in bless*)", at: offset..<offset + word.count)
            }
            terms[terms.count - 1].isPrefix = true
        }
        return terms
    }
}

/// A unit a query is read in: a `Character`, or a byte of a printable ASCII query.
private protocol QueryUnit: Equatable {
    /// Whether it separates words.
    var isQuerySpace: Bool { get }
    static var quote: Self { get }
    static var minus: Self { get }
    static var capitalO: Self { get }
    static var capitalR: Self { get }
    static var capitalA: Self { get }
    static var capitalN: Self { get }
    static var capitalD: Self { get }
}

extension Character: QueryUnit {
    var isQuerySpace: Bool { isWhitespace }
    static var quote: Character { "\"" }
    static var minus: Character { "-" }
    static var capitalO: Character { "O" }
    static var capitalR: Character { "R" }
    static var capitalA: Character { "A" }
    static var capitalN: Character { "N" }
    static var capitalD: Character { "D" }
}

extension UInt8: QueryUnit {
    /// A space or a tab: the only white space a printable ASCII query holds.
    var isQuerySpace: Bool { self == 0x20 || self == 0x09 }
    static var quote: UInt8 { UInt8(ascii: "\"") }
    static var minus: UInt8 { UInt8(ascii: "-") }
    static var capitalO: UInt8 { UInt8(ascii: "O") }
    static var capitalR: UInt8 { UInt8(ascii: "R") }
    static var capitalA: UInt8 { UInt8(ascii: "A") }
    static var capitalN: UInt8 { UInt8(ascii: "N") }
    static var capitalD: UInt8 { UInt8(ascii: "D") }
}
