// The tests' other ways of finding a hit's highlights, kept out of the product: tokens found by their places
// (among a verse's exact tokens) in a text simple up to them, eight bytes at a time (`RunPlaces`, through
// `TokenLocator.highlights(places:verse:text:)`), and by splitting the text as the index did
// (`AttributeHighlighter.split`, the splitting oracle).

import LecternKernels
import TextNormalization

@testable import ScriptureSearch

/// Finds tokens by their places (among a verse's exact tokens) in a text that is simple up to them: every byte
/// from 0x80 there is part of general punctuation (U+2010–U+2027: dashes, quotes, the ellipsis).
///
/// There the tokens are exactly the runs of ASCII letters, digits and `_` (see `WordForms`; `TokenLocator`
/// relies on the same rule when it passes tokens over as runs), so token `p` is run `p`: its start is the
/// `p`-th byte that starts a run, its end the `p`-th that ends one, both counted eight bytes at a time.
enum RunPlaces {
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The highlights of the runs from each span's first place through its last (increasing places, spans
    /// apart), in order; nil when the text is not simple up to the end of the last span, or has fewer runs.
    ///
    /// - Complexity: O(text up to the last span's end), eight bytes at a time, plus a few steps a span.
    static func highlights(
        _ spans: ArraySlice<(first: Int, last: Int)>, in text: UnsafeBufferPointer<UInt8>
    ) -> [SearchHighlight]? {
        guard !spans.isEmpty else { return [] }
        guard let base = text.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let count = text.count
        var highlights: [SearchHighlight] = []
        highlights.reserveCapacity(spans.count)
        var span = spans.startIndex
        // What is looked for: the start of the span's first run (0), of its last run (1), or the end after it (2).
        var phase = 0
        var target = spans[span].first
        var start8 = 0
        var start16 = 0
        // In phase 2, the bit of the chunk from which the end is looked for.
        var from: UInt64 = 0
        // Run starts and general punctuation (three bytes, one UTF-16 unit each) before the chunk.
        var starts = 0
        var punctuation = 0
        var punctuationEnd = 0
        // 0x80 when the byte before the chunk is a word byte.
        var previous: UInt64 = 0
        var index = 0
        // Past the text the bytes are zeros (not word bytes), so a run that ends the text ends at its end; the
        // chunk at `count` is looked at when the text's length is a multiple of eight.
        while index <= count {
            let chunk: UInt64
            if index &+ 8 <= count {
                chunk = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            } else if count >= 8 {
                let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
                chunk = last >> UInt64(8 &* (index &+ 8 &- count))
            } else {
                var bytes: UInt64 = 0
                for offset in 0..<(count &- index) { bytes |= UInt64(text[index &+ offset]) << UInt64(8 &* offset) }
                chunk = bytes
            }
            let high = chunk & highBits
            var leads: UInt64 = 0
            if high != 0 {
                guard let found = punctuationLeads(high, index, text, &punctuationEnd) else { return nil }
                leads = found
            }
            let words = ASCIIRuns.wordFlags(chunk & ~highBits) & ~high
            let before = words << 8 | previous
            let runStarts = words & ~before
            let startCount = UTF8Counts.bytesSet(runStarts)
            if phase == 2 ? ~words & before != 0 : starts &+ startCount > target {
                // The chunk holds what is looked for, and perhaps more.
                while true {
                    if phase != 2 {
                        guard target &- starts < startCount else { break }
                        let bit = nthBit(runStarts, target &- starts)
                        if phase == 0 {
                            start8 = index &+ bit / 8
                            let before = UTF8Counts.bytesSet(leads & ((1 << UInt64(bit)) &- 1))
                            start16 = start8 &- 2 &* (punctuation &+ before)
                            let last = spans[span].last
                            if last != target {
                                phase = 1
                                target = last
                                continue
                            }
                        }
                        phase = 2
                        from = UInt64(bit)
                    }
                    // The run ends at the first byte after its start that is not a word byte.
                    let ends = ~words & highBits & before & (UInt64.max << from)
                    guard ends != 0 else { break }
                    let bit = ends.trailingZeroBitCount
                    let end8 = index &+ bit / 8
                    let end16 = end8 &- 2 &* (punctuation &+ UTF8Counts.bytesSet(leads & ((1 << UInt64(bit)) &- 1)))
                    highlights.append(SearchHighlight(utf16: start16..<end16, utf8: start8..<end8))
                    span += 1
                    if span == spans.endIndex { return highlights }
                    phase = 0
                    target = spans[span].first
                }
            }
            starts &+= startCount
            punctuation &+= UTF8Counts.bytesSet(leads)
            previous = words >> 56 & 0x80
            from = 0
            index &+= 8
        }
        return nil
    }

