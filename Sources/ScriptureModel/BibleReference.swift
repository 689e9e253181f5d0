/// A place in a version: a book's introduction, a chapter, or a verse range in a chapter.
///
/// The canonical form is the USFM-style id used across Lectern: `JHN.INTRO`, `JHN.3`, `JHN.3.16`,
/// `JHN.3.16-18`. References sort in canon order (books, then chapters, then verses), never alphabetically;
/// an introduction sorts before its book's chapter 1.
public struct BibleReference: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// The version, when the reference is tied to one.
    public var versionID: Int?
    /// The book.
    public var book: BookID
    /// What in the book the reference points at.
    public var target: Target

    /// What a reference points at within its book.
    public enum Target: Sendable, Hashable, Codable {
        /// The book's introduction page (`JHN.INTRO`).
        case introduction
        /// A whole chapter (`JHN.3`).
        case chapter(Int)
        /// Verses of one chapter, from `first` to `last` inclusive (`JHN.3.16-18`); labels as written (`16`, `3a`).
        case verses(chapter: Int, first: String, last: String?)
    }

    /// Creates a reference.
    public init(versionID: Int? = nil, book: BookID, target: Target) {
        self.versionID = versionID
        self.book = book
        self.target = target
    }

    /// A chapter reference.
    public static func chapter(_ book: BookID, _ chapter: Int, version: Int? = nil) -> BibleReference {
        BibleReference(versionID: version, book: book, target: .chapter(chapter))
    }

    /// A book's introduction page.
    public static func introduction(_ book: BookID, version: Int? = nil) -> BibleReference {
        BibleReference(versionID: version, book: book, target: .introduction)
    }

    /// The chapter, or `nil` for an introduction.
    public var chapter: Int? {
        switch target {
        case .introduction: nil
        case .chapter(let number), .verses(let number, _, _): number
        }
    }

    /// Whether this is an introduction page.
    public var isIntroduction: Bool { target == .introduction }

    /// The same place as a whole chapter (or the introduction).
    public var chapterReference: BibleReference {
        switch target {
        case .introduction, .chapter: self
        case .verses(let chapter, _, _): BibleReference(versionID: versionID, book: book, target: .chapter(chapter))
        }
    }

    /// The canonical id: `JHN.INTRO`, `JHN.3`, `JHN.3.16`, `JHN.3.16-18`.
    public var id: String {
        switch target {
        case .introduction: "\(book.code).INTRO"
        case .chapter(let chapter): "\(book.code).\(chapter)"
        case .verses(let chapter, let first, let last):
            if let last, last != first { "\(book.code).\(chapter).\(first)-\(last)" } else { "\(book.code).\(chapter).\(first)" }
        }
    }

    public var description: String { id }

    /// A form for people: `John 3:16–18` with the given book name (the version's, or English by default).
    public func displayName(bookName: String? = nil) -> String {
        let name = bookName ?? book.englishName
        switch target {
        case .introduction: return "\(name) (Introduction)"
        case .chapter(let chapter): return "\(name) \(chapter)"
        case .verses(let chapter, let first, let last):
            if let last, last != first { return "\(name) \(chapter):\(first)\u{2013}\(last)" }
            return "\(name) \(chapter):\(first)"
        }
    }

    /// Canon order: book, then introduction before chapters, then chapter, then first verse number.
    public static func < (lhs: BibleReference, rhs: BibleReference) -> Bool {
        if lhs.book != rhs.book { return lhs.book < rhs.book }
        let left = lhs.sortKey
        let right = rhs.sortKey
        if left.chapter != right.chapter { return left.chapter < right.chapter }
        if left.verse != right.verse { return left.verse < right.verse }
        return lhs.id < rhs.id
    }

    private var sortKey: (chapter: Int, verse: Int) {
        switch target {
        case .introduction: (-1, 0)
        case .chapter(let chapter): (chapter, 0)
        case .verses(let chapter, let first, _): (chapter, VerseKey.leadingNumber(first))
        }
    }
}
