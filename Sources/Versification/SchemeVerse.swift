import ScriptureModel

/// One verse in a numbering scheme: book, chapter and verse number (verse 0 is a Psalm title).
public struct SchemeVerse: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The book.
    public var book: BookID
    /// The chapter, counting from 1.
    public var chapter: Int
    /// The verse; 0 is the title some schemes number before verse 1.
    public var verse: Int

    /// Creates a key.
    public init(_ book: BookID, _ chapter: Int, _ verse: Int) {
        self.book = book
        self.chapter = chapter
        self.verse = verse
    }

    /// `PSA 51:3`, the form `.vrs` files and `lectern map` use.
    public var description: String { "\(book.code) \(chapter):\(verse)" }

    public static func < (lhs: SchemeVerse, rhs: SchemeVerse) -> Bool {
        (lhs.book, lhs.chapter, lhs.verse) < (rhs.book, rhs.chapter, rhs.verse)
    }

    /// The key packed into 32 bits (book, chapter, verse), for dictionary lookups on hot paths.
    var packed: UInt32 {
        UInt32(book.rawValue) << 24 | UInt32(truncatingIfNeeded: min(max(chapter, 0), 0xFFF)) << 12
            | UInt32(truncatingIfNeeded: min(max(verse, 0), 0xFFF))
    }

    /// Unpacks a key made by `packed`.
    init?(packed: UInt32) {
        guard let book = BookID(rawValue: UInt8(packed >> 24)) else { return nil }
        self.init(book, Int(packed >> 12 & 0xFFF), Int(packed & 0xFFF))
    }
}

/// Verses `first...last` of one chapter: what a verse range maps to, piece by piece.
public struct VerseRange: Sendable, Hashable, CustomStringConvertible {
    /// The book.
    public var book: BookID
    /// The chapter.
    public var chapter: Int
    /// The first verse.
    public var first: Int
    /// The last verse, at least `first`.
    public var last: Int

    /// Creates a range.
    public init(_ book: BookID, _ chapter: Int, _ first: Int, _ last: Int) {
        self.book = book
        self.chapter = chapter
        self.first = first
        self.last = max(first, last)
    }

    /// A range of one verse.
    public init(_ key: SchemeVerse) { self.init(key.book, key.chapter, key.verse, key.verse) }

    /// The verses, in order.
    public var verses: [SchemeVerse] { (first...last).map { SchemeVerse(book, chapter, $0) } }

    /// `PSA 51:3` or `MAL 3:19-24`.
    public var description: String {
        first == last ? "\(book.code) \(chapter):\(first)" : "\(book.code) \(chapter):\(first)-\(last)"
    }

    /// Joins sorted keys into runs of consecutive verses of one chapter.
    public static func runs(of keys: [SchemeVerse]) -> [VerseRange] {
        var runs: [VerseRange] = []
        for key in keys.sorted() {
            if var last = runs.last, last.book == key.book, last.chapter == key.chapter, key.verse <= last.last + 1 {
                last.last = max(last.last, key.verse)
                runs[runs.count - 1] = last
            } else {
                runs.append(VerseRange(key))
            }
        }
        return runs
    }
}
