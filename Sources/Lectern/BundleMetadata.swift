import ScriptureModel
import TextNormalization

/// The names a Digital Bible Library or Scripture Burrito bundle gives its version, read from its
/// `metadata.xml` or `metadata.json`; a field is nil when the bundle does not say.
///
/// On import they rank below the command line's options and above the names found in the sources.
public struct BundleMetadata: Sendable, Hashable {
    /// Which kind of bundle.
    public enum Kind: String, Sendable, Hashable {
        /// A Digital Bible Library bundle: `metadata.xml` (`<DBLMetadata>`), USX under `release/USX_1/`.
        case dbl
        /// A Scripture Burrito: `metadata.json` with `format: "scripture burrito"` and its ingredients.
        case burrito
    }

    /// DBL or Burrito.
    public var kind: Kind
    /// The metadata file, for messages (`bundle.zip/metadata.xml`).
    public var path: String
    /// The full name: the local one (DBL `nameLocal`; Burrito's name in the bundle's language) before
    /// another.
    public var title: String?
    /// The short name (DBL `abbreviationLocal`, else `abbreviation`; Burrito's in the bundle's language).
    public var abbreviation: String?
    /// A canonical BCP 47 tag (DBL `language/iso`, Burrito `languages[0].tag`).
    public var language: String?
    /// The copyright statement as one line of plain text (markup taken out).
    public var copyright: String?

    /// Creates metadata.
    public init(
        kind: Kind, path: String, title: String? = nil, abbreviation: String? = nil, language: String? = nil,
        copyright: String? = nil
    ) {
        self.kind = kind
        self.path = path
        self.title = title
        self.abbreviation = abbreviation
        self.language = language
        self.copyright = copyright
    }

    /// Warnings for the names the bundle lacks (they then come from the sources), at `path:1:1`;
    /// `language` is the language text the file holds, named when it is not a BCP 47 tag.
    func gaps(given language: String?) -> [Diagnostic] {
        let fields: [(String?, String)] =
            kind == .dbl
            ? [
                (title, "identification/name"), (abbreviation, "identification/abbreviation"),
                (self.language, "language/iso"),
            ]
            : [
                (title, "identification.name"), (abbreviation, "identification.abbreviation"),
                (self.language, "languages[0].tag"),
            ]
        return fields.filter { $0.0 == nil }.map { _, field in
            let given = field.hasPrefix("language") ? language.flatMap(Self.oneLine) : nil
            return Diagnostic(
                .warning, .bundleMetadata, at: SourceLocation(file: path, line: 1, column: 1),
                given.map { "its language '\($0)' is not a BCP 47 tag; the language is taken from the sources" }
                    ?? "the bundle's metadata gives no \(field); it is taken from the sources")
        }
    }

    /// One line of plain text: markup (`<p>`, `<br/>`) taken out, the five XML entities and numeric
    /// character references read, white space runs one space; nil when nothing is left.
    ///
    /// - Complexity: O(n): the tag being read is kept in one buffer, appended to in place (a copy of it for
    ///   each character made a statement of 400,000 characters in one tag take 64 s).
    static func plainText(_ text: String) -> String? {
        var result = ""
        var name = ""
        var inTag = false
        for character in text {
            if inTag {
                if character == ">" {
                    if !isInline(name) { result.append(" ") }
                    inTag = false
                } else if name.utf8.count < 64 {
                    // (Only a tag's first word decides: the rest is not kept.)
                    name.append(character)
                }
            } else if character == "<" {
                inTag = true
                name.removeAll(keepingCapacity: true)
            } else {
                result.append(character)
            }
        }
        return oneLine(decodeEntities(result))
    }

    /// HTML elements that stand inside a line: their tags part no words (`<strong>`, `</em>`).
    static let inlineElements: Set<String> = ["a", "b", "em", "i", "small", "span", "strong", "sub", "sup", "u"]

    /// Whether a tag's text (`/strong`, `span class="x"`) names an inline element.
    static func isInline(_ tag: String) -> Bool {
        let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }
        return inlineElements.contains(name.lowercased())
    }

    /// White space runs one space, trimmed; nil when empty.
    static func oneLine(_ text: String) -> String? {
        let words = text.split(whereSeparator: { $0.isWhitespace })
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// The canonical tag for a bundle's language, or nil when there is none or it is not BCP 47.
    static func languageTag(_ text: String?) -> String? {
        guard let text = text.flatMap(oneLine) else { return nil }
        return LanguageTag.canonical(text)
    }

    private static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[ampersand...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                result.append("&")
                rest = after.dropFirst()
                continue
            }
            let name = after[after.index(after: ampersand)..<semicolon]
            if let decoded = entity(name) {
                result += decoded
            } else {
                result += after[...semicolon]
            }
            rest = after[after.index(after: semicolon)...]
        }
        return result + rest
    }

    private static func entity(_ name: Substring) -> String? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return " "
        case "copy": return "©"
        default:
            let value: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                value = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                value = UInt32(name.dropFirst())
            } else {
                value = nil
            }
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
    }
}

extension BundleMetadata {
    /// What a bundle's metadata file says: DBL's `metadata.xml` when `path` ends in `.xml`, else a Scripture
    /// Burrito's `metadata.json`, read as an import reads it (`path` is for the diagnostics).
    ///
    /// - Returns: the names (nil when the file cannot be read or is not such metadata), the scripture files a
    ///   Burrito lists (sorted; none for DBL, whose books are in `release/USX_1/`), and the diagnostics.
    /// - Complexity: O(n) in the file's size.
    public static func read(_ bytes: [UInt8], path: String) -> (
        metadata: BundleMetadata?, sources: [String], diagnostics: [Diagnostic]
    ) {
        if path.lowercased().hasSuffix(".xml") {
            let (metadata, diagnostics) = DBLMetadataReader.read(bytes, path: path)
            return (metadata, [], diagnostics)
        }
        let reading = BurritoMetadataReader.read(bytes, path: path)
        return (reading.metadata, reading.sources, reading.diagnostics)
    }
}
