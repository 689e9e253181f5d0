import TextNormalization

/// Finds the words of a hit that carry a searched attribute (`strong:G3056`): the attribute stream gives
/// their places among the verse's tokens, and splitting the text as the index did gives their ranges.
enum AttributeHighlighter {
    /// The ranges of the tokens of verse `verse` (text `text`) that carry one of the attribute ids `sets`;
    /// tokens next to each other (the words of `\w In the beginning|strong="H7225"\w*`) make one range.
    ///
    /// - Complexity: O(the verse's attribute entries × sets), plus splitting the text when any matches.
    static func highlights(
        _ sets: [IDSet], verse: Int, text: String, view: IndexView
    ) throws(IndexDamage) -> [SearchHighlight] {
        var places: [Int] = []
        try view.forEachAttribute(of: verse) { position, id in
            if places.last != position, sets.contains(where: { $0.contains(id) }) { places.append(position) }
        }
        guard !places.isEmpty else { return [] }
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
