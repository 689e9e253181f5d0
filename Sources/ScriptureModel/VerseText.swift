/// A verse's identity within a version: book, chapter and the verse label as written.
public struct VerseKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The book.
    public var book: BookID
    /// The chapter number.
    public var chapter: Int
    /// The verse label: `16`, a bridge `15-16`, a segment `3a`.
    public var verse: String

    /// Creates a key.
    public init(book: BookID, chapter: Int, verse: String) {
        self.book = book
        self.chapter = chapter
        self.verse = verse
    }

    /// `JHN 3:16`, the form of a `vref` line.
    public var description: String { "\(book.code) \(chapter):\(verse)" }

    /// The first verse number of the label (`15` for `15-16`, `3` for `3a`), or 0 when it has none.
    public var firstVerseNumber: Int { VerseKey.leadingNumber(verse) }

    /// Canon order of books, then chapters, then verse numbers (labels compare by their first number, then as text).
    public static func < (lhs: VerseKey, rhs: VerseKey) -> Bool {
        if lhs.book != rhs.book { return lhs.book < rhs.book }
        if lhs.chapter != rhs.chapter { return lhs.chapter < rhs.chapter }
        let left = lhs.firstVerseNumber
        let right = rhs.firstVerseNumber
        if left != right { return left < right }
        return lhs.verse < rhs.verse
    }

    /// The integer at the start of a label, or 0.
    public static func leadingNumber(_ label: String) -> Int {
        var value = 0
        for byte in label.utf8 {
            guard byte >= 0x30 && byte <= 0x39 else { break }
            value = value &* 10 &+ Int(byte - 0x30)
            if value > 1_000_000 { break }
        }
        return value
    }
}

/// One verse's plain text, the contract the store, search and export rely on.
public struct VerseText: Sendable, Hashable {
    /// Which verse.
    public var key: VerseKey
    /// NFC text, ASCII whitespace runs collapsed to one space and trimmed; notes,
    /// headings, sidebars, numbers and figures left out; character styles kept without attributes.
    /// A heading paragraph is left out unless a verse starts in it (`\d \v 1 …`): then
    /// its text from that verse on is verse text.
    ///
    /// `\d`, a psalm's title, is canonical text in Hebrew but USFM classes it as a heading, not verse
    /// text: it is verse text only where the version starts a verse inside it (`\d \v 1 …`), which is
    /// how versions that count the title as verse 1 mark it.
    public var text: String
    /// Where the verse marker is.
    public var location: SourceLocation
    /// The words of `text` that carry word-level attributes (`\w …|strong="G3056" lemma="λόγος"\w*`, USX
    /// `<char style="w" strong=…>`), in text order; empty when the verse has none. Only parsed books have
    /// them: a store gives verse texts without.
    public var words: [TaggedWord]

    /// Creates a verse text.
    public init(key: VerseKey, text: String, location: SourceLocation, words: [TaggedWord] = []) {
        self.key = key
        self.text = text
        self.location = location
        self.words = words
    }
}

extension Book {
    /// The plain text of every verse: chapters in the book's order, and each chapter's verses in numeric order
    /// (`VerseKey` order: first number, then label), which is their order in the file unless the file has them
    /// out of order (`\v 1`, `\v 2`, `\v 5`, `\v 3` gives 1, 2, 3, 5; the chapter's content keeps the file's order).
    ///
    /// Headings, titles, labels, introduction paragraphs, remarks and `\lit` are not verse text, except
    /// what follows a verse marker inside them (some versions start a psalm's verse 1 in its `\d` title).
    /// Sidebars (`\esb … \esbe`) are study content and not verse text either (only a verse wrongly
    /// started inside one is kept, as in a heading); nor are notes of any kind (`\f`, `\fe`, `\x`, and the
    /// extended `\ef` and `\ex`) or `\cat`.
    /// Only ASCII white space (space, tab, CR, LF) is collapsed; other spaces such
    /// as U+3000 (the honorific gap in Chinese) and U+00A0 (USFM `~`) are text.
    /// Where a left-out note sits between two letters or digits (`hell\f …\f*will`),
    /// a space is kept so the words are not joined.
    ///
    /// - Complexity: O(n) in the book's content.
    public func verseTexts() -> [VerseText] {
        collectVerses()
    }

    /// What `verseTexts()` gives, chapter by chapter: the verses started in each of `chapters`, in order.
    ///
    /// - Complexity: O(n) in the book's content.
    public func verseTextsByChapter() -> [[VerseText]] {
        var collector = ChapterVerseCollector(book: id)
        return chapters.map { collector.verseTexts(of: $0) }
    }

