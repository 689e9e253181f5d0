import LecternKernels
import ScriptureStore

extension IndexView {
    /// Where attribute verse block `block`'s mark is in `opened.checked`.
    private func attributeBlockMark(_ block: Int) -> Int { attributeBase + layout.attributeCount + block }

    /// Writes to the start of `ranges` (grown when too short) the UTF-8 ranges in verse `verse`'s text of the
    /// tokens that carry an attribute id in `words` (a set of ids, 64 a word, none above `highest`), two
    /// numbers a range (start, end), in text order, each token once and tokens next to each other (places `p`
    /// and `p + 1`) made one range; returns how many ranges.
    ///
    /// - Complexity: O(the verse's attribute ids up to `highest`, and the tokens of those in the set); the
    ///   verse's block is checked against its CRC-32C the first time.
    func attributeRanges(
        of verse: Int, in words: UnsafeBufferPointer<UInt64>, highest: Int, into ranges: inout [Int]
    ) throws(IndexDamage) -> Int {
        let range = try attributeRange(of: verse)
        // Each token takes three bytes or more, and is noted as three numbers.
        if ranges.count < range.count + 3 { ranges = [Int](repeating: 0, count: max(64, 2 * range.count + 3)) }
        return try ranges.withUnsafeMutableBufferPointer { ranges throws(IndexDamage) -> Int in
            // The tokens of the ids in the set as (place, start, end), in token order for each id.
            var noted = 0
            var groups = 0
            try forEachGroup(in: range) { term, tokens, end throws(IndexDamage) -> Bool in
                guard term <= highest else { return false }
                // An id outside the set's words (a damaged stream) is not in it.
                guard term >> 6 < words.count, words[term >> 6] & (1 << UInt64(term & 63)) != 0 else { return true }
                groups += 1
                try Self.forEachToken(tokens, end) { place, start, end throws(IndexDamage) in
                    guard noted + 3 <= ranges.count else { throw IndexDamage(reason: "too many tagged tokens") }
                    ranges[noted] = place
                    ranges[noted + 1] = start
                    ranges[noted + 2] = end
                    noted += 3
                }
                return true
            }
            if groups > 1 { Self.sortTriples(ranges, count: noted) }
            // Merged in place: range `k` (two numbers) is written at or before triple `k`.
            var found = 0
            var lastPlace = -2
            var index = 0
            while index < noted {
                let place = ranges[index]
                if place == lastPlace + 1 {
                    ranges[2 * found - 1] = ranges[index + 2]
                } else if place != lastPlace {
                    ranges[2 * found] = ranges[index + 1]
                    ranges[2 * found + 1] = ranges[index + 2]
                    found += 1
                }
                lastPlace = place
                index += 3
            }
            return found
        }
    }

    /// Sorts the first `count` numbers of `triples`, three at a time, by the first of each (an insertion sort:
    /// a verse's tokens of a few ids).
    private static func sortTriples(_ triples: UnsafeMutableBufferPointer<Int>, count: Int) {
        var index = 3
        while index < count {
            let triple = (triples[index], triples[index + 1], triples[index + 2])
            var at = index
            while at > 0, triples[at - 3] > triple.0 {
                triples[at] = triples[at - 3]
                triples[at + 1] = triples[at - 2]
                triples[at + 2] = triples[at - 1]
                at -= 3
            }
            (triples[at], triples[at + 1], triples[at + 2]) = triple
            index += 3
        }
    }

    /// Calls `body` with each attribute id's entries in `range` (checked here), by increasing id: the id
    /// (checked against the dictionary's count) and where its tokens' bytes start and end; stops when `body`
    /// returns false.
    ///
    /// - Complexity: O(the ids in `range`).
    @inline(__always)
    private func forEachGroup(
        in range: Range<Int>,
        _ body: (_ term: Int, _ tokens: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) throws(IndexDamage) -> Bool
    ) throws(IndexDamage) {
        try reader.check(range.lowerBound, range.count)
        guard let base = reader.base else { return }
        let count = layout.attributeCount
        var pointer = base + range.lowerBound
        let end = base + range.upperBound
        var term = -1
        while pointer < end {
            guard let gap = Self.number(&pointer, end), let length = Self.number(&pointer, end),
                length <= end - pointer
            else { throw IndexDamage(reason: "an entry runs past its verse") }
            // The ids increase: the first is its gap from 0, each after it a gap of 1 or more.
            guard term < 0 || gap > 0 else { throw IndexDamage(reason: "the attribute ids of a verse are out of order") }
            term = max(term, 0) + gap
            guard term < count else { throw IndexDamage(reason: "attribute id \(term) out of range") }
            let tokens = pointer
            pointer += length
            if try !body(term, tokens, pointer) { return }
        }
    }

