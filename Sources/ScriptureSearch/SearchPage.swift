import ScriptureModel
import TextNormalization

/// One page of a search's results, with the totals a reader shows beside it.
public struct SearchPage: Sendable, Hashable {
    /// How many verses a book has among the hits.
    public struct BookCount: Sendable, Hashable {
        /// The book.
        public var book: BookID
        /// Its hits.
        public var count: Int
    }

    /// A misspelt word and the indexed words nearest to it ("did you mean").
    public struct Suggestion: Sendable, Hashable {
        /// The query's word, as folded.
        public var word: String
        /// Indexed words, nearest first, each in its most frequent written form.
        public var alternatives: [String]
    }

    /// The query as given.
    public var query: String
    /// The reference the query names, when it reads as one (`John 3:16`), so a reader can offer to go there.
    public var reference: BibleReference?
    /// How many verses match, over every page.
    public var totalCount: Int
    /// The hits per book, in canon order (books without hits left out).
    public var bookCounts: [BookCount]
    /// This page's number, from 1.
    public var page: Int
    /// Hits per page.
    public var pageSize: Int
    /// This page's hits.
    public var hits: [SearchHit]
    /// When nothing matched: the nearest indexed words to the query's unknown words.
    public var suggestions: [Suggestion]
    /// The order of the hits.
    public var order: SearchOptions.Order

    /// How many pages the hits fill.
    public var pageCount: Int { (totalCount + pageSize - 1) / max(1, pageSize) }
}

/// One verse that matches, with what to highlight in it.
public struct SearchHit: Sendable, Hashable {
    /// The verse.
    public var key: VerseKey
    /// The verse's place in the version's verse table (canon order).
    public var verseIndex: Int
    /// The verse's text (NFC).
    public var text: String
    /// The matched words and phrases, in order and not overlapping.
    public var highlights: [SearchHighlight]
    /// The BM25 score, in relevance order; nil in canon order.
    public var score: Double?
}

/// A range of a hit's text to highlight, in both units a host may need.
public struct SearchHighlight: Sendable, Hashable {
    /// In UTF-16 code units: what `NSRange` and `AttributedString` conversions take.
    public var utf16: Range<Int>
    /// In UTF-8 bytes (Swift `String.utf8` offsets).
    public var utf8: Range<Int>
}

/// Every verse that matches, without text: what a reader needs to count or to jump from hit to hit.
public struct SearchMatches: Sendable, Hashable {
    /// The matching verses' places in the version's verse table, in the requested order.
    public var verses: [Int]
    /// Their BM25 scores (same order) in relevance order; empty in canon order.
    public var scores: [Double]
}
