import LecternKernels
import TextNormalization

/// Finds the words of a hit that carry a searched attribute (`strong:G3056`): the attribute stream gives each
/// tagged token's UTF-8 range in the verse text, and only the UTF-16 offsets are counted in the text.
enum AttributeHighlighter {
    /// The ranges of the tokens of verse `verse` (text `text`) that carry an attribute id of `set` (the query's
    /// attribute terms' ids, see `union`; `highest` its largest, `IDSet.last`); tokens next to each other (the
    /// words of `\w In the beginning|strong="H7225"\w*`) make one range; sorted and apart, as `split` and
    /// `Highlighter.merged` give them. Throws when a range does not lie on the text's characters.
    ///
    /// `ranges` is a buffer kept from one hit to the next (its contents are replaced).
    ///
    /// - Complexity: O(the verse's attribute ids up to `highest`, and their tokens), plus the text up to the
    ///   last range, sixteen bytes at a time.
    static func highlights(
        _ set: IDSet, highest: Int, verse: Int, text: String, view: IndexView, ranges: inout [Int]
    ) throws(IndexDamage) -> [SearchHighlight] {
        let count = try set.words.withUnsafeBufferPointer { words throws(IndexDamage) in
            try view.attributeRanges(of: verse, in: words, highest: highest, into: &ranges)
        }
        guard count > 0 else { return [] }
        var copy = text
        let found = ranges.withUnsafeBufferPointer { ranges in
            copy.withUTF8 { bytes in highlights(ranges.prefix(2 * count), in: bytes) }
        }
        guard let found else { throw IndexDamage(reason: "the word attributes of verse \(verse) lie outside its text") }
        return found
    }

    /// The highlights of the UTF-8 ranges `ranges` (start, end, …, increasing and apart) of `text`, their UTF-16
    /// offsets counted; nil when one is not within the text or does not start and end on a character.
    ///
    /// - Complexity: O(text up to the last range).
    static func highlights(_ ranges: Slice<UnsafeBufferPointer<Int>>, in text: UnsafeBufferPointer<UInt8>)
        -> [SearchHighlight]?
    {
        var highlights: [SearchHighlight] = []
        highlights.reserveCapacity(ranges.count / 2)
        var at8 = 0
        var at16 = 0
        var index = ranges.startIndex
        while index < ranges.endIndex {
            let start = ranges[index]
            let end = ranges[index + 1]
            guard at8 <= start, start < end, end <= text.count, text[start] & 0xC0 != 0x80,
                end == text.count || text[end] & 0xC0 != 0x80
            else { return nil }
            at16 += UTF8Counts.utf16Count(text, from: at8, to: start)
            let start16 = at16
            at16 += UTF8Counts.utf16Count(text, from: start, to: end)
            at8 = end
            highlights.append(SearchHighlight(utf16: start16..<at16, utf8: start..<end))
            index += 2
        }
        return highlights
    }

    /// The ids in any of `sets` (all of one size, the attribute ids'), as one set.
    static func union(_ sets: [IDSet]) -> IDSet {
        guard var union = sets.first else { return IDSet(count: 0) }
        for set in sets.dropFirst() {
            for index in 0..<min(union.words.count, set.words.count) { union.words[index] |= set.words[index] }
        }
        return union
    }
}
