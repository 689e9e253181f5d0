/// One word of a text as the search index sees it: its folded term and where it lies.
public struct SearchToken: Sendable, Hashable {
    /// What kind of token this is.
    public enum Kind: Sendable, Hashable {
        /// A word: letters, digits and marks between word breaks and apostrophes.
        case word
        /// One Han, Hiragana or Katakana character (with its marks), indexed on its own
        /// so that a run of characters matches as a phrase without spaces.
        case ideograph
    }

    /// The folded term, as ``SearchFolding/fold(_:mode:)`` folds the token's text.
    public var term: String
    /// The token's range in the input text, in UTF-8 bytes (Swift `String.utf8` offsets).
    public var utf8Range: Range<Int>
    /// The token's range in the input text, in UTF-16 code units: what `NSRange` and
    /// `AttributedString` conversions on Apple platforms take.
    public var utf16Range: Range<Int>
    /// Whether the token is a word or a single ideograph.
    public var kind: Kind
    /// Whether no white space separates this token from the previous one (`God’s` gives
    /// `god` then a joined `s`; `神爱` gives `神` then a joined `爱`). False for the first token.
    /// A query engine can read joined tokens of a query as a phrase.
    public var isJoinedToPrevious: Bool

    /// Makes a token.
    public init(term: String, utf8Range: Range<Int>, utf16Range: Range<Int>, kind: Kind, isJoinedToPrevious: Bool) {
        self.term = term
        self.utf8Range = utf8Range
        self.utf16Range = utf16Range
        self.kind = kind
        self.isJoinedToPrevious = isJoinedToPrevious
    }
}
