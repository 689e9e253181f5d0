import ScriptureModel
import TextNormalization

/// Reads USFM 3 attribute lists (`|strong="H430" x-morph="…"`, or a bare default value).
enum USFMAttributes {
    /// A list that could not be read cleanly, with what could be recovered.
    struct Problem: Error {
        var offset: Int
        var message: String
        var recovered: [Attribute]
        /// The diagnostic's code: `malformed-attributes`, or `unquoted-attribute-value`.
        var kind: Diagnostic.Kind = .malformedAttributes
    }

    /// Parses the text after `|` up to the closing marker.
    ///
    /// Text that NFC leaves as it is and that holds `name="value"` pairs (the usual
    /// `|strong="H1234"`, or Hebrew and Greek lemmas and transliterations, already NFC) is read straight
    /// from the input bytes; the rest is normalized first.
    static func parse(_ raw: UnsafeBufferPointer<UInt8>, marker: String) -> Result<[Attribute], Problem> {
        if NFC.isNormalized(raw) {
            // NFC is the identity, so the pairs read from the bytes are those of the normalized text (every
            // `=`, `"` and space byte is that character in UTF-8, and NFC composes none of them).
            var start = 0
            var end = raw.count
            while start < end, raw[start] == 0x20 { start += 1 }
            while end > start, raw[end - 1] == 0x20 { end -= 1 }
            let trimmed = UnsafeBufferPointer(rebasing: raw[start..<end])
            if trimmed.contains(UInt8(ascii: "=")) { return parsePairs(trimmed, offset: start) }
        }
        let text = NFC.string(raw)
        let trimmed = text.trimmingASCIISpaces()
        if trimmed.isEmpty { return .success([]) }
        guard trimmed.contains("=") else {
            if marker == "fig", trimmed.contains("|") { return .success(legacyFigure(trimmed)) }
            let name = USFMMarkers.defaultAttribute(of: marker) ?? "default"
            return .success([Attribute(name, trimmed)])
        }
        let bytes = Array(trimmed.utf8)
        return bytes.withUnsafeBufferPointer { parsePairs($0, offset: leadingSpaces(text)) }
    }

    /// Reads `name="value"` pairs from trimmed text; `offset` is where the text starts after `|`.
    private static func parsePairs(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int) -> Result<[Attribute], Problem> {
        var attributes: [Attribute] = []
        attributes.reserveCapacity(1)
        var index = 0
        func skipSpaces() {
            while index < bytes.count, bytes[index] == 0x20 { index += 1 }
        }
        while true {
            skipSpaces()
            if index >= bytes.count { return .success(attributes) }
            let nameStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "="), bytes[index] != 0x20 { index += 1 }
            let name = attributeName(UnsafeBufferPointer(rebasing: bytes[nameStart..<index]))
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "="), !name.isEmpty else {
                return .failure(
                    Problem(
                        offset: offset + nameStart,
                        message: "attribute '\(name)' needs a value: write \(name.isEmpty ? "name" : name)=\"value\"",
                        recovered: attributes))
            }
            index += 1
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                return .failure(
                    Problem(
                        offset: offset + index,
                        message: "the value of attribute '\(name)' must be in double quotes: \(name)=\"value\"",
                        recovered: attributes, kind: .unquotedAttributeValue))
            }
            index += 1
            let valueStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += 1 }
            guard index < bytes.count else {
                return .failure(
                    Problem(
                        offset: offset + valueStart - 1,
                        message: "the value of attribute '\(name)' has no closing quote", recovered: attributes))
            }
            let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<index]), as: UTF8.self)
            attributes.append(Attribute(name, value))
            index += 1
        }
    }

    /// An attribute name; the common ones come from literals instead of being decoded.
    private static func attributeName(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if bytes.count <= 8 {
            var key: UInt64 = 0
            for byte in bytes.reversed() { key = key << 8 | UInt64(byte) }
            switch key {
            case 0x67_6E_6F_72_74_73: return "strong"
            case 0x61_6D_6D_65_6C: return "lemma"
            case 0x68_70_72_6F_6D_2D_78: return "x-morph"
            default: break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func leadingSpaces(_ text: String) -> Int {
        text.utf8.prefix { $0 == 0x20 }.count
    }

    /// USFM 2 figures: `\fig DESC|FILE|SIZE|LOC|COPY|CAP|REF\fig*` (the description is the content before `|`).
    private static func legacyFigure(_ text: String) -> [Attribute] {
        let fields = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        let names = ["src", "size", "loc", "copy", "caption", "ref"]
        var attributes: [Attribute] = []
        for (name, value) in zip(names, fields) where !value.isEmpty {
            attributes.append(Attribute(name, value))
        }
        return attributes
    }

    /// Builds a figure; a USFM 2 caption field wins over the content, which then becomes its `alt` text.
    static func figure(caption: String, attributes: [Attribute]) -> Figure {
        guard let legacyCaption = attributes.first(where: { $0.name == "caption" })?.value else {
            return Figure(caption: caption, attributes: attributes)
        }
        var rest = attributes.filter { $0.name != "caption" }
        if !caption.isEmpty { rest.insert(Attribute("alt", caption), at: 0) }
        return Figure(caption: legacyCaption, attributes: rest)
    }
}
