/// Highlights a hit from the index alone: the verse's tokens say which words match, and each token's
/// exact text is found in the verse text in order, so the text is not split again.
///
/// The exact term of a token is its text in NFC (which the stored text is) unless it held an invisible
/// format character (a word joiner, a soft hyphen) that folding removed; then, or when anything else does
/// not line up, `locate` gives nil and the caller splits the text with `WordBreaker` instead.
///
/// One locator serves a page of hits: its buffers are kept from one hit to the next.
struct TokenLocator {
    let view: IndexView
    let exactMode: Bool
    /// The verse's exact token ids (the first `exactCount`).
    private var exact: [Int32] = []
    private var exactCount = 0
    /// The tokens the phrases are matched against: the exact ids, or in the default mode the folded ids of
    /// the tokens that fold to something (the first `tokenCount`), each one's place among the exact tokens
    /// in `positions` unless every token folds to something.
    private var tokens: [Int32] = []
    private var tokenCount = 0
    private var positions: [Int] = []
    /// The first and last exact token of each occurrence of a phrase.
    private var spans: [(first: Int, last: Int)] = []
    /// The tokens that start or end a span, increasing: the ones whose bounds are needed.
    private var endpoints: [Int] = []
    /// Each endpoint token's UTF-8 and UTF-16 start and end, four numbers a token (by its place).
    private var bounds: [Int] = []

    init(view: IndexView, exactMode: Bool) {
        self.view = view
        self.exactMode = exactMode
    }

    /// The highlight ranges of the phrases (each given by its terms' matchers) in verse `verse`, whose text
    /// is `text`; nil when the tokens cannot be lined up with the text.
    ///
    /// - Complexity: O(verse tokens × phrase terms + text up to the last highlight).
    mutating func highlights(
        of phrases: [[ResolvedTerm.Matcher]], verse: Int, text: String
    ) throws(IndexDamage) -> [SearchHighlight]? {
        let range = try view.tokenRange(verse)
        (exactCount, tokenCount) = try view.reader.tokens(
            in: range, below: view.layout.exactCount,
            table: exactMode ? nil : view.layout.range(.exactToFolded).lowerBound, mappedBelow: view.layout.foldedCount,
            skipping: SearchIndexFormat.noFoldedTerm, into: &exact, mapped: &tokens)
        if exactMode { tokenCount = exactCount }
        let mapsAll = tokenCount == exactCount
        if !mapsAll { try findPositions() }
        spans.removeAll(keepingCapacity: true)
        var lastNeeded = -1
        let matched = exactMode ? exact : tokens
        for matchers in phrases {
            QueryExecutor.forEachOccurrence(of: matchers, in: matched[0..<tokenCount]) { start in
                let last = start + matchers.count - 1
                let span = mapsAll ? (start, last) : (positions[start], positions[last])
                spans.append(span)
                lastNeeded = max(lastNeeded, span.1)
                return true
            }
        }
        guard lastNeeded >= 0 else { return [] }
        endpoints.removeAll(keepingCapacity: true)
        for span in spans {
            endpoints.append(span.first)
            endpoints.append(span.last)
        }
        if zip(endpoints, endpoints.dropFirst()).contains(where: { $0 > $1 }) { endpoints.sort() }
        var copy = text
        let located = copy.withUTF8 { bytes in
            Result { () throws(IndexDamage) in try locate(through: lastNeeded, in: bytes) }
        }
        guard try located.get() else { return nil }
        var highlights: [SearchHighlight] = []
        highlights.reserveCapacity(spans.count)
        for span in spans {
            let first = span.first * 4
            let last = span.last * 4
            highlights.append(
                SearchHighlight(
                    utf16: bounds[first + 2]..<bounds[last + 3], utf8: bounds[first]..<bounds[last + 1]))
        }
        Highlighter.merge(&highlights)
        return highlights
    }

    /// Notes the place among the exact tokens of each token that folds to something.
    private mutating func findPositions() throws(IndexDamage) {
        positions.removeAll(keepingCapacity: true)
        for position in 0..<exactCount where try view.foldedID(ofExact: Int(exact[position])) != nil {
            positions.append(position)
        }
        guard positions.count == tokenCount else { throw IndexDamage(reason: "the tokens fold inconsistently") }
    }

