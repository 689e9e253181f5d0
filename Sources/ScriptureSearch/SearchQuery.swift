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
        /// The word attribute it searches (`strong:`, `lemma:`, `morph:`), or nil for the words themselves.
        /// Its text is then the canonical value (`AttributeTerms.canonicalStrong`, a folded lemma, a
        /// morphology code as written).
        public var field: AttributeTerms.Field?

        /// Creates a term.
        public init(_ text: String, isPrefix: Bool = false, field: AttributeTerms.Field? = nil) {
            self.text = text
            self.isPrefix = isPrefix
            self.field = field
        }
    }

    /// Terms that must follow one another in a verse (one term for a word).
    public struct Phrase: Sendable, Hashable {
        /// The terms, in order.
        public var terms: [Term]

        /// Creates a phrase.
        public init(_ terms: [Term]) { self.terms = terms }
    }

    /// Two phrases that must occur near each other: `faith NEAR/5 love`, `faith NEAR/2v love`.
    public struct Proximity: Sendable, Hashable {
        /// What the distance counts.
        public enum Unit: String, Sendable, Hashable {
            /// Words within one verse: the two occurrences are at most `distance` words apart (`NEAR/1` is
            /// next to each other, in either order).
            case words
            /// Verses of one book in verse-table order: a verse matches when it holds one side and the other
            /// occurs in a verse at most `distance` verses before or after it, or in it.
            case verses
        }

        /// The side written first (the order does not matter).
        public var left: Phrase
        /// The side written second.
        public var right: Phrase
        /// The greatest distance.
        public var distance: Int
        /// What the distance counts: words or verses.
        public var unit: Unit

        /// Creates a proximity constraint.
        public init(_ left: Phrase, _ right: Phrase, distance: Int, unit: Unit = .words) {
            self.left = left
            self.right = right
            self.distance = distance
            self.unit = unit
        }
    }

    /// Every group must match a verse; a group matches when any of its phrases does (`OR`).
    public var required: [[Phrase]]
    /// Every proximity constraint must hold too (`NEAR`).
    public var near: [Proximity]
    /// A verse matching any of these is left out (`-word`, `-"a phrase"`).
    public var excluded: [Phrase]
    /// How the terms were folded.
    public var mode: FoldingMode

    /// Creates a query.
    public init(
        required: [[Phrase]], excluded: [Phrase] = [], near: [Proximity] = [], mode: FoldingMode = .default
    ) {
        self.required = required
        self.near = near
        self.excluded = excluded
        self.mode = mode
    }

    /// Every phrase that counts toward a match (not the excluded ones), for highlighting and ranking.
    public var positivePhrases: [Phrase] { required.flatMap { $0 } + near.flatMap { [$0.left, $0.right] } }

    /// Whether any term searches a word attribute.
    public var usesAttributes: Bool { !fields.isEmpty }

    /// The word attributes the positive phrases' terms search, a set of bits; empty for words
    /// only. No array is made (a query's fixed cost).
    var fields: Fields {
        var fields = Fields()
        func add(_ phrase: Phrase) {
            for term in phrase.terms { if let field = term.field { fields.insert(field) } }
        }
        for group in required { for phrase in group { add(phrase) } }
        for proximity in near {
            add(proximity.left)
            add(proximity.right)
        }
        return fields
    }

    /// A set of word attribute fields in one word.
    struct Fields {
        private var bits = 0
        var isEmpty: Bool { bits == 0 }
        mutating func insert(_ field: AttributeTerms.Field) { bits |= Self.bit(field) }
        func contains(_ field: AttributeTerms.Field) -> Bool { bits & Self.bit(field) != 0 }
        private static func bit(_ field: AttributeTerms.Field) -> Int {
            switch field {
            case .strong: 1
            case .lemma: 2
            case .morph: 4
            }
        }
    }
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
