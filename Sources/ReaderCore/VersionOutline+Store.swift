import ScriptureModel
import ScriptureStore

extension VersionOutline {
    /// The outline of a stored version.
    ///
    /// - Parameter includeVerses: also read every chapter's verse labels (needed to check verse
    ///   ranges; navigation alone does not need them).
    /// - Complexity: O(chapters), plus O(verses) with `includeVerses`; no text is decoded.
    public init(store: VersionStore, includeVerses: Bool = false) throws(StoreError) {
        var books: [BookEntry] = []
        books.reserveCapacity(store.books.count)
        for book in store.books {
            var chapters: [ChapterEntry] = []
            chapters.reserveCapacity(book.chapters.count)
            for number in book.chapters {
                let verses = includeVerses ? try store.verseLabels(book.id, number) : []
                chapters.append(ChapterEntry(number: number, verses: verses))
            }
            books.append(
                BookEntry(book: book.id, name: book.names.display, hasIntroduction: book.hasIntroduction, chapters: chapters))
        }
        self.init(books: books)
    }
}

extension BookNameIndex {
    /// English names plus a stored version's own (`\h`, `\toc1`–`\toc3`), finding only the version's books.
    public init(store: VersionStore) {
        var names: [BookID: [String]] = [:]
        for book in store.books {
            names[book.id] = [book.names.header, book.names.long, book.names.short, book.names.abbreviation].compactMap { $0 }
        }
        self.init(versionNames: names, books: Set(store.books.map(\.id)))
    }
}
