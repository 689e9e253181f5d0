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
    /// - Complexity: O(n) over the text's bytes, no allocation beyond the text's own.
    /// - Throws: `AnnotationError.invalid` saying what is wrong.
    public static func verses(_ text: some StringProtocol) throws(AnnotationError) -> ClosedRange<SchemeVerse> {
        var copy = String(text)
        let parsed = copy.withUTF8 { bytes in
            var cursor = Cursor(bytes)
            guard let range = cursor.range(), cursor.atEnd else {
                return nil as (first: SchemeVerse, last: SchemeVerse)?
            }
            return range
        }
        guard let range = parsed else { throw malformed(text) }
        guard range.first.book == range.last.book else {
            throw .invalid("'\(text)' runs across books; a place is in one book")
        }
        guard range.first <= range.last else { throw .invalid("'\(text)' ends before it starts") }
        return range.first...range.last
    }

    /// Reads runs joined by `;`, each within one chapter (`JOL.2.26-27;JOL.3.1-2`); empty text is no run.
    public static func runs(_ text: some StringProtocol) throws(AnnotationError) -> [VerseRange] {
        var copy = String(text)
        let runs = copy.withUTF8 { bytes -> [VerseRange]? in
            var runs: [VerseRange] = []
            var cursor = Cursor(bytes)
            while !cursor.atEnd {
                guard let range = cursor.range(), range.first.book == range.last.book, range.first <= range.last,
                    range.first.chapter == range.last.chapter
                else { return nil }
                runs.append(VerseRange(range.first.book, range.first.chapter, range.first.verse, range.last.verse))
                if !cursor.atEnd, !cursor.take(0x3B) || cursor.atEnd { return nil }
            }
            return runs
        }
        guard let runs else {
            throw .invalid(
                "'\(text)' is not Original runs such as JOL.2.26-27;JOL.3.1-2 (verse ranges within one chapter, joined"
                    + " by ';')")
        }
        return runs
    }

    /// A scan over a reference's bytes.
    private struct Cursor<Bytes: Collection<UInt8>> {
        let bytes: Bytes
        var index: Bytes.Index

        init(_ bytes: Bytes) {
            self.bytes = bytes
            index = bytes.startIndex
        }

        var atEnd: Bool { index == bytes.endIndex }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index != bytes.endIndex, bytes[index] == byte else { return false }
            index = bytes.index(after: index)
            return true
        }

        /// A number of at most four digits within `range`.
        mutating func number(_ range: ClosedRange<Int>) -> Int? {
            var value = 0
            var digits = 0
            while index != bytes.endIndex, bytes[index] >= 0x30, bytes[index] <= 0x39, digits < 5 {
                value = value * 10 + Int(bytes[index] - 0x30)
                digits += 1
                index = bytes.index(after: index)
            }
            return digits > 0 && digits < 5 && range.contains(value) ? value : nil
        }

        /// `BOOK.C.V`.
        mutating func verse() -> SchemeVerse? {
            var code: UInt32 = 0
            for _ in 0..<3 where index != bytes.endIndex {
                let byte = bytes[index]
                code = code << 8 | UInt32(byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte)
                index = bytes.index(after: index)
            }
            guard let book = VerseReferenceText.books[code], take(0x2E),
                let chapter = number(1...4095), take(0x2E), let verse = number(0...4095)
            else { return nil }
            return SchemeVerse(book, chapter, verse)
        }

        /// `BOOK.C.V`, `BOOK.C.V-V` or `BOOK.C.V-BOOK.C.V`, ending at the end or before `;`.
        mutating func range() -> (first: SchemeVerse, last: SchemeVerse)? {
            guard let first = verse() else { return nil }
            guard take(0x2D) else { return (first, first) }
            let mark = index
            if let number = number(0...4095), atEnd || bytes[index] == 0x3B {
                return (first, SchemeVerse(first.book, first.chapter, number))
            }
            index = mark
            guard let last = verse() else { return nil }
            return (first, last)
        }
    }

    /// The canonical books by their code's three bytes (upper case), packed big-endian.
    private static let books: [UInt32: BookID] = Dictionary(
        uniqueKeysWithValues: BookID.allCases.filter(\.isCanonicalText).map { book in
            (book.code.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }, book)
        })

    private static func malformed(_ text: some StringProtocol) -> AnnotationError {
        .invalid("'\(text)' is not a verse reference such as PSA.51.1, PSA.51.1-2 or JHN.3.16-JHN.4.2")
    }
}