    /// Calls `body` with each token of one attribute id's entries (`start..<end`), in order: its place among the
    /// verse's exact tokens and its UTF-8 start and end in the verse's text.
    ///
    /// - Complexity: O(end − start).
    @inline(__always)
    private static func forEachToken(
        _ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>,
        _ body: (_ place: Int, _ start: Int, _ end: Int) throws(IndexDamage) -> Void
    ) throws(IndexDamage) {
        var pointer = start
        var place = 0
        var textStart = 0
        while pointer < end {
            guard let gap = number(&pointer, end), let skip = number(&pointer, end), let length = number(&pointer, end)
            else { throw IndexDamage(reason: "an entry runs past its verse") }
            // Each number is below 2³², and so is each sum (as a verse's text and tokens are): no overflow.
            place += gap
            textStart += skip
            let textEnd = textStart + length
            guard textEnd < 1 << 32, place < 1 << 32, length > 0 else {
                throw IndexDamage(reason: "a tagged token lies past its verse or is empty")
            }
            try body(place, textStart, textEnd)
        }
    }

    /// The varint at `pointer` (below `end`), which moves past it; nil when it runs past `end` or is 2³² or more.
    @inline(__always)
    private static func number(_ pointer: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Int? {
        guard let value = Varint.read(&pointer, end), value < 1 << 32 else { return nil }
        return value
    }

    /// The byte range of verse `verse`'s attribute entries, its block checked the first time.
    private func attributeRange(of verse: Int) throws(IndexDamage) -> Range<Int> {
        let offsets = layout.range(.attributeVerseOffsets).lowerBound
        let region = layout.range(.attributeVerses)
        guard verse >= 0, verse < layout.verseCount else { throw IndexDamage(reason: "verse \(verse) out of range") }
        let block = verse / SearchIndexFormat.verseBlockSize
        if !opened.checked.contains(attributeBlockMark(block)) {
            try checkBlock(
                block, offsets: .attributeVerseOffsets, stream: .attributeVerses,
                checksums: layout.attributeVerseBlockChecksums, mark: attributeBlockMark(block),
                part: "the word attributes")
        }
        let start = region.lowerBound + (try reader.u32(offsets + verse * 4))
        let end = region.lowerBound + (try reader.u32(offsets + verse * 4 + 4))
        guard start <= end, end <= region.upperBound else {
            throw IndexDamage(reason: "verse \(verse)'s attributes outside")
        }
        return start..<end
    }

    /// Calls `body` with each tagged token of verse `verse` once for each of its attribute ids: its place among
    /// the verse's exact tokens and the id; by increasing id, each id's tokens in token order.
    ///
    /// - Complexity: O(the verse's entries); the verse's block is checked against its CRC-32C the first time.
    func forEachAttribute(
        of verse: Int, _ body: (_ position: Int, _ term: Int) -> Void
    ) throws(IndexDamage) {
        try forEachAttribute(of: verse) { position, term, _ in body(position, term) }
    }

    /// `forEachAttribute`, with each tagged token's UTF-8 range in the verse's text.
    ///
    /// - Complexity: O(the verse's entries); the verse's block is checked against its CRC-32C the first time.
    func forEachAttribute(
        of verse: Int, _ body: (_ position: Int, _ term: Int, _ utf8Range: Range<Int>) -> Void
    ) throws(IndexDamage) {
        try forEachGroup(in: try attributeRange(of: verse)) { term, tokens, end throws(IndexDamage) -> Bool in
            try Self.forEachToken(tokens, end) { place, start, end in body(place, term, start..<end) }
            return true
        }
    }

    /// Whether any word of the version carries `field`: looked up in the attribute dictionary once per store,
    /// then kept in `opened.fields`.
    func has(_ field: AttributeTerms.Field) throws(IndexDamage) -> Bool {
        let slot: Int
        switch field {
        case .strong: slot = 0
        case .lemma: slot = 2
        case .morph: slot = 4
        }
        let fields = opened.fields
        if fields.contains(slot) { return fields.contains(slot + 1) }
        let present = try Array(field.tag.utf8).withUnsafeBufferPointer { key throws(IndexDamage) in
            !(try attributes.ranks(withPrefix: key)).isEmpty
        }
        // Both bits are in one atomic word, the answer's set first: whoever sees the first sees the answer.
        if present { fields.insert(slot + 1) }
        fields.insert(slot)
        return present
    }
}
