import ScriptureModel
import Versification

/// What became of a word range when its verses' text is read again (after a re-import, say).
public enum QuoteMatch: Sendable, Hashable {
    /// The words are where the range says.
    case unchanged
    /// The words were found by their quote at another place in the verses: the range to keep.
    case found(MarkedWords)
    /// The words are no longer in the verses: the mark falls back to its whole verses.
    case moved
}

/// Word ranges made, found and re-attached in verse texts (`VerseText.text`, as a Bible store gives them).
public enum WordAnchor {
    /// How many words a quote keeps before and after the exact words.
    public static let contextWords = 4

    /// The word range from `start` to `end` (exclusive) in `verses` (the texts of the place's verses, in order).
    ///
    /// - Throws: `AnnotationError.invalid` when a point's verse is not among `verses`, its offset is past the
    ///   verse's text or inside a character, or the range is empty or backwards.
    public static func range(from start: TextPoint, to end: TextPoint, in verses: [VerseText]) throws(AnnotationError)
        -> MarkedWords
    {
        let passage = PassageText(verses)
        guard let lower = passage.offset(of: start) else {
            throw .invalid("the words' start \(start.description) is not a character position in the verses")
        }
        guard let upper = passage.offset(of: end) else {
            throw .invalid("the words' end \(end.description) is not a character position in the verses")
        }
        guard lower < upper else { throw .invalid("the words' range \(start.description)-\(end.description) is empty") }
        return make(lower..<upper, in: passage)
    }

    /// The first place `words` occurs in `verses` (the texts of the place's verses, in order; a match may run
    /// over from one verse into the next, the texts joined by one space), or nil when it does not.
    public static func find(_ words: String, in verses: [VerseText]) -> MarkedWords? {
        let passage = PassageText(verses)
        guard let lower = passage.occurrences(of: Array(words.utf8)).first else { return nil }
        return make(lower..<lower + words.utf8.count, in: passage)
    }

    /// Re-finds a word range in `verses` (the place's verses as the Bible now has them, in order).
    ///
    /// Unchanged when the exact words are still at the range's points; else the occurrence of the exact words
    /// whose surroundings best match the quote's prefix and suffix (nearest the old start on a tie); moved when
    /// the words are not there at all.
    /// - Complexity: O(n × m) for n bytes of verse text and an m-byte quote.
    public static func reattach(_ words: MarkedWords, in verses: [VerseText]) -> QuoteMatch {
        let passage = PassageText(verses)
        let exact = Array(words.quote.exact.utf8)
        let oldStart = passage.offset(of: words.start)
        if let lower = oldStart, let upper = passage.offset(of: words.end), lower <= upper,
            passage.bytes[lower..<upper].elementsEqual(exact)
        {
            return .unchanged
        }
        let candidates = passage.occurrences(of: exact)
        guard !candidates.isEmpty else { return .moved }
        let prefix = Array(words.quote.prefix.utf8)
        let suffix = Array(words.quote.suffix.utf8)
        func score(_ offset: Int) -> Int {
            var before = 0
            while before < prefix.count, offset - before - 1 >= 0,
                passage.bytes[offset - before - 1] == prefix[prefix.count - before - 1]
            {
                before += 1
            }
            var after = 0
            let end = offset + exact.count
            while after < suffix.count, end + after < passage.bytes.count, passage.bytes[end + after] == suffix[after] {
                after += 1
            }
            return before + after
        }
        let anchor = oldStart ?? 0
        let best = candidates.max { left, right in
            let (leftScore, rightScore) = (score(left), score(right))
            if leftScore != rightScore { return leftScore < rightScore }
            return abs(left - anchor) > abs(right - anchor)
        }!
        return .found(make(best..<best + exact.count, in: passage))
    }

    /// The verses of `chapterTexts` a place covers (by verse number, a bridge when any of its numbers is in
    /// the place), in order: what `range(from:to:in:)`, `find` and `reattach` take.
    public static func texts(of verses: ClosedRange<SchemeVerse>, in chapterTexts: [VerseText]) -> [VerseText] {
        chapterTexts.filter { text in
            guard text.key.book == verses.lowerBound.book else { return false }
            let numbers = VerseNumbers.of(text.key.verse)
            return (verses.lowerBound...verses.upperBound).overlaps(
                SchemeVerse(
                    text.key.book, text.key.chapter, numbers.lowerBound)...SchemeVerse(
                        text.key.book, text.key.chapter, numbers.upperBound))
        }
    }

    /// Per verse, the UTF-8 range of the verse's text the words cover, when they are where the range says.
    static func verseRanges(of words: MarkedWords, in verses: [VerseText]) -> [(key: VerseKey, range: Range<Int>)]? {
        let passage = PassageText(verses)
        guard let lower = passage.offset(of: words.start), let upper = passage.offset(of: words.end), lower < upper
        else { return nil }
        return passage.verseRanges(lower..<upper)
    }

    /// The word range of joined offsets, with its quote.
    private static func make(_ range: Range<Int>, in passage: PassageText) -> MarkedWords {
        let before = passage.text(0..<range.lowerBound).split(separator: " ", omittingEmptySubsequences: false)
        let after = passage.text(range.upperBound..<passage.bytes.count).split(
            separator: " ", omittingEmptySubsequences: false)
        let prefix = before.suffix(before.last == "" ? contextWords + 1 : contextWords).joined(separator: " ")
        let suffix = after.prefix(after.first == "" ? contextWords + 1 : contextWords).joined(separator: " ")
        return MarkedWords(
            start: passage.startPoint(at: range.lowerBound), end: passage.endPoint(at: range.upperBound),
            quote: TextQuote(exact: passage.text(range), prefix: prefix, suffix: suffix))
    }
}

/// The verse numbers a verse label covers: `4-5` is 4...5, `3a` is 3...3.
enum VerseNumbers {
    static func of(_ label: String) -> ClosedRange<Int> {
        let first = VerseKey.leadingNumber(label)
        return first...max(first, VersificationScheme.lastNumber(ofLabel: label))
    }
}
