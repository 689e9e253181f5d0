/// Reads the reference forms people and programs write.
///
/// One reference (`parse`): `JHN.3.16`, `JHN.3.16-18`, `JHN.3.16-JHN.3.18`, `JHN.INTRO`, `JHN.3`, `JHN 3:16`,
/// `John 3:16`, `John 3 16`, `Jn 3.16`, `Jn. 3:16`, `jn 3`, `1 Cor 13:4-7`, `1co13`, `I Corinthians 13`,
/// `1st John 1`, `Song of Songs 2`, `Ps 23`, `John 3:16–18` (en dash), and a version's own book names through
/// a `BookNameIndex` (`Juan 3:16`, `Génesis 1`, `創世記 1`, `요한2서 1:1`). A book alone means its chapter 1.
/// Psalm 151 is the book PS2 whichever way it is written (`Psalm 151`, `Ps 151:3`, `PSA.151`, `PS2.1.3`),
/// when the index finds PS2.
///
/// A selection (`parseSelection`) also reads lists and ranges across chapters: `John 3:16,18`,
/// `John 3:16-4:2`, `Gen 1-3`, `John 3; 4:1-5`, `John 3:16, 18; 4:1; Acts 2`. Items are separated by `;`
/// or `,`; an item without a book inherits the previous item's book; after a verse, a `,` item without a
/// chapter is a verse of the same chapter, while after `;` (or after a chapter) a lone number is a chapter.
/// Ranges across books are refused.
public enum ReferenceParser {
    /// Parses one reference: an introduction, a chapter, or verses of one chapter.
    ///
    /// Lists, chapter ranges and ranges across chapters are refused with an error that points at
    /// `parseSelection`, which reads them.
    /// - Throws: `ReferenceError` naming the nearest book names when the book is unknown, or what is wrong
    ///   with the numbers.
    public static func parse(_ text: String, names: BookNameIndex = .english, version: Int? = nil)
        throws(ReferenceError)
        -> BibleReference
    {
        let selection = try parseSelection(text, names: names, version: version)
        let shown = String(text.trimmingCharacters(in: " \t\n"))
        guard selection.ranges.count == 1, let range = selection.ranges.first else {
            throw ReferenceError(
                "'\(shown)' is a list of \(selection.ranges.count) passages; one reference is a chapter or verses of "
                    + "one chapter (ReferenceParser.parseSelection reads lists)")
        }
        if let reference = range.reference { return reference }
        if case .chapter = range.start.target, case .chapter = range.end.target {
            throw ReferenceError(
                "chapter ranges such as '\(shown)' are not one reference; give one chapter "
                    + "(ReferenceParser.parseSelection reads ranges)")
        }
        throw ReferenceError(
            "ranges across chapters such as '\(shown)' are not one reference; give verses of one chapter "
                + "(ReferenceParser.parseSelection reads ranges)")
    }

    /// Parses what a reader selects: one reference, a range across chapters, or a list of them (see the type's
    /// documentation for the forms).
    ///
    /// - Complexity: O(length of `text`) items, each looked up once in `names`.
    /// - Throws: `ReferenceError` for the first item that cannot be read: an unknown book (with the nearest
    ///   names), missing or misplaced numbers, a range that ends before it starts or in another book.
    public static func parseSelection(_ text: String, names: BookNameIndex = .english, version: Int? = nil)
        throws(ReferenceError) -> PassageSelection
    {
        let trimmed = text.trimmingCharacters(in: " \t\n")
        guard !trimmed.isEmpty else { throw ReferenceError("empty reference") }
        var ranges: [PassageRange] = []
        var context: ItemContext?
        var afterComma = false
        var item: [Character] = []
        func finish() throws(ReferenceError) {
            let piece = String(item).trimmingCharacters(in: " \t\n\r\u{A0}\u{3000}")
            guard !piece.isEmpty else {
                throw ReferenceError("'\(trimmed)' has an empty item; separate references with ',' or ';'")
            }
            if var inherited = context {
                inherited.inVerses = inherited.inVerses && afterComma
                context = inherited
            }
            let range = try Self.item(Array(piece), context: context, names: names, version: version)
            ranges.append(range)
            context = ItemContext(after: range)
            item.removeAll(keepingCapacity: true)
        }
        for character in trimmed {
            switch character {
            case ",", "\u{FF0C}", "\u{3001}":
                try finish()
                afterComma = true
            case ";", "\u{FF1B}":
                try finish()
                afterComma = false
            default: item.append(character)
            }
        }
        try finish()
        return PassageSelection(ranges: ranges)
    }

