import Lectern

/// The readable form of a search page.
enum SearchText {
    /// How matches are marked.
    enum Style {
        /// Unmarked plain text, for pipes, files and `--color never`, as grep and ripgrep print it (the
        /// highlights are in `--json`).
        case plain
        /// Bold red on a colour terminal.
        case color

        var marks: (start: String, end: String) {
            switch self {
            case .plain: ("", "")
            case .color: (Terminal.highlightStart, Terminal.reset)
            }
        }
    }

    /// A summary line, per-book counts, then one line per hit with its matches marked.
    static func render(_ page: SearchPage, bible: String, style: Style) -> String {
        var out = ""
        if let reference = page.reference { out += "Reference: \(reference.id) (lectern read \(reference.id))\n" }
        let verses = page.totalCount == 1 ? "verse" : "verses"
        out += "\(Terminal.sanitized(page.query)) in \(Terminal.sanitized(bible)): \(page.totalCount) \(verses)"
        if page.totalCount > 0 {
            out += " (page \(page.page) of \(page.pageCount), \(page.order.rawValue) order)"
        }
        out += "\n"
        if !page.bookCounts.isEmpty {
            out += page.bookCounts.map { "\($0.book.code) \($0.count)" }.joined(separator: ", ") + "\n"
        }
        for suggestion in page.suggestions where !suggestion.alternatives.isEmpty {
            out += "Did you mean: \(suggestion.alternatives.joined(separator: ", "))? (for \(suggestion.word))\n"
        }
        if !page.hits.isEmpty { out += "\n" }
        for hit in page.hits { out += "\(hit.key)  \(marked(hit, style: style))\n" }
        return out
    }

    /// The hit's text with each highlight marked; control characters in the text made visible.
    static func marked(_ hit: SearchHit, style: Style) -> String {
        // (Plain text is unmarked, but its control characters are made visible all the same.)
        guard style != .plain else { return Terminal.sanitized(hit.text) }
        let (start, end) = style.marks
        let bytes = Array(hit.text.utf8)
        var out: [UInt8] = []
        var position = 0
        // Each piece of the verse is shown as titles are, control characters escaped, then the marks put in.
        func piece(_ range: Range<Int>) -> [UInt8] {
            Array(Terminal.sanitized(String(decoding: bytes[range], as: UTF8.self)).utf8)
        }
        for range in hit.highlights where range.utf8.lowerBound >= position && range.utf8.upperBound <= bytes.count {
            out += piece(position..<range.utf8.lowerBound)
            out += Array(start.utf8) + piece(range.utf8) + Array(end.utf8)
            position = range.utf8.upperBound
        }
        out += piece(position..<bytes.count)
        return String(decoding: out, as: UTF8.self)
    }
}
