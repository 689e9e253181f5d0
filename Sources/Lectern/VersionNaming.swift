import ScriptureModel

/// Suggests a new version's abbreviation, title and language from what the sources say, for when the
/// publisher gives none on the command line.
public enum VersionNaming {
    /// A suggestion; every field is filled.
    public struct Suggestion: Sendable, Hashable {
        /// Such as `WEB`.
        public var abbreviation: String
        /// Such as `World English Bible`.
        public var title: String
        /// A language tag, `und` when nothing says.
        public var language: String
    }

    /// Suggests names from the books' `\id` lines and the first source path.
    ///
    /// The title is the `\id` text most books share (with file names, dates and a parenthesised
    /// abbreviation taken out) when at least a third of the books (and more than one) share it, else the
    /// source's name.
    /// The abbreviation is the parenthesised one (`(WEB)`), else the source's name in capitals.
    /// The language is a leading three-letter code in the source's name (`eng-web-usfm` → `eng`), else `und`.
    public static func suggest(books: [Book], source: String) -> Suggestion {
        var counts: [String: Int] = [:]
        var abbreviation: String?
        for book in books {
            let (title, parenthesised) = clean(book.identification)
            if !title.isEmpty { counts[title, default: 0] += 1 }
            if abbreviation == nil { abbreviation = parenthesised }
        }
        let sourceName = baseName(source)
        let common = counts.max { ($0.value, $1.key) < ($1.value, $0.key) }
        let shared = common.map { $0.value * 3 >= books.count && ($0.value > 1 || books.count == 1) } ?? false
        let title = shared ? common?.key ?? sourceName : sourceName
        let language = languageCode(sourceName) ?? "und"
        return Suggestion(abbreviation: abbreviation ?? sourceName.uppercased(), title: title, language: language)
    }

    /// `40-MAT-web.sfm World English Bible (WEB) 2024-01-15` → (`World English Bible`, `WEB`).
    static func clean(_ identification: String) -> (title: String, abbreviation: String?) {
        var words: [Substring] = []
        var abbreviation: String?
        for word in identification.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            let lower = word.lowercased()
            if lower.hasSuffix(".sfm") || lower.hasSuffix(".usfm") || lower.hasSuffix(".usx") { continue }
            if word.allSatisfy({ $0.isNumber || $0 == "-" }), word.contains(where: \.isNumber), word.count >= 4 {
                continue
            }
            if word.hasPrefix("("), word.hasSuffix(")"), word.count >= 4, word.count <= 14 {
                let inner = word.dropFirst().dropLast()
                if inner.allSatisfy({ $0.isLetter || $0.isNumber }) {
                    abbreviation = abbreviation ?? String(inner)
                    continue
                }
            }
            words.append(word)
        }
        return (words.joined(separator: " "), abbreviation)
    }

    private static func baseName(_ path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in [".gz", ".usfm", ".sfm", ".usx", ".SFM", ".USFM", ".USX"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
        }
        return name.isEmpty ? "version" : name
    }

    private static func languageCode(_ name: String) -> String? {
        let parts = name.split(separator: "-")
        guard parts.count > 1, let first = parts.first, first.count == 3,
            first.allSatisfy({ $0.isASCII && $0.isLowercase })
        else { return nil }
        return String(first)
    }
}
