import TextNormalization

/// Finds what to highlight in a hit: every place a positive phrase of the query occurs.
enum Highlighter {
    /// The ranges of `text` where the query's phrases (not its excluded ones) occur, sorted and merged
    /// where they overlap or touch.
    ///
    /// - Complexity: O(tokens × phrase terms); splits the text with `WordBreaker` in the query's mode.
    static func highlights(of query: SearchQuery, in text: String) -> [SearchHighlight] {
        let tokens = WordBreaker.tokens(in: text, mode: query.mode)
        var ranges: [SearchHighlight] = []
        for phrase in query.positivePhrases
        where !phrase.terms.isEmpty && phrase.terms.count <= tokens.count
            && phrase.terms.allSatisfy({ $0.field == nil })
        {
            for start in 0...(tokens.count - phrase.terms.count) {
                let matched = phrase.terms.enumerated().allSatisfy { offset, term in
                    let token = tokens[start + offset].term
                    return term.isPrefix ? token.utf8.starts(with: term.text.utf8) : token == term.text
                }
                guard matched else { continue }
                let last = tokens[start + phrase.terms.count - 1]
                ranges.append(
                    SearchHighlight(
                        utf16: tokens[start].utf16Range.lowerBound..<last.utf16Range.upperBound,
                        utf8: tokens[start].utf8Range.lowerBound..<last.utf8Range.upperBound))
            }
        }
        return merged(ranges)
    }

    /// The ranges sorted, with those that overlap or touch made one.
    static func merged(_ ranges: [SearchHighlight]) -> [SearchHighlight] {
        var ranges = ranges
        merge(&ranges)
        return ranges
    }

    /// Sorts `ranges` and makes those that overlap or touch one, in place.
    ///
    /// - Complexity: O(n) when they come sorted (one phrase), else O(n log n).
    static func merge(_ ranges: inout [SearchHighlight]) {
        if zip(ranges, ranges.dropFirst()).contains(where: { $0.utf8.lowerBound > $1.utf8.lowerBound }) {
            ranges.sort { $0.utf8.lowerBound < $1.utf8.lowerBound }
        }
        var count = 0
        for index in ranges.indices {
            let range = ranges[index]
            if count > 0, range.utf8.lowerBound <= ranges[count - 1].utf8.upperBound {
                let last = ranges[count - 1]
                ranges[count - 1] = SearchHighlight(
                    utf16: last.utf16.lowerBound..<max(last.utf16.upperBound, range.utf16.upperBound),
                    utf8: last.utf8.lowerBound..<max(last.utf8.upperBound, range.utf8.upperBound))
            } else {
                ranges[count] = range
                count += 1
            }
        }
        ranges.removeLast(ranges.count - count)
    }
}
