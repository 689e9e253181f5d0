import ScriptureModel

/// The parser's state: one line at a time, scanned as bytes with a cursor.
struct VersificationLineReader {
    let file: String
    var lastVerses: [BookID: [Int]] = [:]
    var mappings: [(SchemeVerse, SchemeVerse)] = []
    var excluded: Set<SchemeVerse> = []
    var diagnostics: [Diagnostic] = []
    var headerName: String?
    private var bookLines: [BookID: Int] = [:]
    private var notedSegments = false

    init(file: String) { self.file = file }

    /// The most chapters a book, and verses a chapter, may have in a scheme: more than any Bible has (the
    /// standard schemes reach 150 chapters and 176 verses), so that a line cannot name millions of verses.
    static let largestChapter = 200
    /// See `largestChapter`; verse 0 (a title) is allowed in mappings.
    static let largestVerse = 200
    /// The most verse pairs the mapping lines may give, and verses the `-` lines may leave out (the English
    /// scheme maps 1,163 pairs).
    static let largestMappingCount = 50_000

    /// The message for a verse past `largestChapter` or `largestVerse`.
    static func pastBounds(_ verse: String) -> String {
        "verse \(verse) is past what a Bible holds; chapters go from 1 to \(largestChapter) and verses from 0 to "
            + "\(largestVerse)"
    }

    /// Whether the mapping lines were cut at `largestMappingCount` (reported once).
    private var cutMappings = false
    /// Whether the `-` lines were cut at `largestMappingCount` (reported once).
    private var cutExclusions = false

    /// A verse position as written: chapter, verse, and whether a segment letter followed.
    private struct Point {
        var chapter: Int
        var verse: Int
        var segment: Bool
    }

    /// The bytes of one line and where the scan is.
    private struct Cursor {
        let bytes: ArraySlice<UInt8>
        var index: Int
        let line: Int
        let offset: Int

        var atEnd: Bool { index >= bytes.endIndex }
        var peek: UInt8? { atEnd ? nil : bytes[index] }
        var column: Int { index - bytes.startIndex + 1 }
        var byteOffset: Int { offset + index - bytes.startIndex }

