import TextNormalization

/// Finds the words of a hit that carry a searched attribute (`strong:G3056`): the attribute stream gives each
/// tagged token's UTF-8 range in the verse text, and only the UTF-16 offsets are counted in the text.
enum AttributeHighlighter {
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

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
            at16 += utf16Count(text, from: at8, to: start)
            let start16 = at16
            at16 += utf16Count(text, from: start, to: end)
            at8 = end
            highlights.append(SearchHighlight(utf16: start16..<at16, utf8: start..<end))
            index += 2
        }
        return highlights
    }

    /// How many UTF-16 units the UTF-8 bytes `text[from..<to]` (within the text) make: a unit a byte, less one a
    /// continuation byte (`10xxxxxx`), plus one a four-byte lead (`11110xxx`, a surrogate pair).
    ///
    /// - Complexity: O(to − from), sixteen bytes at a time; the last few are read with the eight bytes that end
    ///   at `to`.
    @inline(__always)
    static func utf16Count(_ text: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        guard let base = text.baseAddress, from < to else { return 0 }
        let raw = UnsafeRawPointer(base)
        var units = to &- from
        var index = from
        while index &+ 16 <= to {
            let first = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let second = raw.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self)
            if (first | second) & highBits != 0 { units &-= surplus(first) &+ surplus(second) }
            index &+= 16
        }
        if index &+ 8 <= to {
            units &-= surplus(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index &+= 8
        }
        let rest = to &- index
        guard rest > 0 else { return units }
        if to >= 8 {
            // The eight bytes that end at `to`, the ones before `index` shifted out (little-endian: the later
            // bytes are the higher ones).
            let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: to &- 8, as: UInt64.self))
            return units &- surplus(last >> UInt64(8 &* (8 &- rest)))
        }
        while index < to {
            let byte = text[index]
            if byte & 0xC0 == 0x80 { units &-= 1 } else if byte >= 0xF0 { units &+= 1 }
            index &+= 1
        }
        return units
    }

    /// How many more bytes than UTF-16 units the eight bytes of `chunk` are: its continuation bytes less its
    /// four-byte leads (zero bytes count for nothing).
    @inline(__always)
    private static func surplus(_ chunk: UInt64) -> Int {
        let high = chunk & highBits
        guard high != 0 else { return 0 }
        let continuations = high & ~(chunk << 1)
        let fourByteLeads = high & (chunk << 1) & (chunk << 2) & (chunk << 3)
        return RunPlaces.bytesSet(continuations) &- RunPlaces.bytesSet(fourByteLeads)
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
