import ScriptureModel
import Versification

/// Where a mark is: verses of the Bible it was made in, the same verses in the Original scheme, and
/// optionally a range of words.
///
/// The Original verses are what the store indexes and what every other Bible maps from, so a mark made on
/// WEB PSA 51:1 (English numbering) is kept as Original PSA 51:3 and shows on PSA 51:3 of a Hebrew-numbered
/// Bible. A verse the Bible's scheme does not map (WEB 2CO 13:14, which English numbering lacks) is kept
/// under its own numbers.
public struct AnnotationPlace: Sendable, Hashable {
    /// The abbreviation of the Bible the mark was made in (`AnnotationBible.abbreviation`).
    public var bible: String
    /// That Bible's scheme name (`english`, `original`, or a custom scheme's).
    public var versification: String
    /// The verses as that Bible numbers them, in one book.
    public var verses: ClosedRange<SchemeVerse>
    /// The same verses in the Original scheme: runs within one chapter each, in order, without overlap.
    public var original: [VerseRange]
    /// The words within `verses` (one chapter), or nil for whole verses.
    public var words: MarkedWords?

    /// A place with its Original verses as stored or read from a file, unchecked against any scheme.
    public init(
        bible: String, versification: String, verses: ClosedRange<SchemeVerse>, original: [VerseRange],
        words: MarkedWords? = nil
    ) {
        self.bible = bible
        self.versification = versification
        self.verses = verses
        self.original = original
        self.words = words
    }

    /// The place of `verses` of `bible`, mapped to the Original scheme through its versification.
    ///
    /// - Throws: `AnnotationError.invalid` for a range across books, a verse number out of range, or words
    ///   that are not within `verses` of one chapter.
    public init(bible: AnnotationBible, verses: ClosedRange<SchemeVerse>, words: MarkedWords? = nil)
        throws(AnnotationError)
    {
        let first = verses.lowerBound
        let last = verses.upperBound
        guard first.book == last.book else {
            throw .invalid("\(VerseReferenceText.text(verses)) runs across books; a place is in one book")
        }
        for key in [first, last] where !(1...4095).contains(key.chapter) || !(0...4095).contains(key.verse) {
            throw .invalid("\(key) is out of range")
        }
        if let words {
            guard first.chapter == last.chapter else {
                throw .invalid("a word range is within one chapter; \(VerseReferenceText.text(verses)) is not")
            }
            for point in [words.start, words.end] {
                let number = VerseKey.leadingNumber(point.verse)
                guard number >= first.verse, VersificationScheme.lastNumber(ofLabel: point.verse) <= last.verse else {
                    throw .invalid("the words' verse \(point.verse) is outside \(VerseReferenceText.text(verses))")
                }
            }
        }
        self.init(
            bible: bible.abbreviation, versification: bible.versification.name, verses: verses,
            original: Self.original(of: verses, in: bible.versification), words: words)
    }

    /// The place of a reference (a chapter, or verses of one chapter) in `bible`; a chapter reference covers
    /// its verses as the Bible's scheme numbers them.
    ///
    /// - Throws: `AnnotationError.invalid` for an introduction or a chapter the scheme does not have.
    public init(bible: AnnotationBible, reference: BibleReference, words: MarkedWords? = nil) throws(AnnotationError) {
        switch reference.target {
        case .introduction:
            throw .invalid("\(reference.id) is an introduction; marks are on verses")
        case .chapter(let chapter):
            guard let last = bible.versification.lastVerse(reference.book, chapter) else {
                throw .invalid("\(reference.id): \(bible.abbreviation) numbering has no such chapter")
            }
            let first = bible.versification.contains(SchemeVerse(reference.book, chapter, 0)) ? 0 : 1
            try self.init(
                bible: bible,
                verses: SchemeVerse(reference.book, chapter, first)...SchemeVerse(reference.book, chapter, last),
                words: words)
        case .verses(let chapter, let firstLabel, let lastLabel):
            let first = VerseKey.leadingNumber(firstLabel)
            let last = max(first, VersificationScheme.lastNumber(ofLabel: lastLabel ?? firstLabel))
            try self.init(
                bible: bible,
                verses: SchemeVerse(reference.book, chapter, first)...SchemeVerse(reference.book, chapter, last),
                words: words)
        }
    }

    /// The verses of `verses` one by one as `scheme` numbers them (a range across chapters takes each chapter's
    /// verses from the scheme; a chapter it lacks contributes only the range's own ends).
    public static func ownVerses(_ verses: ClosedRange<SchemeVerse>, in scheme: VersificationScheme)
        -> [SchemeVerse]
    {
        let first = verses.lowerBound
        let last = verses.upperBound
        if first.chapter == last.chapter {
            return (first.verse...max(first.verse, last.verse)).map { SchemeVerse(first.book, first.chapter, $0) }
        }
        var keys: [SchemeVerse] = []
        for chapter in first.chapter...last.chapter {
            let titled = scheme.contains(SchemeVerse(first.book, chapter, 0))
            let start = chapter == first.chapter ? first.verse : (titled ? 0 : 1)
            let end =
                chapter == last.chapter
                ? last.verse
                : max(start, scheme.lastVerse(first.book, chapter) ?? (chapter == first.chapter ? start : 0))
            guard start <= end else { continue }
            keys += (start...end).map { SchemeVerse(first.book, chapter, $0) }
        }
        return keys
    }

    /// The Original runs of `verses` numbered by `scheme`; a verse the scheme does not map keeps its numbers.
    public static func original(of verses: ClosedRange<SchemeVerse>, in scheme: VersificationScheme) -> [VerseRange] {
        var keys: Set<SchemeVerse> = []
        for key in ownVerses(verses, in: scheme) {
            let mapped = scheme.map(key, to: .original).verses
            if mapped.isEmpty { keys.insert(key) } else { keys.formUnion(mapped) }
        }
        return VerseRange.runs(of: Array(keys))
    }

    /// The Original verses one by one.
    public var originalVerses: [SchemeVerse] { original.flatMap(\.verses) }

    /// `PSA.51.1-2` (the verses in the Bible the mark was made in).
    public var reference: String { VerseReferenceText.text(verses) }
}

/// A verse's place in the store's index: book, chapter and verse packed into one integer that sorts in
/// canon order (the book's stable `BookID` raw value, then 12 bits each of chapter and verse).
enum VerseOrdinal {
    /// The ordinal of a verse.
    static func of(_ key: SchemeVerse) -> Int64 {
        Int64(key.book.rawValue) << 24 | Int64(min(max(key.chapter, 0), 0xFFF)) << 12
            | Int64(min(max(key.verse, 0), 0xFFF))
    }

    /// The ordinals of a whole chapter, verse 0 to 4095.
    static func chapter(_ book: BookID, _ chapter: Int) -> ClosedRange<Int64> {
        of(SchemeVerse(book, chapter, 0))...of(SchemeVerse(book, chapter, 0xFFF))
    }
}
