import ScriptureModel
import Versification

/// A stretch of one verse's text a mark covers, in both units apps draw with.
public struct MarkedRange: Sendable, Hashable {
    /// The verse.
    public var verse: VerseKey
    /// Byte range in the verse's text (UTF-8).
    public var utf8: Range<Int>
    /// The same range in UTF-16 code units (what `NSString`, JavaScript and search highlights count).
    public var utf16: Range<Int>
    /// Whether it is the verse's whole text (a whole-verse mark, or words shown on their whole verse).
    public var isWholeVerse: Bool

    /// Creates a range.
    public init(verse: VerseKey, utf8: Range<Int>, utf16: Range<Int>, isWholeVerse: Bool) {
        self.verse = verse
        self.utf8 = utf8
        self.utf16 = utf16
        self.isWholeVerse = isWholeVerse
    }
}

/// How a mark came to be where it is shown.
public enum MarkPlacement: Sendable, Hashable {
    /// In the Bible it was made in, at its own verses (and words, if any).
    case own
    /// Its words were found again by their quote at another place in its verses (the text changed).
    case reattached
    /// Its words are no longer in its verses: shown on the whole verses, and worth telling the reader.
    case moved
    /// In another Bible, through the Original verses: whole verses.
    case mapped
}

/// A mark as a chapter of one Bible shows it.
public struct ChapterMark: Sendable, Hashable {
    /// The mark.
    public var annotation: Annotation
    /// The chapter's verses it covers, in text order.
    public var verses: [VerseKey]
    /// What to draw: per verse, its words or its whole text.
    public var ranges: [MarkedRange]
    /// How it was placed.
    public var placement: MarkPlacement
}

/// A mark whose verses this Bible does not have: listed with the chapter, never dropped.
public struct UnplacedMark: Sendable, Hashable {
    /// The mark.
    public var annotation: Annotation
    /// Its Original verses (what it is on, in a numbering every Bible maps to).
    public var original: [VerseRange]
}

/// The marks of one chapter of one Bible: placed on its verses, or listed when the Bible lacks their verses.
public struct ChapterMarks: Sendable, Hashable {
    /// The marks on the chapter's verses, in verse order (then by creation).
    public var marks: [ChapterMark]
    /// The marks on Original verses this chapter maps from but the Bible does not have.
    public var unplaced: [UnplacedMark]

    /// The Original chapters a chapter of `bible` draws on: what the store is asked for
    /// (`AnnotationStore.chapterMarks`).
    public static func originalChapters(_ book: BookID, _ chapter: Int, of bible: AnnotationBible, verses: [VerseText])
        -> [Int]
    {
        var numbers = Set(bible.versification.verses(book, chapter).map(\.verse))
        for text in verses where text.key.book == book && text.key.chapter == chapter {
            numbers.formUnion(VerseNumbers.of(text.key.verse))
        }
        var chapters: Set<Int> = [chapter]
        for number in numbers {
            let key = SchemeVerse(book, chapter, number)
            for original in bible.versification.map(key, to: .original).verses where original.book == book {
                chapters.insert(original.chapter)
            }
        }
        return chapters.sorted()
    }