    /// Finds exact tokens `0...last` in order in the text's UTF-8 `bytes`, noting the endpoints' bounds; false
    /// when a token's text is not where it should be.
    ///
    /// An endpoint's exact text is matched in the text. A token between them that the text has in ASCII,
    /// with ASCII on both sides, is the next run of ASCII letters, digits and `_` (the tokenizer's rule
    /// there), so it is passed over without reading its exact text; any other token is matched like an
    /// endpoint, after separators only.
    private mutating func locate(through last: Int, in text: UnsafeBufferPointer<UInt8>) throws(IndexDamage) -> Bool {
        if bounds.count < 4 * (last + 1) { bounds = [Int](repeating: 0, count: 4 * (last + 1)) }
        let view = self.view
        let exact = self.exact
        let endpoints = self.endpoints
        return try bounds.withUnsafeMutableBufferPointer { bounds throws(IndexDamage) -> Bool in
            var cursor = 0
            var cursor16 = 0
            var nextEndpoint = 0
            for position in 0...last {
                let isEndpoint = nextEndpoint < endpoints.count && endpoints[nextEndpoint] == position
                while nextEndpoint < endpoints.count, endpoints[nextEndpoint] == position { nextEndpoint += 1 }
                if !isEndpoint, let end = Self.asciiRunEnd(text, from: cursor) {
                    cursor16 += end - cursor
                    cursor = end
                    continue
                }
                let term = try view.reader.bytes(try view.exactString(Int(exact[position])))
                guard let first = term.first else { return false }
                var found = cursor
                while true {
                    guard term.count <= text.count - found else { return false }
                    if text[found] == first, Self.equal(term, text, at: found) { break }
                    // Only separators lie between tokens: a letter, mark, digit or invisible format
                    // character here means the tokens do not line up with the text.
                    guard let length = Self.separatorLength(text, at: found) else { return false }
                    found += length
                    cursor16 += length == 4 ? 2 : 1
                }
                var units = 0
                for byte in term where byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
                bounds[4 * position] = found
                bounds[4 * position + 1] = found + term.count
                bounds[4 * position + 2] = cursor16
                bounds[4 * position + 3] = cursor16 + units
                cursor = found + term.count
                cursor16 += units
            }
            return true
        }
    }

    /// Where the token that follows `start` ends when it and everything before it from `start` are ASCII,
    /// and the byte after it is too (or the text ends): the end of the next run of ASCII letters, digits
    /// and `_`. Nil otherwise.
    @inline(__always)
    private static func asciiRunEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < text.count, text[index] < 0x80, !isASCIIWordByte(text[index]) { index += 1 }
        guard index < text.count, text[index] < 0x80 else { return nil }
        index += 1
        while index < text.count, isASCIIWordByte(text[index]) { index += 1 }
        guard index == text.count || text[index] < 0x80 else { return nil }
        return index
    }

    /// Whether a byte is an ASCII letter, digit or `_` (part of a token): a bit of a 128-bit mask.
    @inline(__always)
    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        // Bits 48–57 of the low word: `0`–`9`; of the high word, bits 1–26 `A`–`Z`, 31 `_`, 33–58 `a`–`z`.
        let low: UInt64 = 0x03FF_0000_0000_0000
        let high: UInt64 = 0x07FF_FFFE_87FF_FFFE
        return byte < 0x80 && ((byte < 0x40 ? low : high) >> UInt64(byte & 0x3F)) & 1 != 0
    }

    /// Whether `text` holds `term`'s bytes at `offset` (which leaves room for them).
    @inline(__always)
    private static func equal(_ term: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>, at offset: Int)
        -> Bool
    {
        for index in term.indices where term[index] != text[offset + index] { return false }
        return true
    }

    /// The length of the separator (a scalar that cannot be part of a token) whose UTF-8 starts at `offset`,
    /// or nil when the scalar is word-like or the bytes are not one.
    @inline(__always)
    private static func separatorLength(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        let byte = bytes[offset]
        if byte < 0x80 { return isASCIIWordByte(byte) ? nil : 1 }
        guard let (scalar, length) = scalar(bytes, at: offset) else { return nil }
        // General punctuation U+2010–U+2027 (dashes, quotes, the ellipsis): common in verse text, never word-like.
        if (0x2010...0x2027).contains(scalar.value) { return length }
        return isWordLike(scalar) ? nil : length
    }

    /// The scalar whose UTF-8 starts at `offset`, and its length; nil when the bytes are not one.
    static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[offset]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
        guard length > 0, offset + length <= bytes.count else { return nil }
        var value = UInt32(lead) & (0xFF >> UInt32(length + 1))
        for index in 1..<length {
            let byte = bytes[offset + index]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return Unicode.Scalar(value).map { ($0, length) }
    }

    /// Whether a scalar can be part of a token (or is an invisible format character folding removes).
    static func isWordLike(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let byte = UInt8(scalar.value)
            return byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A || byte >= 0x30 && byte <= 0x39 || byte == 0x5F
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
            .connectorPunctuation, .format:
            return true
        default:
            return properties.isAlphabetic || properties.isDefaultIgnorableCodePoint
        }
    }
}
