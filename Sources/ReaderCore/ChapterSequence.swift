import ScriptureModel

/// The pages of a version in reading order: for each book, its introduction page (when it has
/// introduction material) and then the chapters it really has.
///
/// `next` and `previous` follow the reader's rules: next from an introduction is chapter 1; next from a
/// book's last chapter is the next book's introduction if it has one, else its first chapter; previous
/// from chapter 1 is the introduction if any, else the previous book's last chapter; the two ends of
/// the Bible have no neighbour (`nil`, never a wrap). Books with neither chapters nor introduction
/// material have no page.
public struct ChapterSequence: Sendable {
    /// One page: a book's introduction or one of its chapters.
    public struct Page: Sendable, Hashable {
        /// The book.
        public var book: BookID
        /// The chapter, or `nil` for the introduction page.
        public var chapter: Int?

        /// Creates a page.
        public init(book: BookID, chapter: Int?) {
            self.book = book
            self.chapter = chapter
        }

        /// The page as a reference.
        public func reference(version: Int? = nil) -> BibleReference {
            if let chapter { return .chapter(book, chapter, version: version) }
            return .introduction(book, version: version)
        }
    }

    /// The version's outline.
    public let outline: VersionOutline
    /// Every page in reading order.
    public let pages: [Page]
    private let positions: [Page: Int]

    /// Builds the sequence of an outline.
    ///
    /// - Complexity: O(chapters).
    public init(_ outline: VersionOutline) {
        self.outline = outline
        var pages: [Page] = []
        for entry in outline.books {
            if entry.hasIntroduction { pages.append(Page(book: entry.book, chapter: nil)) }
            for chapter in entry.chapters { pages.append(Page(book: entry.book, chapter: chapter.number)) }
        }
        var positions: [Page: Int] = [:]
        positions.reserveCapacity(pages.count)
        for (index, page) in pages.enumerated() where positions[page] == nil { positions[page] = index }
        self.pages = pages
        self.positions = positions
    }

    /// The first page (the first book's introduction or first chapter), or `nil` for an empty version.
    public var first: Page? { pages.first }

    /// The last page.
    public var last: Page? { pages.last }

    /// The position of the page that holds a reference (a verse reference is on its chapter's page).
    ///
    /// - Complexity: O(1).
    public func position(of reference: BibleReference) -> Int? {
        positions[Page(book: reference.book, chapter: reference.chapter)]
    }

    /// The page after the one holding `reference`, or `nil` at the end of the Bible or for a page the version lacks.
    ///
    /// - Complexity: O(1).
    public func next(after reference: BibleReference) -> BibleReference? {
        guard let index = position(of: reference), index + 1 < pages.count else { return nil }
        return pages[index + 1].reference(version: reference.versionID)
    }

    /// The page before the one holding `reference`, or `nil` at the start of the Bible or for a page the version lacks.
    ///
    /// - Complexity: O(1).
    public func previous(before reference: BibleReference) -> BibleReference? {
        guard let index = position(of: reference), index > 0 else { return nil }
        return pages[index - 1].reference(version: reference.versionID)
    }
}