    /// The place of the `n`-th set bit of `bits` (from 0; it has more than `n`).
    @inline(__always)
    private static func nthBit(_ bits: UInt64, _ n: Int) -> Int {
        var bits = bits
        for _ in 0..<n { bits &= bits &- 1 }
        return bits.trailingZeroBitCount
    }

    /// The lead bytes (`E2`) of the general punctuation starting in the chunk of `text` at `index`, in their
    /// bytes' top bits, when every byte from 0x80 in it (their top bits `high`) is part of general punctuation
    /// (`punctuationEnd`: where the last one checked ends); nil otherwise.
    @inline(never)
    private static func punctuationLeads(
        _ high: UInt64, _ index: Int, _ text: UnsafeBufferPointer<UInt8>, _ punctuationEnd: inout Int
    ) -> UInt64? {
        var rest = high
        var leads: UInt64 = 0
        while rest != 0 {
            let at = index + rest.trailingZeroBitCount / 8
            rest &= rest - 1
            if at < punctuationEnd { continue }
            guard TokenLocator.isGeneralPunctuation(text, at: at) else { return nil }
            punctuationEnd = at + 3
            leads |= 0x80 << UInt64(8 * (at - index))
        }
        return leads
    }

    /// How many varints `bytes` holds (the bytes below 0x80, each one's last), or nil when the last runs past
    /// the end.
    ///
    /// - Complexity: O(bytes), eight at a time.
    static func varintCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress, let last = bytes.last else { return 0 }
        guard last < 0x80 else { return nil }
        let raw = UnsafeRawPointer(base)
        var count = 0
        var index = 0
        while index &+ 8 <= bytes.count {
            let chunk = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            count &+= UTF8Counts.bytesSet(~chunk & highBits)
            index &+= 8
        }
        while index < bytes.count {
            if bytes[index] < 0x80 { count &+= 1 }
            index &+= 1
        }
        return count
    }
}

extension TokenLocator {
    /// The ranges of the tokens of verse `verse` (text `text`) at `places` (increasing places among its exact
    /// tokens; those past its last token left out), tokens next to each other made one range; nil when the
    /// tokens cannot be lined up with the text.
    ///
    /// - Complexity: O(verse tokens + places + text up to the last place).
    mutating func highlights(
        places: some Collection<Int>, verse: Int, text: String
    ) throws(IndexDamage) -> [SearchHighlight]? {
        let range = try view.tokenRange(verse)
        spanCount = 0
        endpointCount = 0
        endpointsAreSpans = false
        // The tokens are counted, not decoded, unless the text is not simple up to the places.
        let counted = RunPlaces.varintCount(try view.reader.bytes(range))
        if counted == nil { exactCount = try decodeExact(range) }
        let tokenCount = counted ?? exactCount
        var lastNeeded = -1
        for place in places where place < tokenCount && place > lastNeeded {
            if spanCount > 0, spans[spanCount - 1].last == place - 1 {
                spans[spanCount - 1].last = place
            } else {
                Self.put((place, place), at: &spanCount, in: &spans)
            }
            lastNeeded = place
        }
        guard lastNeeded >= 0 else { return [] }
        if counted != nil {
            // A text simple up to the places: token `p` is run `p`. The ranges come sorted and apart (a run lies
            // between two spans, a separator between two runs), so there is nothing to merge.
            var copy = text
            let spans = self.spans[..<spanCount]
            if let found = copy.withUTF8({ RunPlaces.highlights(spans, in: $0) }) { return found }
            exactCount = try decodeExact(range)
        }
        for span in spans[..<spanCount] {
            Self.put(span.first, at: &endpointCount, in: &endpoints)
            if span.last != span.first { Self.put(span.last, at: &endpointCount, in: &endpoints) }
        }
        return try ranges(through: lastNeeded, in: text)
    }

    /// Decodes the exact ids of the tokens in `range` into `exact`; returns how many.
    mutating func decodeExact(_ range: Range<Int>) throws(IndexDamage) -> Int {
        try view.reader.tokens(
            in: range, below: view.layout.exactCount, table: nil, mappedBelow: view.layout.foldedCount,
            skipping: SearchIndexFormat.noFoldedTerm, into: &exact)
    }
}

extension AttributeHighlighter {
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
