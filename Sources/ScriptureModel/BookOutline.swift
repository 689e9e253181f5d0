/// The chapters and verses of a parsed book in the order of its source, with where each is: what the checks of
/// order, gaps and counts read (`orderDiagnostics(skipping:)`, and the versification's in the Versification
/// module), whatever format the book was read from.
///
/// An outline is small (a number pair and a location a verse), so a reader of many books keeps one a book
/// after letting each book's model go.
public struct BookOutline: Sendable, Hashable {
    /// The book.
    public var book: BookID
    /// Where the book starts (`\id`, `<book>`).
    public var location: SourceLocation
    /// The chapters in source order.
    public var chapters: [ChapterOutline]

    /// Creates an outline.
    public init(book: BookID, location: SourceLocation, chapters: [ChapterOutline] = []) {
        self.book = book
        self.location = location
        self.chapters = chapters
    }

    /// The outline of `book`: its chapters in their order, each with the verses `Book.verseTexts()` gives, in
    /// the order the source has them (not put in numeric order).
    ///
    /// - Complexity: O(n) in the book's content; no verse text is collected.
    public init(_ book: borrowing Book) {
        self.book = book.id
        location = book.location
        var collector = VerseTextCollector(book: book.id)
        collector.keysOnly = true
        collector.keepsLocations = true
        collector.order.sorts = false
        chapters = []
        chapters.reserveCapacity(book.chapters.count)
        for chapter in book.chapters {
            collector.startChapter(chapter.number)
            collector.add(chapter.content)
            collector.finishChapter()
            let verses = zip(collector.keys, collector.keyLocations).compactMap {
                VerseOutline(label: $0.verse, location: $1)
            }
            collector.keys.removeAll(keepingCapacity: true)
            collector.keyLocations.removeAll(keepingCapacity: true)
            chapters.append(ChapterOutline(number: chapter.number, location: chapter.location, verses: verses))
        }
    }

    /// The last verse of each chapter (index 0 is chapter 1; 0 for a chapter it lacks), as
    /// `VersificationScheme.lastVerses(of:)` counts a book: a bridge counts its last verse.
    public var lastVerses: [Int] {
        var result: [Int] = []
        for chapter in chapters where chapter.number >= 1 && chapter.number <= 2_000 {
            if result.count < chapter.number { result += Array(repeating: 0, count: chapter.number - result.count) }
            result[chapter.number - 1] = max(result[chapter.number - 1], chapter.lastVerse)
        }
        return result
    }
}

/// A chapter of a `BookOutline`.
public struct ChapterOutline: Sendable, Hashable {
    /// The chapter number.
    public var number: Int
    /// Where the chapter marker is.
    public var location: SourceLocation
    /// The verses in source order.
    public var verses: [VerseOutline]

    /// Creates a chapter outline.
    public init(number: Int, location: SourceLocation, verses: [VerseOutline] = []) {
        self.number = number
        self.location = location
        self.verses = verses
    }

    /// The highest verse number the chapter holds (a bridge's last), 0 when it has none.
    public var lastVerse: Int { verses.map(\.last).max() ?? 0 }
}

/// A verse of a `ChapterOutline`: its label and the verse numbers it holds.
public struct VerseOutline: Sendable, Hashable {
    /// The label as written: `3`, a bridge `3-4`, a segment `3a`.
    public var label: String
    /// The first verse number it holds (`3` for `3-4` and `3a`).
    public var first: Int
    /// The last verse number it holds (`4` for `3-4`, `3` for `3a`).
    public var last: Int
    /// Where the verse marker is.
    public var location: SourceLocation

    /// The verse labelled `label`, or nil when the label starts with no number (which the parsers report).
    /// A label's numbers are its leading digits and, after a `-`, the digits there (`3a-4b` holds 3 to 4);
    /// a second number below the first is taken as the first.
    public init?(label: String, location: SourceLocation) {
        var numbers: [Int] = []
        var value = -1
        for byte in label.utf8 {
            if byte >= 0x30 && byte <= 0x39 {
                value = min(max(value, 0) &* 10 &+ Int(byte - 0x30), 1_000_000)
            } else {
                if value >= 0 { numbers.append(value) }
                value = -1
                if byte == UInt8(ascii: "-") { continue }
            }
        }
        if value >= 0 { numbers.append(value) }
        guard let first = numbers.first, label.utf8.first.map({ $0 >= 0x30 && $0 <= 0x39 }) == true else {
            return nil
        }
        self.label = label
        self.first = first
        last = max(first, numbers.count > 1 ? numbers[1] : first)
        self.location = location
    }
}
