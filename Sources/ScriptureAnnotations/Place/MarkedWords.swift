/// A position in a verse's text: the verse's label as written (`16`, `15-16`, `3a`) and a UTF-8 offset
/// into its `VerseText.text`.
public struct TextPoint: Sendable, Hashable, CustomStringConvertible {
    /// The verse label.
    public var verse: String
    /// The byte offset in the verse's text (UTF-8).
    public var offset: Int

    /// Creates a point.
    public init(verse: String, offset: Int) {
        self.verse = verse
        self.offset = offset
    }

    /// `16:12`, the interchange form (label, a colon, offset).
    public var description: String { "\(verse):\(offset)" }

    /// Reads `label:offset` (split at the last colon).
    public init?(_ text: some StringProtocol) {
        guard let colon = text.lastIndex(of: ":"), let offset = Int(text[text.index(after: colon)...]), offset >= 0,
            colon > text.startIndex
        else { return nil }
        self.init(verse: String(text[..<colon]), offset: offset)
    }
}

/// The W3C Web Annotation `TextQuoteSelector`: the exact words and a few words before and after them,
/// enough to find them again when the text around them changes.
public struct TextQuote: Sendable, Hashable {
    /// The words themselves.
    public var exact: String
    /// A few words just before them (may be empty).
    public var prefix: String
    /// A few words just after them (may be empty).
    public var suffix: String

    /// Creates a quote.
    public init(exact: String, prefix: String = "", suffix: String = "") {
        self.exact = exact
        self.prefix = prefix
        self.suffix = suffix
    }
}

/// A range of words within a mark's verses (one chapter): where it starts and ends in the text of the Bible
/// it was made in, and its quote, to re-attach it when that text changes (`WordAnchor.reattach`).
public struct MarkedWords: Sendable, Hashable {
    /// Where the words start.
    public var start: TextPoint
    /// Where they end (exclusive).
    public var end: TextPoint
    /// The words and their context.
    public var quote: TextQuote

    /// Creates a word range as stored; `WordAnchor` makes them from verse texts.
    public init(start: TextPoint, end: TextPoint, quote: TextQuote) {
        self.start = start
        self.end = end
        self.quote = quote
    }
}
