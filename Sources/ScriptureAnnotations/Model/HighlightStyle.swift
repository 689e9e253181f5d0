/// The colours every reader offers for highlights.
public enum HighlightColor: String, Sendable, Hashable, CaseIterable {
    case yellow, green, blue, pink, orange, purple
}

/// How a highlight looks: one of the named colours, or a style name the app defines.
///
/// Written as text in the store and both interchange formats: the colour's name (`yellow`), or the style
/// name as given (`exam-prep`). A style name that is a colour's name is that colour.
public enum HighlightStyle: Sendable, Hashable, CustomStringConvertible {
    /// A named colour.
    case color(HighlightColor)
    /// A style the app defines, by name: 1 to 64 ASCII letters, digits, `-` and `_`, starting with a letter.
    case style(String)

    /// Reads the text form: a colour name (any ASCII case), else a style name.
    ///
    /// - Throws: `AnnotationError.invalid` for a name that is neither.
    public init(_ text: String) throws(AnnotationError) {
        if let color = HighlightColor(rawValue: text) ?? HighlightColor(rawValue: text.lowercased()) {
            self = .color(color)
            return
        }
        let bytes = Array(text.utf8)
        guard let first = bytes.first, bytes.count <= 64, Self.isLetter(first),
            bytes.allSatisfy({ Self.isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F })
        else {
            let colors = HighlightColor.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalid(
                "'\(text)' is not a highlight colour (\(colors)) or a style name (ASCII letters, digits, - and _,"
                    + " starting with a letter, at most 64)")
        }
        self = .style(text)
    }

    /// The text form: `yellow`, or the style name.
    public var description: String {
        switch self {
        case .color(let color): color.rawValue
        case .style(let name): name
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
}
