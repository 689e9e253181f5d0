import ScriptureModel

/// The texts of consecutive verses joined by one space, with where each verse's text starts: the document a
/// word range's offsets and quote are taken in.
struct PassageText {
    /// One verse's text within the joined bytes.
    struct Piece {
        var key: VerseKey
        var start: Int
        var count: Int
        var end: Int { start + count }
    }

    /// The joined UTF-8 bytes.
    private(set) var bytes: [UInt8] = []
    /// The verses, in order.
    private(set) var pieces: [Piece] = []

    /// Joins `verses` in the order given.
    init(_ verses: [VerseText]) {
        for verse in verses {
            if !pieces.isEmpty { bytes.append(0x20) }
            pieces.append(Piece(key: verse.key, start: bytes.count, count: verse.text.utf8.count))
            bytes += verse.text.utf8
        }
    }

    /// The joined offset of a point, or nil when its verse is not here, its offset is past the verse's end, or
    /// it falls inside a character.
    func offset(of point: TextPoint) -> Int? {
        guard let piece = pieces.first(where: { $0.key.verse == point.verse }), point.offset >= 0,
            point.offset <= piece.count
        else { return nil }
        let offset = piece.start + point.offset
        return isBoundary(offset) ? offset : nil
    }

    /// The point of a joined offset where words start: in the verse that holds the byte there (past a
    /// separator: the start of the next verse).
    func startPoint(at offset: Int) -> TextPoint {
        for piece in pieces where offset < piece.end {
            return TextPoint(verse: piece.key.verse, offset: max(0, offset - piece.start))
        }
        guard let last = pieces.last else { return TextPoint(verse: "", offset: 0) }
        return TextPoint(verse: last.key.verse, offset: last.count)
    }

    /// The point of a joined offset where words end: in the verse that holds the byte before it (on a
    /// separator: the end of the verse before).
    func endPoint(at offset: Int) -> TextPoint {
        for piece in pieces.reversed() where offset > piece.start {
            return TextPoint(verse: piece.key.verse, offset: min(offset - piece.start, piece.count))
        }
        guard let first = pieces.first else { return TextPoint(verse: "", offset: 0) }
        return TextPoint(verse: first.key.verse, offset: 0)
    }

    /// Whether a joined offset is at the start of a character (or the end).
    func isBoundary(_ offset: Int) -> Bool {
        offset >= 0 && offset <= bytes.count && (offset == bytes.count || bytes[offset] & 0xC0 != 0x80)
    }

    /// The text of a joined byte range.
    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// Every offset where `needle` starts, in order.
    func occurrences(of needle: [UInt8]) -> [Int] {
        guard !needle.isEmpty, needle.count <= bytes.count else { return [] }
        var found: [Int] = []
        let first = needle[0]
        var index = 0
        let limit = bytes.count - needle.count
        while index <= limit {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) { found.append(index) }
            index += 1
        }
        return found
    }

    /// Per verse, the byte range of the verse's own text that `range` (joined offsets) covers; verses it does
    /// not touch are left out.
    func verseRanges(_ range: Range<Int>) -> [(key: VerseKey, range: Range<Int>)] {
        var result: [(key: VerseKey, range: Range<Int>)] = []
        for piece in pieces {
            let lower = max(range.lowerBound, piece.start)
            let upper = min(range.upperBound, piece.end)
            if lower < upper || (range.isEmpty && lower == upper && range.lowerBound == lower) {
                result.append((piece.key, (lower - piece.start)..<(upper - piece.start)))
            }
        }
        return result
    }
}
