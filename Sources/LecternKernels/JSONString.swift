/// Writes JSON string literals, for the hand-written JSON of the CLI and the model (faster than
/// `JSONEncoder` on large documents, and in a fixed key order).
package enum JSONString {
    /// Appends `value` as a JSON string literal: `"` and `\` escaped, control characters as `\n`, `\r`,
    /// `\t` or `\u00XX`, everything else as is.
    package static func append(_ value: String, to text: inout String) {
        text += "\""
        guard value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
            text += value
            text += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