    /// What an item of a list inherits from the one before it.
    struct ItemContext {
        var book: BookID
        /// The chapter the previous item ended in (nil after an introduction).
        var chapter: Int?
        /// Whether a lone number is a verse of `chapter`: the previous item ended on a verse, and a `,` follows.
        var inVerses: Bool

        init(after range: PassageRange) {
            book = range.end.book
            chapter = range.end.chapter
            if case .verses = range.end.target { inVerses = true } else { inVerses = false }
        }
    }

    /// A chapter and, unless the place is a whole chapter, a verse label.
    private struct Place {
        var chapter: Int
        var verse: String?

        func reference(_ book: BookID, _ version: Int?) -> BibleReference {
            guard let verse else { return .chapter(book, chapter, version: version) }
            return BibleReference(
                versionID: version, book: book, target: .verses(chapter: chapter, first: verse, last: nil))
        }
    }

    /// One item of a selection (no `,` or `;` inside).
    private static func item(_ item: [Character], context: ItemContext?, names: BookNameIndex, version: Int?)
        throws(ReferenceError) -> PassageRange
    {
        let text = String(item)
        if ReferenceCursor.isNumbersOnly(item) {
            guard let context else {
                throw ReferenceError("'\(text)' has no book; a reference starts with a book, as in 'John \(text)'")
            }
            var cursor = ReferenceCursor(item)
            let verseChapter = context.inVerses ? context.chapter : nil
            return try range(&cursor, book: context.book, verseChapter: verseChapter, text, names, version)
        }
        if let intro = introductionBook(item) {
            return PassageRange(.introduction(try book(intro, names), version: version))
        }
        let split = splitIndex(item, names)
        let book = try book(String(item[..<split]).trimmingCharacters(in: " ."), names)
        var cursor = ReferenceCursor(item[split...])
        cursor.skipBlanks()
        if cursor.isAtEnd { return PassageRange(.chapter(book, 1, version: version)) }
        return try range(&cursor, book: book, verseChapter: nil, text, names, version)
    }

    /// Reads `3`, `3:16`, `3 16-18`, `3:16-4:2`, `1-3`, `3:16-John 3:18` in `book`; with `verseChapter`, a
    /// lone first number is a verse of that chapter.
    private static func range(
        _ cursor: inout ReferenceCursor, book: BookID, verseChapter: Int?, _ text: String, _ names: BookNameIndex,
        _ version: Int?
    ) throws(ReferenceError) -> PassageRange {
        guard let head = try cursor.head(text) else {
            throw ReferenceError("'\(text)' has no chapter number after the book")
        }
        let start: Place
        if let verse = head.second {
            start = Place(chapter: try chapterNumber(head.first, text), verse: verse)
        } else if let chapter = verseChapter {
            start = Place(chapter: chapter, verse: head.first)
        } else {
            start = Place(chapter: try chapterNumber(head.first, text), verse: nil)
        }
        var end = start
        cursor.skipBlanks()
        if cursor.takeDash() {
            cursor.skipBlanks()
            end = try self.end(&cursor, start: start, book: book, text, names)
        }
        cursor.skipBlanks()
        guard cursor.isAtEnd else { throw ReferenceError("cannot read '\(cursor.rest)' in '\(text)'") }
        if end.chapter < start.chapter {
            throw ReferenceError("'\(text)' ends before it starts")
        }
        if end.chapter == start.chapter, let first = start.verse, let last = end.verse,
            VerseKey.leadingNumber(last) < VerseKey.leadingNumber(first)
        {
            throw ReferenceError("'\(text)' ends before it starts")
        }
        if book == .psalms, start.chapter == Self.psalm151, end.chapter == Self.psalm151, names.finds(.psalm151) {
            // Psalm 151 is a book of its own in USFM (PS2, one chapter): `Ps 151:3` reads as `Psalm 151 1:3`
            // does, and `Ps 151` as `Psalm 151` (the book's name) does.
            let onlyChapter = { (place: Place) in Place(chapter: 1, verse: place.verse) }
            return PassageRange(
                start: onlyChapter(start).reference(.psalm151, version),
                end: onlyChapter(end).reference(.psalm151, version))
        }
        return PassageRange(start: start.reference(book, version), end: end.reference(book, version))
    }

