import ScriptureModel

/// USFM attributes that an exporter left in the text of a character style, as Paratext does for
/// `\w word|lemma="" strong="l"\w*` (an empty attribute value), giving
/// `<char style="w">word|lemma="" strong="l"</char>`.
enum AttributeText {
    /// Splits `word|name="value" …` into the word and its attributes, or returns nil when the text
    /// after the last `|` is not a list of `name="value"` pairs.
    ///
    /// - Complexity: O(n) in the length of the text.
    static func split(_ text: String) -> (text: String, attributes: [Attribute])? {
        let bytes = Array(text.utf8)
        guard let bar = bytes.lastIndex(of: UInt8(ascii: "|")) else { return nil }
        var attributes: [Attribute] = []
        var index = bar + 1
        while true {
            while index < bytes.count && USXBuilder.isSpace(bytes[index]) { index += 1 }
            if index == bytes.count { break }
            let nameStart = index
            while index < bytes.count && isNameByte(bytes[index]) { index += 1 }
            let nameEnd = index
            guard nameEnd > nameStart, index + 1 < bytes.count, bytes[index] == UInt8(ascii: "="),
                bytes[index + 1] == UInt8(ascii: "\"")
            else { return nil }
            let valueStart = index + 2
            guard let valueEnd = bytes[valueStart...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            attributes.append(
                Attribute(
                    String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self),
                    String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)))
            index = valueEnd + 1
        }
        guard !attributes.isEmpty else { return nil }
        return (String(decoding: bytes[..<bar], as: UTF8.self), attributes)
    }

    /// ASCII letters, digits, `-` and `_`: the bytes of a USFM attribute name (`x-morph`, `link-href`).
    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F
    }
}
