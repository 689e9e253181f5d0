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
    public static func parse(_ text: String, mode: FoldingMode = .default) throws(QueryError) -> SearchQuery {
        let characters = Array(text)
        var items: [Item] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
                continue
            }
            let start = index
            var excluded = false
            if character == "-" {
                excluded = true
                index += 1
                guard index < characters.count, !characters[index].isWhitespace else {
                    throw QueryError("'-' must be followed by a word or a phrase to leave out", at: start..<start + 1)
                }
            }
            let phrase: SearchQuery.Phrase?
            if characters[index] == "\"" {
                let open = index
                guard let close = characters[(open + 1)...].firstIndex(of: "\"") else {
                    throw QueryError("the quote is not closed", at: open..<open + 1)
                }
                let inner = String(characters[(open + 1)..<close])
                phrase = try quotedPhrase(inner, offset: open + 1, mode: mode)
                guard phrase != nil else { throw QueryError("the phrase has no words", at: open..<close + 1) }
                index = close + 1
            } else {
                var end = index
                while end < characters.count, !characters[end].isWhitespace, characters[end] != "\"" { end += 1 }
                let word = String(characters[index..<end])
                if !excluded, word == "OR" {
                    items.append(.or(start..<end))
                    index = end
                    continue
                }
                index = end
                if !excluded, word == "AND" { continue }
                phrase = try wordPhrase(word, offset: start + (excluded ? 1 : 0), mode: mode)
            }
            if let phrase { items.append(.phrase(phrase, excluded: excluded, start..<index)) }
        }
        return try assemble(items, mode: mode, length: characters.count)
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

    /// The phrase an unquoted word gives (its tokens follow one another), or nil when it has no letters.
    private static func wordPhrase(
        _ word: String, offset: Int, mode: FoldingMode
    ) throws(QueryError) -> SearchQuery.Phrase? {
        let terms = try terms(of: word, offset: offset, mode: mode)
        return terms.isEmpty ? nil : SearchQuery.Phrase(terms)
    }

    /// The phrase of a quoted text, word by word, each word allowed a closing `*`.
    private static func quotedPhrase(
        _ inner: String, offset: Int, mode: FoldingMode
    ) throws(QueryError) -> SearchQuery.Phrase? {
        var terms: [SearchQuery.Term] = []
        var index = 0
        let characters = Array(inner)
        while index < characters.count {
            if characters[index].isWhitespace {
                index += 1
                continue
            }
            var end = index
            while end < characters.count, !characters[end].isWhitespace { end += 1 }
            terms += try self.terms(of: String(characters[index..<end]), offset: offset + index, mode: mode)
            index = end
        }
        return terms.isEmpty ? nil : SearchQuery.Phrase(terms)
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
}