    /// The psalm that is the book PS2 (`Psalm 151`), not a chapter of PSA.
    private static let psalm151 = 151

    /// The end of a range, after the dash: `18` (a verse after a verse, else a chapter), `4:2`, or a book and
    /// its numbers (`John 3:18`, `JHN.3.18`), which must be `book`. Reads to the end of the item.
    private static func end(
        _ cursor: inout ReferenceCursor, start: Place, book: BookID, _ text: String, _ names: BookNameIndex
    ) throws(ReferenceError) -> Place {
        let rest = Array(cursor.characters[cursor.index...])
        guard !rest.isEmpty else { throw ReferenceError("'\(text)' has no verse after the dash") }
        var inner = ReferenceCursor(rest)
        var namedBook = false
        if !ReferenceCursor.isNumbersOnly(rest) {
            let split = splitIndex(rest, names)
            let other = try self.book(String(rest[..<split]).trimmingCharacters(in: " ."), names)
            guard other == book else {
                throw ReferenceError(
                    "ranges across books such as '\(text)' are not supported; give a range per book, separated by ';'")
            }
            inner.index = split
            namedBook = true
        }
        guard let head = try inner.head(text) else { throw ReferenceError("'\(text)' has no verse after the dash") }
        inner.skipBlanks()
        guard inner.isAtEnd else { throw ReferenceError("cannot read '\(inner.rest)' in '\(text)'") }
        cursor.index = cursor.characters.count
        if let verse = head.second { return Place(chapter: try chapterNumber(head.first, text), verse: verse) }
        if start.verse != nil, !namedBook { return Place(chapter: start.chapter, verse: head.first) }
        return Place(chapter: try chapterNumber(head.first, text), verse: nil)
    }

    private static func chapterNumber(_ label: String, _ text: String) throws(ReferenceError) -> Int {
        guard let number = Int(label) else { throw ReferenceError("cannot read '\(label)' as a chapter in '\(text)'") }
        guard number > 0 else { throw ReferenceError("'\(text)' has no chapter number after the book") }
        return number
    }

    private static func book(_ name: String, _ names: BookNameIndex) throws(ReferenceError) -> BookID {
        guard !name.isEmpty else { throw ReferenceError("a reference starts with a book") }
        guard let book = names.book(named: name) else {
            throw ReferenceError("unknown book '\(name)'", suggestions: names.suggestions(for: name))
        }
        return book
    }

    /// `JHN.INTRO`, `John intro` → the book part.
    private static func introductionBook(_ characters: [Character]) -> String? {
        let text = String(characters)
        let lower = text.lowercased()
        for suffix in [".intro", " intro", " introduction"] where lower.hasSuffix(suffix) {
            return String(text.dropLast(suffix.count))
        }
        return nil
    }

    /// Where the numbers start: the first ASCII digit that follows some letter (so `1co13` splits after `1co`),
    /// unless the text up to a later run of digits, or all of it, is exactly a book's code or one of the
    /// version's names with a digit inside (`PS2.3`, `S3Y 1`, `요한2서 1:1`).
    private static func splitIndex(_ characters: [Character], _ names: BookNameIndex) -> Int {
        var starts: [Int] = []
        var sawLetter = false
        for (index, character) in characters.enumerated() {
            if character.isLetter { sawLetter = true }
            let afterDigit = index > 0 && characters[index - 1].isASCII && characters[index - 1].isNumber
            if sawLetter, character.isASCII, character.isNumber, !afterDigit { starts.append(index) }
        }
        guard let first = starts.first else { return characters.count }
        // A part far longer than any such name is none (and building and folding every prefix of a query of
        // thousands of words, `w0 w1 … w4999`, took seconds).
        let longest = 4 * names.longestStrictName + 32
        for start in ([characters.count] + starts.dropFirst().reversed()) where start <= longest {
            let bookPart = String(characters[..<start]).trimmingCharacters(in: " .")
            if names.book(strictlyNamed: bookPart) != nil { return start }
        }
        return first
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var scalars = Substring(self)
        while let first = scalars.first, set.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, set.contains(last) { scalars.removeLast() }
        return String(scalars)
    }
}
