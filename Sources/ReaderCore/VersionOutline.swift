import ScriptureModel

/// What a version contains, as navigation needs it: its books in order, whether each has an
/// introduction page, and the chapters (and verse labels) it really has.
///
/// Chapter lists may be sparse (the Hebrew WLC has no Daniel 3–7); nothing assumes 1…N.
public struct VersionOutline: Sendable, Hashable {
    /// One book of the version.
    public struct BookEntry: Sendable, Hashable {
        /// The book.
        public var book: BookID
        /// The name to show (`\toc2`, else `\h`), if the version gives one.
        public var name: String?
        /// Whether the book has introduction material, which gives it an intro page before chapter 1.
        public var hasIntroduction: Bool
        /// The chapters the version has, in order.
        public var chapters: [ChapterEntry]

        /// Creates a book entry.
        public init(book: BookID, name: String? = nil, hasIntroduction: Bool = false, chapters: [ChapterEntry]) {
            self.book = book
            self.name = name
            self.hasIntroduction = hasIntroduction
            self.chapters = chapters
        }
    }

    /// One chapter with its verse labels.
    public struct ChapterEntry: Sendable, Hashable {
        /// The chapter number.
        public var number: Int
        /// The verse labels in order (`1`, `2`, `4-5`, `6a`), possibly empty when unknown.
        public var verses: [String]

        /// Creates a chapter entry.
        public init(number: Int, verses: [String] = []) {
            self.number = number
            self.verses = verses
        }
    }

    /// The books, in the version's (canon) order.
    public var books: [BookEntry]

    /// Creates an outline; books are kept in the order given.
    public init(books: [BookEntry]) {
        self.books = books
    }

    /// The outline of parsed books (sorted into canon order).
    public init(parsed: [Book]) {
        books = parsed.sorted { $0.id < $1.id }.map { book in
            BookEntry(
                book: book.id, name: book.names.display, hasIntroduction: book.hasIntroduction,
                chapters: book.chapters.map { chapter in
                    ChapterEntry(number: chapter.number, verses: chapter.verseLabels)
                })
        }
    }

    /// The entry of a book, if the version has it.
    public func entry(for book: BookID) -> BookEntry? {
        books.first { $0.book == book }
    }
}

extension Chapter {
    /// The labels of the verses that start in this chapter, in order (see `FlatContent.verseLabels`).
    public var verseLabels: [String] { content.verseLabels }
}
