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
    /// - Throws: `QueryError` with the position of an unclosed quote, a dangling `-`, `*`, `OR` or `AND`,
    ///   or a query with nothing to find.
    /// - Complexity: O(n). A query of printable ASCII (and tabs) is read as bytes, its words split without
    ///   ICU (`WordBreaker.forEachASCIITerm`); any other is read as `Character`s through `WordBreaker`.
    public static func parse(_ text: String, mode: FoldingMode = .default) throws(QueryError) -> SearchQuery {
        var copy = text
        let ascii = copy.withUTF8 { bytes in
            Result { () throws(QueryError) -> SearchQuery? in
                guard bytes.allSatisfy({ $0 == 0x09 || (0x20...0x7E).contains($0) }) else { return nil }
                if let word = singleWord(bytes, mode: mode) { return word }
                if let words = try plainWords(bytes, mode: mode) { return words }
                if let term = try singleFieldTerm(bytes, mode: mode) { return term }
                let text = { (range: Range<Int>) in
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                }
                return try parse(bytes, mode: mode, text: text) { range throws(QueryError) in
                    try asciiTerms(
                        of: UnsafeBufferPointer(rebasing: bytes[range]), offset: range.lowerBound, mode: mode)
                }
            }
        }
        if let query = try ascii.get() { return query }
        return try parseCharacters(text, mode: mode)
    }

    /// The query of `bytes` when they are one word of ASCII letters and digits (not an operator): the
    /// common query, without the items and groups of the general reading (which gives the same query).
    private static func singleWord(_ bytes: UnsafeBufferPointer<UInt8>, mode: FoldingMode) -> SearchQuery? {
        guard !bytes.isEmpty,
            bytes.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0 & 0xDF) }),
            !isOperator(bytes)
        else { return nil }
        // One run of letters and digits is one token of `WordBreaker.forEachASCIITerm`, lowercased in the
        // default mode and kept as written in the exact one: made here in place (a word of up to 15 bytes
        // is a small string), without the breaker's buffer.
        let lowercase = mode == .default
        let text = String(unsafeUninitializedCapacity: bytes.count) { text in
            for index in bytes.indices {
                let byte = bytes[index]
                text[index] = lowercase && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            }
            return bytes.count
        }
        return SearchQuery(required: [[SearchQuery.Phrase([SearchQuery.Term(text)])]], mode: mode)
    }

    /// The query of `bytes` when they are words of ASCII letters and digits between spaces, none an operator
    /// (`faith hope love`: each word a group of its own), or such words in one pair of quotes (`"in the
    /// beginning"`: one phrase of them all): the general reading's query, without its items and groups; nil
    /// for any other query. Each such word is one token (`WordBreaker.forEachASCIITerm`: a maximal run of
    /// letters and digits), so the words' terms come from one pass over them all.
    private static func plainWords(
        _ bytes: UnsafeBufferPointer<UInt8>, mode: FoldingMode
    ) throws(QueryError) -> SearchQuery? {
        let quoted = bytes.count >= 2 && bytes[0] == .quote && bytes[bytes.count - 1] == .quote
        let body = quoted ? 1..<(bytes.count - 1) : 0..<bytes.count
        var words = 0
        var index = body.lowerBound
        while index < body.upperBound {
            if bytes[index].isQuerySpace {
                index += 1
                continue
            }
            var end = index
            while end < body.upperBound,
                (0x30...0x39).contains(bytes[end]) || (0x41...0x5A).contains(bytes[end] & 0xDF)
            {
                end += 1
            }
            guard end > index, end == body.upperBound || bytes[end].isQuerySpace else { return nil }
            if !quoted, isOperator(UnsafeBufferPointer(rebasing: bytes[index..<end])) { return nil }
            words += 1
            index = end
        }
        guard words > 0 else { return nil }
        var terms: [SearchQuery.Term] = []
        terms.reserveCapacity(words)
        _ = WordBreaker.forEachASCIITerm(in: UnsafeBufferPointer(rebasing: bytes[body]), mode: mode) { term in
            terms.append(SearchQuery.Term(term))
        }
        guard terms.count == words else { return nil }
        let required = quoted ? [[SearchQuery.Phrase(terms)]] : terms.map { [SearchQuery.Phrase([$0])] }
        return SearchQuery(required: required, mode: mode)
    }

    /// The query of `bytes` when they are one field term whose value is ASCII letters and digits
    /// (`strong:G2316`, `lemma:logos`): the general reading's query, without its items and groups.
    private static func singleFieldTerm(
        _ bytes: UnsafeBufferPointer<UInt8>, mode: FoldingMode
    ) throws(QueryError) -> SearchQuery? {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon + 1 < bytes.count,
            bytes[(colon + 1)...].allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0 & 0xDF) }),
            let field = AttributeTerms.Field.allCases.first(where: { $0.rawValue.utf8.elementsEqual(bytes[..<colon]) })
        else { return nil }
        let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[(colon + 1)...]), as: UTF8.self)
        let term = try AttributeQuery.term(field, value, at: 0..<bytes.count)
        return SearchQuery(required: [[SearchQuery.Phrase([term])]], mode: mode)
    }

    /// Whether `bytes` are `OR`, `AND` or `NEAR`, compared as bytes (no `String` is made).
    @inline(__always)
    private static func isOperator(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch bytes.count {
        case 2: return bytes[0] == UInt8(ascii: "O") && bytes[1] == UInt8(ascii: "R")
        case 3: return bytes[0] == UInt8(ascii: "A") && bytes[1] == UInt8(ascii: "N") && bytes[2] == UInt8(ascii: "D")
        case 4:
            return bytes[0] == UInt8(ascii: "N") && bytes[1] == UInt8(ascii: "E") && bytes[2] == UInt8(ascii: "A")
                && bytes[3] == UInt8(ascii: "R")
        default: return false
        }
    }

    /// Parses `text` as `Character`s, whatever it holds (what `parse` does for a query that is not printable
    /// ASCII), so that tests can compare both ways of reading.
    static func parseCharacters(_ text: String, mode: FoldingMode) throws(QueryError) -> SearchQuery {
        let (characters, columns) = units(of: text)
        do {
            return try parse(characters, mode: mode, text: { String(characters[$0]) }) { range throws(QueryError) in
                try terms(of: String(characters[range]), offset: range.lowerBound, mode: mode)
            }
        } catch {
            // The error's units as the query's `Character`s: from the one its first unit is in, to the one after
            // that of its last.
            guard !columns.isEmpty else { throw error }
            let lower = columns[min(max(error.range.lowerBound, 0), columns.count - 1)]
            let upper =
                error.range.isEmpty ? lower : columns[min(max(error.range.upperBound - 1, 0), columns.count - 1)] + 1
            throw QueryError(error.message, at: lower..<max(lower, upper))
        }
    }

    /// The `Character`s of a query, but for a quote, `-` or white space that a combining mark follows (text
    /// pasted from the middle of a pointed Hebrew word: `"ְלָע֔וּ`), which Unicode makes one `Character` with the
    /// mark: it is a unit of its own, and the marks another, so that the quote still opens a phrase.
    /// - Returns: the units, and for each the index of the `Character` it is (or is part of), by which errors
    ///   are placed.
    static func units(of text: String) -> (units: [Character], columns: [Int]) {
        var units: [Character] = []
        var columns: [Int] = []
        for (column, character) in text.enumerated() {
            let scalars = character.unicodeScalars
            guard let first = scalars.first, scalars.count > 1,
                first == "\"" || first == "-" || first.properties.isWhitespace
            else {
                units.append(character)
                columns.append(column)
                continue
            }
            units.append(Character(first))
            units += String(String.UnicodeScalarView(scalars.dropFirst()))
            columns += repeatElement(column, count: units.count - columns.count)
        }
        return (units, columns)
    }

    /// Reads the query's units (`Character`s, or bytes of a printable ASCII query); `terms` gives the terms
    /// of the word in a range of units (each unit one column).
    private static func parse<Units: RandomAccessCollection>(
        _ units: Units, mode: FoldingMode, text: (Range<Int>) -> String,
        terms: (Range<Int>) throws(QueryError) -> [SearchQuery.Term]
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
                if !excluded, isAND {
                    items.append(.and(start..<end))
                    continue
                }
                let word = units[wordStart] == .capitalN || units[wordStart].isFieldStart ? text(wordStart..<end) : ""
                if !excluded, let near = try Self.near(word, at: wordStart..<end) {
                    items.append(.near(distance: near.distance, unit: near.unit, start..<end))
                    continue
                }
                // `word` is empty unless it may be a field term or `NEAR`: no field is looked for then.
                if !word.isEmpty, let field = Self.field(of: word) {
                    var value = String(word.dropFirst(field.rawValue.count + 1))
                    var valueRange = wordStart..<end
                    if value.isEmpty, end < units.count, units[end] == .quote {
                        guard let close = units[(end + 1)...].firstIndex(of: .quote) else {
                            throw QueryError("the quote is not closed", at: end..<end + 1)
                        }
                        value = text((end + 1)..<close)
                        valueRange = wordStart..<close + 1
                        index = close + 1
                    }
                    phrase = SearchQuery.Phrase([try AttributeQuery.term(field, value, at: valueRange)])
                } else {
                    let wordTerms = try terms(wordStart..<end)
                    phrase = wordTerms.isEmpty ? nil : SearchQuery.Phrase(wordTerms)
                }
            }
            if let phrase { items.append(.phrase(phrase, excluded: excluded, start..<index)) }
        }
        return try assemble(items, mode: mode, length: units.count)
    }

    /// A lexical item: a phrase (possibly excluded), the `OR` or `AND` operator or a `NEAR` operator.
    enum Item {
        case phrase(SearchQuery.Phrase, excluded: Bool, Range<Int>)
        case or(Range<Int>)
        /// `AND`, which means what the space between words means, and like `OR` needs a side on each side.
        case and(Range<Int>)
        case near(distance: Int, unit: SearchQuery.Proximity.Unit, Range<Int>)
    }

    /// The field a word names (`strong:G26`), if any.
    private static func field(of word: String) -> AttributeTerms.Field? {
        // Compared as bytes, without making `strong:` and the others as strings.
        let bytes = word.utf8
        return AttributeTerms.Field.allCases.first { field in
            let name = field.rawValue.utf8
            return bytes.count > name.count && bytes.starts(with: name)
                && bytes[bytes.index(bytes.startIndex, offsetBy: name.count)] == UInt8(ascii: ":")
        }
    }

    /// The distance of a `NEAR` operator (`NEAR` is `NEAR/10`, `NEAR/5`, `NEAR/2v`), or nil when `word` is
    /// not one.
    private static func near(
        _ word: String, at range: Range<Int>
    ) throws(QueryError) -> (distance: Int, unit: SearchQuery.Proximity.Unit)? {
        guard word == "NEAR" || word.hasPrefix("NEAR/") else { return nil }
        if word == "NEAR" { return (10, .words) }
        var value = word.dropFirst(5)
        let unit: SearchQuery.Proximity.Unit = value.hasSuffix("v") ? .verses : .words
        if unit == .verses { value = value.dropLast() }
        guard !value.isEmpty, value.allSatisfy(\.isASCII), let distance = Int(value),
            distance >= (unit == .words ? 1 : 0), distance <= 1000
        else {
            throw QueryError(
                "NEAR takes a distance: NEAR/5 (words, 1 or more) or NEAR/2v (verses, 0 or more)", at: range)
        }
        return (distance, unit)
    }

    /// Groups the items: `OR` joins its neighbours into one group; `NEAR` joins its neighbours into a
    /// proximity constraint (see `QueryAssembler`).
    private static func assemble(_ items: [Item], mode: FoldingMode, length: Int) throws(QueryError) -> SearchQuery {
        var assembler = QueryAssembler()
        for item in items { try assembler.add(item) }
        return try assembler.query(mode: mode, length: length)
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
    /// Whether it is the first letter of a field name (`strong:`, `lemma:`, `morph:`).
    var isFieldStart: Bool { get }
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
    var isFieldStart: Bool { self == "s" || self == "l" || self == "m" }
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
    var isFieldStart: Bool { self == UInt8(ascii: "s") || self == UInt8(ascii: "l") || self == UInt8(ascii: "m") }
}