    /// The key of every verse `verseTexts()` gives, in the same order, without collecting their text.
    ///
    /// - Complexity: O(n) in the book's content, allocating only the keys.
    public func verseKeys() -> [VerseKey] {
        var collector = VerseTextCollector(book: id)
        collector.keysOnly = true
        collector.keysAlone = true
        for chapter in chapters {
            collector.startChapter(chapter.number)
            collector.add(chapter.content)
            collector.finishChapter()
        }
        return collector.keys
    }

    /// Appends the `vref` line of every verse `verseTexts()` gives, in the same order, to `output` as
    /// UTF-8: `BOOK C:V<TAB>text` and a line feed (`VerseKey.description`, a tab, `VerseText.text`).
    /// Makes no `VerseText` and no tagged word.
    ///
    /// - Complexity: O(n) in the book's content.
    public func appendVrefLines(to output: inout [UInt8]) {
        var collector = VerseTextCollector(book: id)
        collector.writesLines = true
        swap(&collector.lines, &output)
        for chapter in chapters {
            collector.startChapter(chapter.number)
            collector.add(chapter.content)
            collector.finishChapter()
        }
        swap(&collector.lines, &output)
    }

    private func collectVerses() -> [VerseText] {
        var collector = VerseTextCollector(book: id)
        for chapter in chapters {
            collector.startChapter(chapter.number)
            collector.add(chapter.content)
            collector.finishChapter()
        }
        return collector.takeVerses()
    }
}

/// Collects a book's verse texts one chapter at a time, as `Book.verseTexts()` gives them, so that a caller
/// can let go of each chapter's content once its verses are taken.
public struct ChapterVerseCollector {
    private var collector: VerseTextCollector

    /// A collector for the chapters of `book`, given in order.
    public init(book: BookID) {
        collector = VerseTextCollector(book: book)
    }

    /// A collector for the chapters of `book` whose verses' tagged words share one table of values for the
    /// whole book: their values read nil until `takeWordValues()` gives the table and the words read it
    /// (`[TaggedWord].read(_:)`). A table per chapter holds a value once per chapter it is in.
    package init(book: BookID, sharingWordValues: Bool) {
        collector = VerseTextCollector(book: book)
        collector.sharesWordValues = sharingWordValues
    }

    /// The values of the tagged words collected since the last call (see `init(book:sharingWordValues:)`).
    package mutating func takeWordValues() -> TaggedWordValues? {
        collector.takeWordValues()
    }

    /// The verses started in `chapter`, the next chapter of the book.
    ///
    /// - Complexity: O(n) in the chapter's content.
    public mutating func verseTexts(of chapter: Chapter) -> [VerseText] {
        collector.startChapter(chapter.number)
        collector.add(chapter.content)
        collector.finishChapter()
        // A huge chapter's text buffer is not kept for the next chapters (while the caller encodes this one).
        collector.text.shrink(above: 1 << 20, to: 1024)
        return collector.takeVerses()
    }

    /// The verses started in `chapter`, the next chapter of the book, their texts appended to `text` one after
    /// another (no `String` is made): each verse's text is `text[span.range]`, its tagged words' ranges counted
    /// from the verse's start, as `verseTexts(of:)` gives them.
    ///
    /// - Complexity: O(n) in the chapter's content.
    public mutating func appendVerses(of chapter: Chapter, to text: inout [UInt8]) -> [VerseSpan] {
        swap(&collector.appended, &text)
        collector.appendsText = true
        collector.startChapter(chapter.number)
        collector.add(chapter.content)
        collector.finishChapter()
        collector.appendsText = false
        swap(&collector.appended, &text)
        return collector.takeSpans()
    }
}

/// A verse whose text `ChapterVerseCollector.appendVerses(of:to:)` appended to the caller's bytes.
public struct VerseSpan: Sendable {
    /// Which verse.
    public var key: VerseKey
    /// Where the verse marker is.
    public var location: SourceLocation
    /// Where the verse's text is in the bytes (UTF-8 offsets).
    public var range: Range<Int>
    /// The words of the text that carry word-level attributes, as in `VerseText.words` (offsets from the
    /// verse's start).
    public var words: [TaggedWord]

    /// Creates a verse span.
    public init(key: VerseKey, location: SourceLocation, range: Range<Int>, words: [TaggedWord] = []) {
        self.key = key
        self.location = location
        self.range = range
        self.words = words
    }
}
