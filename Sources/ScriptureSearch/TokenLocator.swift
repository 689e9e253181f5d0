/// Highlights a hit from the index alone: the verse's tokens say which words match, and each token's
/// exact text is found in the verse text in order, so the text is not split again.
///
/// The exact term of a token is its text in NFC (which the stored text is) unless it held an invisible
/// format character (a word joiner, a soft hyphen) that folding removed; then, or when anything else does
/// not line up, `locate` gives nil and the caller splits the text with `WordBreaker` instead.
struct TokenLocator {
    let view: IndexView
    let exactMode: Bool

    /// The highlight ranges of `phrases` in verse `verse`, whose text is `text`; nil when the tokens cannot
    /// be lined up with the text.
    ///
    /// - Complexity: O(verse tokens × phrase terms + text length).
    func highlights(
        of phrases: [[ResolvedTerm]], verse: Int, text: String
    ) throws(IndexDamage) -> [SearchHighlight]? {
        var exact: [Int32] = []
        try view.tokens(verse, exactIDs: true, into: &exact)
        var tokens: [Int32] = []
        var positions: [Int] = []
        tokens.reserveCapacity(exact.count)
        for (position, id) in exact.enumerated() {
            if exactMode {
                tokens.append(id)
            } else if let folded = try view.foldedID(ofExact: Int(id)) {
                tokens.append(Int32(folded))
            } else {
                continue
            }
            positions.append(position)
        }
        var spans: [(first: Int, last: Int)] = []
        for terms in phrases where !terms.isEmpty && terms.count <= tokens.count {
            for start in 0...(tokens.count - terms.count) {
                var all = true
                for (offset, term) in terms.enumerated() where !term.matcher.matches(tokens[start + offset]) {
                    all = false
                    break
                }
                if all { spans.append((positions[start], positions[start + terms.count - 1])) }
            }
        }
        guard let lastNeeded = spans.map(\.last).max() else { return [] }
        guard let ranges = try locate(exact.prefix(lastNeeded + 1), in: text) else { return nil }
        let highlights = spans.map { span in
            SearchHighlight(
                utf16: ranges[span.first].utf16.lowerBound..<ranges[span.last].utf16.upperBound,
                utf8: ranges[span.first].utf8.lowerBound..<ranges[span.last].utf8.upperBound)
        }
        return Highlighter.merged(highlights)
    }

    /// Each token's range in `text`, found in order; nil when a token's text is not where it should be.
    private func locate(_ tokens: ArraySlice<Int32>, in text: String) throws(IndexDamage) -> [SearchHighlight]? {
        var copy = text
        return try copy.withUTF8 { bytes in Result { () throws(IndexDamage) in try locate(tokens, in: bytes) } }.get()
    }

    private func locate(
        _ tokens: ArraySlice<Int32>, in bytes: UnsafeBufferPointer<UInt8>
    ) throws(IndexDamage) -> [SearchHighlight]? {
        var ranges: [SearchHighlight] = []
        ranges.reserveCapacity(tokens.count)
        var cursor = 0
        var cursor16 = 0
        for id in tokens {
            let term = try view.exactString(Int(id))
            guard !term.isEmpty, let first = try? view.reader.u8(term.lowerBound) else { return nil }
            var found = cursor
            while true {
                guard found + term.count <= bytes.count else { return nil }
                if bytes[found] == first, try matches(term, bytes, at: found) { break }
                // Only separators lie between tokens: a letter, mark, digit or invisible format
                // character here means the tokens do not line up with the text.
                guard let (scalar, length) = Self.scalar(bytes, at: found), !Self.isWordLike(scalar) else {
                    return nil
                }
                found += length
            }
            let start16 = cursor16 + Self.utf16Count(bytes, cursor..<found)
            let end16 = start16 + Self.utf16Count(bytes, found..<(found + term.count))
            ranges.append(SearchHighlight(utf16: start16..<end16, utf8: found..<(found + term.count)))
            cursor = found + term.count
            cursor16 = end16
        }
        return ranges
    }

    private func matches(_ term: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) throws(IndexDamage)
        -> Bool
    {
        for index in 0..<term.count where try view.reader.u8(term.lowerBound + index) != bytes[offset + index] {
            return false
        }
        return true
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

    /// How many UTF-16 code units the UTF-8 bytes in `range` make.
    @inline(__always)
    static func utf16Count(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var count = 0
        for index in range {
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 { count += byte >= 0xF0 ? 2 : 1 }
        }
        return count
    }
}
