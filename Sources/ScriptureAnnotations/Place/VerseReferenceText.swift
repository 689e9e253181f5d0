import ScriptureModel
import Versification

/// Lectern's verse reference form for annotation places, read and written: `PSA.51.1`, `PSA.51.1-2`,
/// `JHN.3.16-JHN.4.2` (verses by number; verse 0 is a Psalm title).
public enum VerseReferenceText {
    /// `PSA.51.1`, `PSA.51.1-2` or `JHN.3.16-JHN.4.2`.
    public static func text(_ verses: ClosedRange<SchemeVerse>) -> String {
        let first = verses.lowerBound
        let last = verses.upperBound
        let start = "\(first.book.code).\(first.chapter).\(first.verse)"
        if first == last { return start }
        if first.book == last.book, first.chapter == last.chapter { return start + "-\(last.verse)" }
        return start + "-\(last.book.code).\(last.chapter).\(last.verse)"
    }

    /// `PSA.51.3` or `PSA.51.3-4`: one run of verses of one chapter.
    public static func text(_ range: VerseRange) -> String {
        range.first == range.last
            ? "\(range.book.code).\(range.chapter).\(range.first)"
            : "\(range.book.code).\(range.chapter).\(range.first)-\(range.last)"
    }

    /// Runs joined by `;`: `JOL.2.26-27;JOL.3.1-2`.
    public static func text(_ runs: [VerseRange]) -> String { runs.map { text($0) }.joined(separator: ";") }

    /// Reads `BOOK.C.V`, `BOOK.C.V-V` or `BOOK.C.V-BOOK.C.V` (one book, the end not before the start).
    ///
    /// - Throws: `AnnotationError.invalid` saying what is wrong.
    public static func verses(_ text: some StringProtocol) throws(AnnotationError) -> ClosedRange<SchemeVerse> {
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let first = try verse(parts[0], whole: text)
        var last = first
        if parts.count == 2 {
            let end = parts[1]
            if end.contains(".") {
                last = try verse(end, whole: text)
            } else {
                guard let number = Int(end), number >= 0, number <= 4095 else { throw malformed(text) }
                last = SchemeVerse(first.book, first.chapter, number)
            }
        }
        guard first.book == last.book else {
            throw .invalid("'\(text)' runs across books; a place is in one book")
        }
        guard first <= last else { throw .invalid("'\(text)' ends before it starts") }
        return first...last
    }

    /// Reads runs joined by `;`, each within one chapter (`JOL.2.26-27;JOL.3.1-2`); empty text is no run.
    public static func runs(_ text: some StringProtocol) throws(AnnotationError) -> [VerseRange] {
        var runs: [VerseRange] = []
        for piece in text.split(separator: ";") {
            let verses = try verses(piece)
            guard verses.lowerBound.chapter == verses.upperBound.chapter else {
                throw .invalid("'\(piece)' runs across chapters; an Original run is within one chapter")
            }
            runs.append(
                VerseRange(
                    verses.lowerBound.book, verses.lowerBound.chapter, verses.lowerBound.verse,
                    verses.upperBound.verse))
        }
        return runs
    }

    private static func verse(_ text: some StringProtocol, whole: some StringProtocol) throws(AnnotationError)
        -> SchemeVerse
    {
        let fields = text.split(separator: ".", omittingEmptySubsequences: false)
        guard fields.count == 3, let book = BookID(code: fields[0]), book.isCanonicalText,
            let chapter = Int(fields[1]), let verse = Int(fields[2]), (1...4095).contains(chapter),
            (0...4095).contains(verse)
        else { throw malformed(whole) }
        return SchemeVerse(book, chapter, verse)
    }

    private static func malformed(_ text: some StringProtocol) -> AnnotationError {
        .invalid("'\(text)' is not a verse reference such as PSA.51.1, PSA.51.1-2 or JHN.3.16-JHN.4.2")
    }
}
