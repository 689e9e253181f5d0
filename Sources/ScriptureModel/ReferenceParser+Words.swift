extension ReferenceParser {
    /// Whether `text` is a word reference (it has a `!` or `@` after its book): what `parseWords` reads.
    public static func isWordReference(_ text: String) -> Bool {
        text.contains("!") || text.contains("@")
    }

    /// Parses a reference down to the word and character, the USFM committee's proposal U23003: `MAT 2:1!3`,
    /// `MAT 2:1!3-5`, `MAT 2:1!end`, `MAT 2:1!3+2`, `MAT 2:1!3-2!4`, `MAT 2:1!3-2:4`, `John 3:16!2-4`. The verse
    /// before `!` is read as `parse` reads one (any book name `names` knows); see `WordPlace` for where Lectern
    /// chooses among the proposal's options.
    ///
    /// - Throws: `ReferenceError` saying what is wrong: no word after `!`, a word 0, a number that is not one, a
    ///   chapter without a verse, a range that ends before it starts or in another book, and each part of the
    ///   proposal Lectern does not read (translation ids, marker and attribute references).
    public static func parseWords(_ text: String, names: BookNameIndex = .english, version: Int? = nil)
        throws(ReferenceError) -> WordRange
    {
        let shown = trimmed(text)
        guard !shown.isEmpty else { throw ReferenceError("empty reference") }
        if shown.contains("@") {
            throw ReferenceError(
                "attribute references such as '@\(after("@", in: shown))' in '\(shown)' are not supported; "
                    + "Lectern reads references down to the word and character (MAT 2:1!3+2)")
        }
        if let plus = shown.firstIndex(of: "+"), let bang = shown.firstIndex(of: "!"), plus < bang {
            throw ReferenceError(
                "translation ids such as '\(shown[..<plus])…' are not supported in '\(shown)'; choose the Bible "
                    + "with --bible and give the reference from its book (MAT 2:1!3)")
        }
        if shown.contains(";") || shown.contains(",") {
            throw ReferenceError("'\(shown)' is a list; a word reference is one word or one range of words")
        }
        guard let bang = shown.firstIndex(of: "!") else {
            throw ReferenceError("'\(shown)' has no word reference; write the word after '!', as in MAT 2:1!3")
        }
        // The start's verse, as `parse` reads a verse; then its word.
        let verseText = trimmed(String(shown[..<bang]))
        let verse = try startVerse(verseText, shown, names, version)
        let (startTail, endText) = splitRange(String(shown[shown.index(after: bang)...]))
        let (word, character) = try wordAndCharacter(startTail, shown)
        let start = WordPlace(
            book: verse.book, chapter: verse.chapter, verse: verse.label, word: word, character: character)
        guard let endText else { return WordRange(start: start, end: start) }
        let end = try endPlace(trimmed(endText), start: start, shown, names)
        try checkOrder(start, end, shown)
        return WordRange(start: start, end: end)
    }

    /// The book, chapter and verse label of `text` (the part before `!`), which must be one verse.
    private static func startVerse(_ text: String, _ shown: String, _ names: BookNameIndex, _ version: Int?)
        throws(ReferenceError) -> (book: BookID, chapter: Int, label: String)
    {
        guard !text.isEmpty else { throw ReferenceError("'\(shown)' has no book and verse before '!'") }
        let reference = try parse(text, names: names, version: version)
        switch reference.target {
        case .verses(let chapter, let first, let last) where last == nil || last == first:
            return (reference.book, chapter, first)
        case .verses:
            throw ReferenceError(
                "'\(shown)' starts in a range of verses; a word reference starts in one verse (MAT 2:1!3-2!4)")
        case .chapter(let chapter):
            throw ReferenceError(
                "'\(shown)' names chapter \(chapter) but no verse; a word reference needs one: "
                    + "\(reference.book.code) \(chapter):1!…")
        case .introduction:
            throw ReferenceError("'\(shown)' names an introduction; a word reference needs a chapter and verse")
        }
    }

    /// The text after `!` split at the range's dash: the start's word part, and the end's text if any.
    private static func splitRange(_ text: String) -> (String, String?) {
        guard let dash = text.firstIndex(where: { ReferenceCursor.isDash($0) }) else { return (text, nil) }
        return (String(text[..<dash]), String(text[text.index(after: dash)...]))
    }

    /// A word, and a character after `+`: `3`, `end`, `3+2`, `3+0`, `end+end`.
    private static func wordAndCharacter(_ text: String, _ shown: String) throws(ReferenceError) -> (
        WordPlace.Index, WordPlace.Index?
    ) {
        let part = trimmed(text)
        let pieces = part.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard let wordText = pieces.first, !wordText.isEmpty else {
            throw ReferenceError("'\(shown)' has no word after '!'; give its number or 'end', as in MAT 2:1!3")
        }
        if wordText.contains("!") {
            let marker = after("!", in: wordText)
            if let first = marker.first, first.isLetter || first == "_" {
                throw ReferenceError(
                    "marker references such as '!\(marker)' in '\(shown)' are not supported; Lectern reads words "
                        + "and characters of a verse's text (MAT 2:1!3+2)")
            }
            throw ReferenceError("'\(shown)' has more than one '!'; a word reference has one, before its word")
        }
        if let first = wordText.first, first.isLetter || first == "_", wordText != "end" {
            throw ReferenceError(
                "marker references such as '!\(wordText)' in '\(shown)' are not supported; Lectern reads words and "
                    + "characters of a verse's text (MAT 2:1!3+2)")
        }
        let word = try index(wordText, what: "word", shown, allowsZero: false)
        guard pieces.count > 1 else { return (word, nil) }
        guard pieces.count == 2, !pieces[1].isEmpty else {
            throw ReferenceError(
                "'\(shown)' has no character after '+'; give its number, 0 (before the word) or 'end'")
        }
        return (word, try index(pieces[1], what: "character", shown, allowsZero: true))
    }

    /// A number or `end`; words count from 1, characters from 0 (the place before the word).
    private static func index(_ text: String, what: String, _ shown: String, allowsZero: Bool)
        throws(ReferenceError) -> WordPlace.Index
    {
        if text == "end" { return .end }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw ReferenceError("cannot read '\(text)' as a \(what) in '\(shown)'; give a number or 'end'")
        }
        guard text.count <= 7, let number = Int(text) else {
            throw ReferenceError("\(what) \(text) in '\(shown)' is past any verse's length")
        }
        guard number > 0 || allowsZero else {
            throw ReferenceError("words count from 1; '\(shown)' has word 0")
        }
        return .number(number)
    }

    /// The end of a range, read against the start: `5` (a word of the same verse), `2!4` (a word of verse 2),
    /// `2:4` (the whole of chapter 2 verse 4), `2:4!1`, or a book and its numbers, which must be the start's.
    private static func endPlace(_ text: String, start: WordPlace, _ shown: String, _ names: BookNameIndex)
        throws(ReferenceError) -> WordPlace
    {
        guard !text.isEmpty else { throw ReferenceError("'\(shown)' has nothing after the dash") }
        let bang = text.firstIndex(of: "!")
        let head = String(bang.map { text[..<$0] } ?? text[...])
        let wordPart = bang.map { String(text[text.index(after: $0)...]) }
        // A bare word (`5`, `end`, `5+2`): the same verse.
        if bang == nil, head.first.map({ $0.isNumber || head.hasPrefix("end") }) == true, !head.contains(":"),
            !head.contains(".")
        {
            let (word, character) = try wordAndCharacter(head, shown)
            return WordPlace(
                book: start.book, chapter: start.chapter, verse: start.verse, word: word, character: character)
        }
        var place: WordPlace
        if head.allSatisfy({ $0.isNumber || $0.isLowercase }), head.first?.isNumber == true {
            // `2!4`: a verse of the start's chapter.
            guard wordPart != nil else {
                throw ReferenceError("cannot read '\(head)' after the dash in '\(shown)'")
            }
            place = WordPlace(book: start.book, chapter: start.chapter, verse: head, word: nil)
        } else if head.first?.isNumber == true {
            // `2:4`, `3:1`: a chapter and verse of the start's book.
            let reference = try parse("\(start.book.code) \(head)", names: .english)
            guard case .verses(let chapter, let first, nil) = reference.target else {
                throw ReferenceError("'\(shown)' ends in '\(head)', which is not one verse")
            }
            place = WordPlace(book: start.book, chapter: chapter, verse: first, word: nil)
        } else {
            let reference = try parse(head, names: names)
            guard reference.book == start.book else {
                throw ReferenceError(
                    "ranges across books such as '\(shown)' are not supported; give a range per book")
            }
            guard case .verses(let chapter, let first, nil) = reference.target else {
                throw ReferenceError("'\(shown)' ends in '\(head)', which is not one verse")
            }
            place = WordPlace(book: start.book, chapter: chapter, verse: first, word: nil)
        }
        if let wordPart {
            let (word, character) = try wordAndCharacter(wordPart, shown)
            place.word = word
            place.character = character
        }
        return place
    }

    /// Refuses a range whose end comes before its start (by chapter, verse number, then word number).
    private static func checkOrder(_ start: WordPlace, _ end: WordPlace, _ shown: String) throws(ReferenceError) {
        let startVerse = VerseKey.leadingNumber(start.verse)
        let endVerse = VerseKey.leadingNumber(end.verse)
        var before = (end.chapter, endVerse) < (start.chapter, startVerse)
        if end.chapter == start.chapter, end.verse == start.verse, case .number(let last)? = end.word,
            case .number(let first)? = start.word
        {
            before = before || last < first
            if last == first, case .number(let lastCharacter)? = end.character,
                case .number(let firstCharacter)? = start.character
            {
                before = before || lastCharacter < firstCharacter
            }
        }
        if before { throw ReferenceError("'\(shown)' ends before it starts") }
    }

    /// `text` without blanks at either end.
    private static func trimmed(_ text: String) -> String {
        String(text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\n" }.reversed())
    }

    /// The text after the first `mark` in `text`, up to the next `!`, `@`, `+` or `-`.
    private static func after(_ mark: Character, in text: String) -> String {
        guard let index = text.firstIndex(of: mark) else { return "" }
        return String(text[text.index(after: index)...].prefix { !"!@+-".contains($0) })
    }
}