        mutating func skipSpaces() {
            while let byte = peek, byte == 0x20 || byte == 0x09 { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        mutating func number() -> Int? {
            var value = 0
            var digits = 0
            while let byte = peek, byte >= 0x30, byte <= 0x39, digits < 6 {
                value = value * 10 + Int(byte - 0x30)
                digits += 1
                index += 1
            }
            return digits == 0 ? nil : value
        }

        mutating func word() -> ArraySlice<UInt8> {
            let start = index
            while let byte = peek, byte != 0x20, byte != 0x09, byte != 0x3A, byte != 0x3D { index += 1 }
            return bytes[start..<index]
        }
    }

    mutating func report(
        _ severity: Diagnostic.Severity, _ kind: Diagnostic.Kind, line: Int, column: Int, offset: Int,
        _ message: String
    ) {
        let location = SourceLocation(file: file, line: line, column: column, offset: offset)
        diagnostics.append(Diagnostic(severity, kind, at: location, message))
    }

    private mutating func report(_ kind: Diagnostic.Kind, at cursor: Cursor, _ message: String) {
        report(.error, kind, line: cursor.line, column: cursor.column, offset: cursor.byteOffset, message)
    }

    /// Reads one line (without its line feed).
    mutating func read(_ raw: ArraySlice<UInt8>, line: Int, offset: Int) {
        var end = raw.endIndex
        if end > raw.startIndex, raw[end - 1] == 0x0D { end -= 1 }
        var cursor = Cursor(bytes: raw[raw.startIndex..<end], index: raw.startIndex, line: line, offset: offset)
        cursor.skipSpaces()
        if cursor.take(0x23) {  // '#'
            guard cursor.take(0x21) else {  // '#!' lines are read
                if headerName == nil { headerName = Self.header(cursor.bytes[cursor.index...]) }
                return
            }
            cursor.skipSpaces()
        }
        if let hash = cursor.bytes[cursor.index...].firstIndex(of: 0x23) {
            cursor = Cursor(bytes: cursor.bytes[..<hash], index: cursor.index, line: line, offset: offset)
        }
        cursor.skipSpaces()
        guard !cursor.atEnd else { return }
        if cursor.take(0x2D) {  // '-'
            readExclusion(&cursor)
        } else if cursor.take(0x2A) {  // '*': segment lists, which change no numbers
            return
        } else if cursor.bytes[cursor.index...].contains(0x3D) {
            readMapping(&cursor)
        } else {
            readBook(&cursor)
        }
    }

    /// `# Versification  "English"` gives the scheme its name.
    private static func header(_ text: ArraySlice<UInt8>) -> String? {
        let line = String(decoding: text, as: UTF8.self)
        guard line.contains("Versification"), let open = line.firstIndex(of: "\"") else { return nil }
        let rest = line[line.index(after: open)...]
        guard let close = rest.firstIndex(of: "\"") else { return nil }
        let name = rest[..<close].trimmingSpaces
        return name.isEmpty ? nil : name.lowercased()
    }

    private mutating func book(_ cursor: inout Cursor) -> BookID? {
        let at = cursor
        let code = cursor.word()
        guard let book = BookID(codeBytes: code) else {
            report(.unknownBook, at: at, "unknown book code `\(String(decoding: code, as: UTF8.self))`")
            return nil
        }
        cursor.skipSpaces()
        return book
    }

    /// `GEN 1:31 2:25 …`: chapter numbers must count 1, 2, 3 …
    private mutating func readBook(_ cursor: inout Cursor) {
        let start = cursor
        guard let book = book(&cursor) else { return }
        if let earlier = bookLines[book] {
            report(
                .warning, .duplicateBook, line: start.line, column: start.column, offset: start.byteOffset,
                "\(book.code) is already listed on line \(earlier); this line replaces it")
        }
        bookLines[book] = cursor.line
        var chapters: [Int] = []
        while !cursor.atEnd {
            let at = cursor
            guard let chapter = cursor.number(), cursor.take(0x3A), let verse = cursor.number() else {
                report(.invalidChapterNumber, at: at, "expected `chapter:last-verse`, such as `3:24`")
                return
            }
            guard chapter == chapters.count + 1 else {
                report(
                    .invalidChapterNumber, at: at, "chapter \(chapter) where chapter \(chapters.count + 1) was expected"
                )
                return
            }
            guard chapter <= Self.largestChapter else {
                report(.invalidChapterNumber, at: at, "more than \(Self.largestChapter) chapters; no Bible has so many")
                return
            }
            guard verse <= Self.largestVerse else {
                report(
                    .invalidVerseNumber, at: at,
                    "chapter \(chapter) ends at verse \(verse); a chapter has at most \(Self.largestVerse) verses")
                return
            }
            chapters.append(verse)
            cursor.skipSpaces()
        }
        lastVerses[book] = chapters
    }

    /// `c:v`, with an optional segment letter.
    private mutating func point(_ cursor: inout Cursor) -> Point? {
        let at = cursor
        guard let chapter = cursor.number(), chapter >= 1, cursor.take(0x3A), let verse = cursor.number() else {
            report(.invalidVerseNumber, at: at, "expected `chapter:verse`, such as `51:3`")
            return nil
        }
        guard chapter <= Self.largestChapter, verse <= Self.largestVerse else {
            report(.malformedMapping, at: at, Self.pastBounds("\(chapter):\(verse)"))
            return nil
        }
        var segment = false
        while let byte = cursor.peek, (byte | 0x20) >= 0x61, (byte | 0x20) <= 0x7A {
            cursor.index += 1
            segment = true
        }
        return Point(chapter: chapter, verse: verse, segment: segment)
    }

    /// `BOOK c:v` or `BOOK c:v-v` (a range stays in its chapter): the verses, in order.
    private mutating func side(_ cursor: inout Cursor) -> [SchemeVerse]? {
        guard let book = book(&cursor), let first = point(&cursor) else { return nil }
        var last = first.verse
        var segment = first.segment
        if cursor.take(0x2D) {
            let at = cursor
            guard let end = cursor.number() else {
                report(.invalidVerseNumber, at: at, "expected the range's last verse after `-`")
                return nil
            }
            if cursor.peek == 0x3A {
                report(.malformedMapping, at: at, "a range must not span a chapter (`4:10-5:11`); split it in two")
                return nil
            }
            while let byte = cursor.peek, (byte | 0x20) >= 0x61, (byte | 0x20) <= 0x7A {
                cursor.index += 1
                segment = true
            }
            guard end >= first.verse else {
                report(.invalidVerseNumber, at: at, "the range ends before it starts")
                return nil
            }
            guard end <= Self.largestVerse else {
                report(.malformedMapping, at: at, Self.pastBounds("\(first.chapter):\(end)"))
                return nil
            }
            last = end
        }
        if segment, !notedSegments {
            notedSegments = true
            report(
                .note, .malformedMapping, line: cursor.line, column: cursor.column, offset: cursor.byteOffset,
                "verse segments (`1:1a`) are mapped as whole verses")
        }
        cursor.skipSpaces()
        return (first.verse...last).map { SchemeVerse(book, first.chapter, $0) }
    }

    /// `[&]BOOK c:v[-v] = BOOK c:v[-v]`: this scheme's verses, then Original's.
    private mutating func readMapping(_ cursor: inout Cursor) {
        let lenient = cursor.take(0x26)  // '&'
        let start = cursor
        guard let own = side(&cursor) else { return }
        guard cursor.take(0x3D) else {
            report(.malformedMapping, at: cursor, "expected `=` between the two references")
            return
        }
        cursor.skipSpaces()
        guard let original = side(&cursor) else { return }
        guard cursor.atEnd else {
            report(.malformedMapping, at: cursor, "unexpected text after the mapping")
            return
        }
        guard own.count == original.count || own.count == 1 || original.count == 1 || lenient else {
            report(
                .malformedMapping, at: start,
                "the ranges have \(own.count) and \(original.count) verses; write `&` before the line to allow it")
            return
        }
        let count = max(own.count, original.count)
        guard !cutMappings, mappings.count + count <= Self.largestMappingCount else {
            if !cutMappings {
                cutMappings = true
                report(
                    .malformedMapping, at: start,
                    "more than \(Self.largestMappingCount) mapped verses; a scheme maps a few thousand (this line and "
                        + "the mappings after it are not read)")
            }
            return
        }
        for index in 0..<count {
            mappings.append((own[min(index, own.count - 1)], original[min(index, original.count - 1)]))
        }
    }

    /// `-BOOK c:v[-v]`: verses this scheme leaves out.
    private mutating func readExclusion(_ cursor: inout Cursor) {
        let start = cursor
        guard let keys = side(&cursor) else { return }
        guard !cutExclusions, excluded.count + keys.count <= Self.largestMappingCount else {
            if !cutExclusions {
                cutExclusions = true
                report(
                    .malformedMapping, at: start,
                    "more than \(Self.largestMappingCount) verses left out; a scheme leaves out a few (this line and "
                        + "the `-` lines after it are not read)")
            }
            return
        }
        excluded.formUnion(keys)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
