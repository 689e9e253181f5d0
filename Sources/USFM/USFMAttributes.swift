import ScriptureModel
import TextNormalization

/// Reads USFM 3 attribute lists (`|strong="H430" x-morph="…"`, or a bare default value).
enum USFMAttributes {
    /// A list that could not be read cleanly, with what could be recovered.
    struct Problem: Error {
        var offset: Int
        var message: String
        var recovered: [Attribute]
    }

    /// Parses the text after `|` up to the closing marker.
    static func parse(_ raw: UnsafeBufferPointer<UInt8>, marker: String) -> Result<[Attribute], Problem> {
        let text = NFC.string(raw)
        let trimmed = text.trimmingASCIISpaces()
        if trimmed.isEmpty { return .success([]) }
        guard trimmed.contains("=") else {
            if marker == "fig", trimmed.contains("|") { return .success(legacyFigure(trimmed)) }
            let name = USFMMarkers.defaultAttribute(of: marker) ?? "default"
            return .success([Attribute(name, trimmed)])
        }
        var attributes: [Attribute] = []
        let bytes = Array(trimmed.utf8)
        var index = 0
        func skipSpaces() {
            while index < bytes.count, bytes[index] == 0x20 { index += 1 }
        }
        while true {
            skipSpaces()
            if index >= bytes.count { return .success(attributes) }
            let nameStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "="), bytes[index] != 0x20 { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "="), !name.isEmpty else {
                return .failure(
                    Problem(
                        offset: leadingSpaces(text) + nameStart,
                        message: "attribute '\(name)' needs a value: write \(name.isEmpty ? "name" : name)=\"value\"",
                        recovered: attributes))
            }
            index += 1
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                return .failure(
                    Problem(
                        offset: leadingSpaces(text) + index,
                        message: "the value of attribute '\(name)' must be in double quotes",
                        recovered: attributes))
            }
            index += 1
            let valueStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += 1 }
            guard index < bytes.count else {
                return .failure(
                    Problem(
                        offset: leadingSpaces(text) + valueStart - 1,
                        message: "the value of attribute '\(name)' has no closing quote", recovered: attributes))
            }
            attributes.append(Attribute(name, String(decoding: bytes[valueStart..<index], as: UTF8.self)))
            index += 1
        }
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