    /// Places `annotations` (those on the chapter's Original chapters) on a chapter of `bible` whose verse
    /// texts are `verses`: a pure function of its arguments.
    ///
    /// A mark made in this Bible keeps its own verses and words (re-found by quote when the text changed,
    /// else shown on its verses as moved); one made elsewhere is mapped from its Original verses onto this
    /// Bible's and marks them whole. A mark whose verses here are in this chapter but missing from its text,
    /// or that maps to no verse of this Bible at all, is listed in `unplaced`. Tombstones are left out.
    /// - Complexity: O(marks × verses of the chapter).
    public static func place(
        _ annotations: [Annotation], book: BookID, chapter: Int, of bible: AnnotationBible, verses: [VerseText]
    ) -> ChapterMarks {
        let texts = verses.filter { $0.key.book == book && $0.key.chapter == chapter }
        var byNumber: [Int: [Int]] = [:]
        for (index, text) in texts.enumerated() {
            for number in VerseNumbers.of(text.key.verse) { byNumber[number, default: []].append(index) }
        }
        // Each verse's length in UTF-16 units, counted once (an O(n) walk for text that is not ASCII).
        var utf16Counts = [Int?](repeating: nil, count: texts.count)
        var placed: [(position: Int, mark: ChapterMark)] = []
        var unplaced: [UnplacedMark] = []
        for annotation in annotations where !annotation.isDeleted {
            let madeHere = bible.madeHere(annotation.place)
            let own =
                madeHere
                ? AnnotationPlace.ownVerses(annotation.place.verses, in: bible.versification)
                : ownVerses(ofOriginal: annotation.place.originalVerses, in: bible.versification)
            var indices: [Int] = []
            var lacking = false
            for key in own where key.book == book && key.chapter == chapter {
                guard let found = byNumber[key.verse] else {
                    lacking = true
                    continue
                }
                for index in found where !indices.contains(index) { indices.append(index) }
            }
            indices.sort()
            guard let firstIndex = indices.first else {
                if lacking || own.isEmpty {
                    unplaced.append(UnplacedMark(annotation: annotation, original: annotation.place.original))
                }
                continue
            }
            let covered = indices.map { texts[$0] }
            var placement: MarkPlacement = madeHere ? .own : .mapped
            var ranges: [MarkedRange]?
            if madeHere, let words = annotation.place.words {
                let placeTexts = WordAnchor.texts(of: annotation.place.verses, in: texts)
                switch WordAnchor.reattach(words, in: placeTexts) {
                case .unchanged:
                    ranges = wordRanges(words, in: placeTexts)
                case .found(let moved):
                    ranges = wordRanges(moved, in: placeTexts)
                    placement = .reattached
                case .moved:
                    placement = .moved
                }
            }
            let mark = ChapterMark(
                annotation: annotation, verses: covered.map(\.key),
                ranges: ranges ?? indices.map { wholeVerse(texts[$0], utf16Count: &utf16Counts[$0]) },
                placement: placement)
            placed.append((firstIndex, mark))
        }
        placed.sort { left, right in
            left.position != right.position
                ? left.position < right.position : left.mark.annotation.created < right.mark.annotation.created
        }
        return ChapterMarks(marks: placed.map(\.mark), unplaced: unplaced)
    }

    /// A Bible's verses for Original verses; a verse the Original scheme lacks (kept under its own numbers
    /// because its Bible's scheme did not map it) keeps its numbers.
    static func ownVerses(ofOriginal original: [SchemeVerse], in scheme: VersificationScheme) -> [SchemeVerse] {
        var keys: [SchemeVerse] = []
        for key in original {
            let mapped =
                VersificationScheme.original.contains(key)
                ? VersificationScheme.original.map(key, to: scheme).verses : [key]
            for own in mapped where !keys.contains(own) { keys.append(own) }
        }
        return keys
    }

    private static func wordRanges(_ words: MarkedWords, in texts: [VerseText]) -> [MarkedRange]? {
        guard let pieces = WordAnchor.verseRanges(of: words, in: texts) else { return nil }
        return pieces.compactMap { piece in
            guard let text = texts.first(where: { $0.key == piece.key }) else { return nil }
            return MarkedRange(
                verse: piece.key, utf8: piece.range, utf16: utf16(piece.range, in: text.text),
                isWholeVerse: piece.range == 0..<text.text.utf8.count)
        }
    }

    private static func wholeVerse(_ text: VerseText, utf16Count: inout Int?) -> MarkedRange {
        let count = utf16Count ?? text.text.utf16.count
        utf16Count = count
        return MarkedRange(verse: text.key, utf8: 0..<text.text.utf8.count, utf16: 0..<count, isWholeVerse: true)
    }

    /// A UTF-8 range of `text` in UTF-16 code units.
    static func utf16(_ range: Range<Int>, in text: String) -> Range<Int> {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let upper = utf8.index(lower, offsetBy: range.count)
        let start = text.utf16.distance(from: text.utf16.startIndex, to: lower)
        return start..<start + text.utf16.distance(from: lower, to: upper)
    }
}
