import TextNormalization

/// A parsed search: groups that must all match, and phrases that must not.
///
/// `love "in the beginning" -hate faith OR hope` is three required groups (`love`; the phrase;
/// `faith` or `hope`) and one excluded phrase (`hate`). A word is a phrase of one term.
public struct SearchQuery: Sendable, Hashable {
    /// One term of a phrase, folded as the index folds text (or as written, in the exact mode).
    public struct Term: Sendable, Hashable {
        /// The term's text.
        public var text: String
        /// Whether it matches every indexed term that starts with it (`bless*`).
        public var isPrefix: Bool

        /// Creates a term.
        public init(_ text: String, isPrefix: Bool = false) {
            self.text = text
            self.isPrefix = isPrefix
        }
    }

    /// Terms that must follow one another in a verse (one term for a word).
    public struct Phrase: Sendable, Hashable {
        /// The terms, in order.
        public var terms: [Term]

        /// Creates a phrase.
        public init(_ terms: [Term]) { self.terms = terms }
    }

    /// Every group must match a verse; a group matches when any of its phrases does (`OR`).
    public var required: [[Phrase]]
    /// A verse matching any of these is left out (`-word`, `-"a phrase"`).
    public var excluded: [Phrase]
    /// How the terms were folded.
    public var mode: FoldingMode

    /// Creates a query.
    public init(required: [[Phrase]], excluded: [Phrase] = [], mode: FoldingMode = .default) {
        self.required = required
        self.excluded = excluded
        self.mode = mode
    }

    /// Every phrase that counts toward a match (not the excluded ones), for highlighting and ranking.
    public var positivePhrases: [Phrase] { required.flatMap { $0 } }
}

/// Why a query could not be read, with where in the query (in characters, from 0).
public struct QueryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The characters of the query at fault (offsets in `Character`s).
    public var range: Range<Int>

    /// Creates an error.
    public init(_ message: String, at range: Range<Int>) {
        self.message = message
        self.range = range
    }

    /// `column 5: a quote is not closed`, the column counted from 1.
    public var description: String { "column \(range.lowerBound + 1): \(message)" }
}
