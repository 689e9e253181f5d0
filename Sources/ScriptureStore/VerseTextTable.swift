import ScriptureModel

/// Every verse text of a version, as the built sections (the search index) take them: each book's text (its
/// verses' NFC texts one after another, the bytes of the store's text section), where each verse's text ends,
/// and the tagged words of the verses that have them.
///
/// An import hands the store's own text bytes over, so that the verse texts are held once, not once as bytes
/// and again as a `String` and a `VerseText` per verse.
public struct VerseTextTable: Sendable {
    /// One book's verses.
    public struct Book: Sendable {
        /// The book.
        public var id: BookID
        /// The verses' texts, one after another.
        public var text: [UInt8]
        /// Where each verse's text ends in `text`; a verse's text starts where the one before ends.
        public var ends: [UInt32]
        /// The tagged words of each verse that has them (its index among the book's verses), in verse order.
        public var words: [(verse: Int, words: [TaggedWord])]

        /// Creates a book's verses.
        public init(id: BookID, text: [UInt8], ends: [UInt32], words: [(verse: Int, words: [TaggedWord])] = []) {
            self.id = id
            self.text = text
            self.ends = ends
            self.words = words
        }

        /// The bytes of verse `index`'s text in `text`.
        @inline(__always)
        public func range(of index: Int) -> Range<Int> {
            (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])
        }
    }

    /// The books in verse-table order.
    public var books: [Book]

    /// Creates a table of books.
    public init(books: [Book]) { self.books = books }

    /// The table of verse texts given in verse-table order (each book's verses together).
    public init(_ verses: [VerseText]) {
        books = []
        for verse in verses {
            if books.last?.id != verse.key.book {
                books.append(Book(id: verse.key.book, text: [], ends: []))
            }
            let last = books.count - 1
            if !verse.words.isEmpty { books[last].words.append((books[last].ends.count, verse.words)) }
            books[last].text.append(contentsOf: verse.text.utf8)
            books[last].ends.append(UInt32(truncatingIfNeeded: books[last].text.count))
        }
    }

    /// The number of verses.
    public var count: Int { books.reduce(0) { $0 + $1.ends.count } }
}
