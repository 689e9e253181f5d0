import TextNormalization

/// Finds the words of a hit that carry a searched attribute (`strong:G3056`): the attribute stream gives
/// their places among the verse's tokens, and `TokenLocator` finds those tokens in the text (splitting the
/// text as the index did when it cannot).
enum AttributeHighlighter {
    /// The ranges of the tokens of verse `verse` (text `text`) that carry an attribute id of `set` (the query's
    /// attribute terms' ids, see `union`); tokens next to each other (the words of
    /// `\w In the beginning|strong="H7225"\w*`) make one range; sorted and merged as `Highlighter.merge` does.
    /// The tokens are found in the text by `locator`, else by splitting the text.
    ///
    /// `places` is a buffer kept from one hit to the next (its contents are replaced).
    ///
    /// - Complexity: O(the verse's attribute entries + its tokens), plus the text up to the last place.
    static func highlights(
        _ set: IDSet, verse: Int, text: String, view: IndexView, locator: inout TokenLocator, places: inout [Int]
    ) throws(IndexDamage) -> [SearchHighlight] {
        let count = try set.words.withUnsafeBufferPointer { words throws(IndexDamage) in
            try view.attributePlaces(of: verse, in: words, into: &places)
        }
        guard count > 0 else { return [] }
        let found = places[..<count]
        if let located = try locator.highlights(places: found, verse: verse, text: text) { return located }
        return Highlighter.merged(split(found, text: text))
    }

    /// The ids in any of `sets` (all of one size, the attribute ids'), as one set.
    static func union(_ sets: [IDSet]) -> IDSet {
        guard var union = sets.first else { return IDSet(count: 0) }
        for set in sets.dropFirst() {
            for index in 0..<min(union.words.count, set.words.count) { union.words[index] |= set.words[index] }
        }
        return union
    }

    /// The ranges of the tokens at `places` found by splitting `text` as the index did.
    ///
    /// - Complexity: O(text).
    static func split(_ places: some Sequence<Int>, text: String) -> [SearchHighlight] {
        let tokens = WordBreaker.tokens(in: text, mode: .exact)
        var highlights: [SearchHighlight] = []
        var previous = -2
        for place in places where place < tokens.count {
            let token = tokens[place]
            if place == previous + 1, let last = highlights.popLast() {
                highlights.append(
                    SearchHighlight(
                        utf16: last.utf16.lowerBound..<token.utf16Range.upperBound,
                        utf8: last.utf8.lowerBound..<token.utf8Range.upperBound))
            } else {
                highlights.append(SearchHighlight(utf16: token.utf16Range, utf8: token.utf8Range))
            }
            previous = place
        }
        return highlights
    }
}

extension TokenLocator {
    /// `AttributeHighlighter.highlights` with this locator, changed in place.
    mutating func attributeHighlights(
        _ set: IDSet, verse: Int, text: String, places: inout [Int]
    ) throws(IndexDamage) -> [SearchHighlight] {
        try AttributeHighlighter.highlights(set, verse: verse, text: text, view: view, locator: &self, places: &places)
    }
}
