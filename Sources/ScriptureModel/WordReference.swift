/// A place down to the word and the character, as the USFM committee's reference proposal (U23003, "USFM
/// Scripture Referencing Standard") writes it after a verse: `MAT 2:1!3` is the third word of Matthew 2:1,
/// `MAT 2:1!3+2` its second character, `MAT 2:1!end` the verse's last word.
///
/// Where the proposal leaves a choice, or where Lectern reads less than it describes:
/// - **Words** are the runs of characters that are not space in the verse's text as Lectern stores it (the
///   `vref` text: notes, headings and attributes left out), space being the proposal's `ws` set: ASCII space,
///   tab and line ends, U+00A0, U+1680, U+2000–U+200B (ZWSP included), U+200E, U+200F, U+202A–U+202F, U+205F,
///   U+2066–U+2069 and U+3000. Punctuation standing alone is a word, as the proposal says. The proposal also
///   lets a marker end a word (`Va-t-\w en\w*` is two); the stored text keeps no markers, so Lectern does not:
///   there it is one word.
/// - **Characters** are counted in NFD, as the proposal asks (so a pointed Hebrew letter is several); `+0` is
///   the place before the word, `+end` its last character. The trailing `+` that names the gap after a
///   character is not read.
/// - **Books** are codes or any name Lectern reads (`Matthew 2:1!3`); translation ids (`en+niv.MAT`),
///   marker references (`!f`, `!s[2]`, `@strong`), named references (`k:…`) and `end` as a verse are not read,
///   and each is refused with its own message.
/// - **The end of a range** is read against the start's verse, as the proposal's contextual references are:
///   `MAT 2:1!3-5` (words 3 to 5), `MAT 2:1!3-2!4` (to word 4 of verse 2), `MAT 2:1!3-2:4` (to the end of
///   verse 4), `MAT 2:1!3-MAT 2:4!1`; a range ends in the book and chapter rules of `ReferenceParser`.
public struct WordPlace: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A word's or character's number, or the last one.
    public enum Index: Sendable, Hashable, Codable, CustomStringConvertible {
        /// Counting from 1 (a character may be 0: the place before the word).
        case number(Int)
        /// The last word of the verse, or character of the word (`end`).
        case end

        public var description: String {
            switch self {
            case .number(let number): "\(number)"
            case .end: "end"
            }
        }
    }

    /// The book.
    public var book: BookID
    /// The chapter.
    public var chapter: Int
    /// The verse label as written (`1`, `2b`).
    public var verse: String
    /// The word, or nil for the whole verse (the end of `MAT 2:1!3-2:4`).
    public var word: Index?
    /// The character within the word, if given.
    public var character: Index?

    /// Creates a place.
    public init(book: BookID, chapter: Int, verse: String, word: Index?, character: Index? = nil) {
        self.book = book
        self.chapter = chapter
        self.verse = verse
        self.word = word
        self.character = character
    }

    /// The proposal's form: `MAT 2:1!3`, `MAT 2:1!3+2`, `MAT 2:4`.
    public var description: String {
        var text = "\(book.code) \(chapter):\(verse)"
        if let word { text += "!\(word)" }
        if let character { text += "+\(character)" }
        return text
    }

    /// The verse as a reference (`MAT.2.1`).
    public func verseReference(version: Int? = nil) -> BibleReference {
        BibleReference(versionID: version, book: book, target: .verses(chapter: chapter, first: verse, last: nil))
    }
}

/// A range of words (and characters) from one place to another in one book: `MAT 2:1!3-5`, `MAT 2:1!3-2!4`,
/// as `ReferenceParser.parseWords` reads it. See `WordPlace` for what Lectern reads of the proposal.
public struct WordRange: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Where it starts.
    public var start: WordPlace
    /// Where it ends, inclusive (the same place for a single word).
    public var end: WordPlace

    /// Creates a range.
    public init(start: WordPlace, end: WordPlace) {
        self.start = start
        self.end = end
    }

    /// The proposal's form, the end written relative to the start: `MAT 2:1!3`, `MAT 2:1!3-5`,
    /// `MAT 2:1!3-2!4`, `MAT 2:1!3-3:1!2`, `MAT 2:1!3-2:4`.
    public var description: String {
        guard end != start else { return start.description }
        var tail: String
        if end.chapter != start.chapter {
            tail = "\(end.chapter):\(end.verse)"
        } else if end.verse != start.verse || end.word == nil {
            tail = end.word == nil ? "\(end.chapter):\(end.verse)" : end.verse
        } else {
            tail = ""
        }
        if let word = end.word { tail += tail.isEmpty ? "\(word)" : "!\(word)" }
        if let character = end.character { tail += "+\(character)" }
        return "\(start)-\(tail)"
    }

    /// The verses the range spans, as a range of verses (`MAT.2.1-4`).
    public var verses: PassageRange {
        PassageRange(start: start.verseReference(), end: end.verseReference())
    }
}

extension WordPlace {
    /// The words of a verse's text as U23003 counts them: runs of characters that are not its `ws` (see
    /// `WordPlace`), in order.
    ///
    /// - Complexity: O(length of `text`).
    public static func words(of text: String) -> [Range<String.Index>] {
        var words: [Range<String.Index>] = []
        var start: String.Index?
        var index = text.unicodeScalars.startIndex
        while index < text.unicodeScalars.endIndex {
            let scalar = text.unicodeScalars[index]
            if isSpace(scalar) {
                if let first = start { words.append(first..<index) }
                start = nil
            } else if start == nil {
                start = index
            }
            index = text.unicodeScalars.index(after: index)
        }
        if let first = start { words.append(first..<text.endIndex) }
        return words
    }

    /// Whether a scalar is space to U23003 (`ws`, with ASCII tab and line ends).
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x200E, 0x200F, 0x202A...0x202F, 0x205F,
            0x2066...0x2069, 0x3000:
            true
        default: false
        }
    }
}
