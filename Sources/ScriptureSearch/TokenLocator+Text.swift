// The byte and scalar tests `TokenLocator` matches a verse's text with.

extension TokenLocator {
    /// A token found as a run: its start and end in the text, and the UTF-16 units of the separators before it.
    typealias Run = (start: Int, end: Int, units: Int)

    /// Whether `text` holds `term`'s bytes at `offset` (which leaves room for them).
    @inline(__always)
    static func equal(_ term: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>, at offset: Int)
        -> Bool
    {
        for index in term.indices where term[index] != text[offset + index] { return false }
        return true
    }

    /// The length of the separator (a scalar that cannot be part of a token) whose UTF-8 starts at `offset`,
    /// or nil when the scalar is word-like or the bytes are not one.
    @inline(__always)
    static func separatorLength(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        let byte = bytes[offset]
        if byte < 0x80 { return ASCIIRuns.isWordByte(byte) ? nil : 1 }
        guard let (scalar, length) = scalar(bytes, at: offset) else { return nil }
        // General punctuation U+2010–U+2027 (dashes, quotes, the ellipsis): common in verse text, never word-like.
        if (0x2010...0x2027).contains(scalar.value) { return length }
        return isWordLike(scalar) ? nil : length
    }

    /// The run of ASCII letters, digits and `_` that follows `start` after separators, when each of those is
    /// ASCII or general punctuation (U+2010–U+2027: dashes, quotes, the ellipsis) and the run ends the text or
    /// is followed by one of them too: its start, its end, and the UTF-16 units of the separators before it.
    /// Nil otherwise. Such a run is one token: ICU never breaks inside it, and the tokenizer ends a token at
    /// every one of those separators.
    ///
    /// - Complexity: O(bytes passed).
    @inline(__always)
    static func punctuatedRun(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Run? {
        var index = start
        var units = 0
        while index < text.count {
            let byte = text[index]
            if byte < 0x80 {
                if ASCIIRuns.isWordByte(byte) { break }
                index += 1
            } else {
                guard isGeneralPunctuation(text, at: index) else { return nil }
                index += 3
            }
            units += 1
        }
        guard index < text.count else { return nil }
        let runStart = index
        while index < text.count, ASCIIRuns.isWordByte(text[index]) { index += 1 }
        guard index == text.count || text[index] < 0x80 || isGeneralPunctuation(text, at: index) else { return nil }
        return (runStart, index, units)
    }

    /// Whether the UTF-8 at `offset` is a scalar from U+2010 through U+2027 (`E2 80 90`…`E2 80 A7`).
    @inline(__always)
    static func isGeneralPunctuation(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        offset + 2 < text.count && text[offset] == 0xE2 && text[offset + 1] == 0x80
            && (0x90...0xA7).contains(text[offset + 2])
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
