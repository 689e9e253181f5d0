import ScriptureModel
import TextNormalization

/// Where, how and how much to search.
public struct SearchOptions: Sendable, Hashable {
    /// Which part of the canon to search.
    public enum TestamentFilter: String, Sendable, Hashable, CaseIterable {
        /// The Old Testament's 39 books.
        case ot
        /// The New Testament's 27 books.
        case nt
        /// Every book the version has, the deuterocanonical ones included.
        case all

        /// Whether a book is searched under this filter.
        public func includes(_ book: BookID) -> Bool {
            switch self {
            case .ot: book.testament == .old
            case .nt: book.testament == .new
            case .all: true
            }
        }
    }

    /// The order of the hits.
    public enum Order: String, Sendable, Hashable, CaseIterable {
        /// Canon order: books, chapters, verses as the version has them.
        case canonical
        /// Best match first (BM25), ties in canon order.
        case relevance
    }

    /// The page to return, from 1 to `maximumPage`.
    public var page: Int
    /// Hits per page (1…1000).
    public var pageSize: Int
    /// The testament filter (default: all books).
    public var testament: TestamentFilter
    /// When set, only these books are searched (intersected with the testament filter).
    public var books: Set<BookID>?
    /// The order of the hits.
    public var order: Order
    /// The default mode ignores case and accents; `.exact` matches them.
    public var mode: FoldingMode

    /// The most hits one page may hold.
    public static let maximumPageSize = 1000

    /// The largest page number asked for: far past the last page of any Bible (a page of one hit each verse
    /// of a Bible of a million verses), and small enough that the first hit's index never overflows.
    public static let maximumPage = 1_000_000

    /// Creates options; the defaults are page 1 of 20 hits over every book in canon order, ignoring case
    /// and accents.
    public init(
        page: Int = 1, pageSize: Int = 20, testament: TestamentFilter = .all, books: Set<BookID>? = nil,
        order: Order = .canonical, mode: FoldingMode = .default
    ) {
        self.page = page
        self.pageSize = pageSize
        self.testament = testament
        self.books = books
        self.order = order
        self.mode = mode
    }

    /// Whether a book is searched.
    public func includes(_ book: BookID) -> Bool {
        testament.includes(book) && (books?.contains(book) ?? true)
    }

    /// Reads a book list such as `GEN-DEU,PSA` or `Matthew-John, Rom`: codes or names (through `names`),
    /// single books or ranges in canon order, separated by commas.
    ///
    /// - Throws: `ReferenceError` naming the part it cannot read, with the nearest book names.
    public static func books(_ list: String, names: BookNameIndex = .english) throws(ReferenceError) -> Set<BookID> {
        var books = Set<BookID>()
        for part in list.split(separator: ",") {
            let ends = part.split(separator: "-", maxSplits: 1).map { $0.trimmedSpaces }
            var found: [BookID] = []
            for end in ends {
                guard let book = BookID(code: end.uppercased()) ?? names.book(named: end) else {
                    throw ReferenceError("unknown book '\(end)' in --books", suggestions: names.suggestions(for: end))
                }
                found.append(book)
            }
            guard let first = found.first, let last = found.last else {
                throw ReferenceError("an empty entry in the book list '\(list)'")
            }
            guard first <= last else { throw ReferenceError("the range \(first.code)-\(last.code) runs backwards") }
            for book in BookID.allCases where first <= book && book <= last { books.insert(book) }
        }
        guard !books.isEmpty else { throw ReferenceError("the book list is empty") }
        return books
    }
}

extension Substring {
    /// The text without leading and trailing white space.
    fileprivate var trimmedSpaces: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
