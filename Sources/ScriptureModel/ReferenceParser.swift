/// Why a reference could not be read, with the nearest valid choices.
public struct ReferenceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// Valid references or book names close to what was given.
    public var suggestions: [String]

    /// Creates an error.
    public init(_ message: String, suggestions: [String] = []) {
        self.message = message
        self.suggestions = suggestions
    }

    public var description: String {
        suggestions.isEmpty ? message : "\(message); did you mean \(suggestions.joined(separator: ", "))?"
    }
}

/// Reads the reference forms people and programs write.
///
/// Accepted: `JHN.3.16`, `JHN.3.16-18`, `JHN.3.16-JHN.3.18`, `JHN.INTRO`, `JHN.3`, `JHN 3:16`,
/// `John 3:16`, `jn 3`, `1 Cor 13:4-7`, `1co13`, `I Corinthians 13`, `Song of Songs 2`, `Ps 23`, and a
/// version's own book names through a `BookNameIndex` (`Juan 3:16`, `Génesis 1`, `創世記 1`). A book
/// alone means its chapter 1. Ranges across chapters are not supported.
public enum ReferenceParser {
    /// Parses `text`.
    ///
    /// - Throws: `ReferenceError` naming the nearest book names when the book is unknown, or what is wrong with the numbers.
    public static func parse(_ text: String, names: BookNameIndex = .english, version: Int? = nil)
        throws(ReferenceError)
        -> BibleReference
    {
        let trimmed = text.trimmingCharacters(in: " \t\n")
        guard !trimmed.isEmpty else { throw ReferenceError("empty reference") }
        let characters = Array(trimmed)
        if let intro = introductionBook(characters) {
            return BibleReference(versionID: version, book: try book(intro, names), target: .introduction)
        }
        let split = splitIndex(characters, names)
        let bookPart = String(characters[..<split]).trimmingCharacters(in: " .")
        let numbers = Array(characters[split...]).filter { $0 != " " }
        let book = try book(bookPart, names)
        if numbers.isEmpty { return BibleReference(versionID: version, book: book, target: .chapter(1)) }
        var cursor = NumberCursor(characters: numbers)
        guard let chapter = cursor.integer(), chapter > 0 else {
            throw ReferenceError("'\(text)' has no chapter number after the book")
        }
        var first: String?
        if cursor.take(":") || cursor.take(".") {
            guard let verse = cursor.verseLabel() else {
                throw ReferenceError("'\(text)' has no verse number after the chapter")
            }
            first = verse
        }
        var last: String?
        if cursor.takeDash() {
            guard let first else {
                throw ReferenceError("chapter ranges such as '\(text)' are not supported; give one chapter")
            }
            if let other = cursor.bookPrefix(names), other != book {
                throw ReferenceError("ranges across books such as '\(text)' are not supported")
            }
            let save = cursor.index
            if let number = cursor.integer(), cursor.take(":") || cursor.take(".") {
                guard number == chapter else {
                    throw ReferenceError("ranges across chapters such as '\(text)' are not supported")
                }
            } else {
                cursor.index = save
            }
            guard let end = cursor.verseLabel() else { throw ReferenceError("'\(text)' has no verse after the dash") }
            if VerseKey.leadingNumber(end) < VerseKey.leadingNumber(first) {
                throw ReferenceError("'\(text)' ends before it starts")
            }
            last = end == first ? nil : end
        }
        guard cursor.isAtEnd else {
            throw ReferenceError("cannot read '\(String(numbers[cursor.index...]))' in '\(text)'")
        }
        if let first {
            return BibleReference(
                versionID: version, book: book, target: .verses(chapter: chapter, first: first, last: last))
        }
        return BibleReference(versionID: version, book: book, target: .chapter(chapter))
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
        for start in ([characters.count] + starts.dropFirst().reversed()) {
            let bookPart = String(characters[..<start]).trimmingCharacters(in: " .")
            if names.book(strictlyNamed: bookPart) != nil { return start }
        }
        return first
    }
}

/// A cursor over the number part of a reference.
private struct NumberCursor {
    var characters: [Character]
    var index = 0

    var isAtEnd: Bool { index >= characters.count }

    mutating func integer() -> Int? {
        var value = 0
        let start = index
        while index < characters.count, let digit = characters[index].wholeNumberValue, characters[index].isASCII {
            value = value * 10 + digit
            index += 1
            if value > 1_000_000 { return nil }
        }
        return index > start ? value : nil
    }

    mutating func take(_ character: Character) -> Bool {
        guard index < characters.count, characters[index] == character else { return false }
        index += 1
        return true
    }

    mutating func takeDash() -> Bool { take("-") || take("\u{2013}") || take("\u{2014}") }

    /// A verse label: digits and an optional lowercase segment letter (`16`, `3a`).
    mutating func verseLabel() -> String? {
        let start = index
        guard integer() != nil else { return nil }
        if index < characters.count, characters[index].isASCII, characters[index].isLowercase,
            characters[index].isLetter
        {
            index += 1
        }
        return String(characters[start..<index])
    }

    /// Reads the book in `JHN.3.16-JHN.3.18` or `John 3:16-John 3:18`: letters (after an optional digit)
    /// that name a book, or a code or version name with a digit inside (`PS2`, `요한2서`), followed by the
    /// chapter's digits. Returns nil and reads nothing when there is none, so a verse label such as `2a` is
    /// left for `verseLabel()`.
    mutating func bookPrefix(_ names: BookNameIndex) -> BookID? {
        var probe = index
        if probe < characters.count, characters[probe].isNumber { probe += 1 }
        let letters = probe
        while probe < characters.count, characters[probe].isLetter { probe += 1 }
        guard probe > letters else { return nil }
        var extended = probe
        while extended < characters.count, characters[extended].isNumber { extended += 1 }
        while extended < characters.count, characters[extended].isLetter { extended += 1 }
        for end in extended > probe ? [extended, probe] : [probe] {
            var next = end
            if next < characters.count, characters[next] == "." { next += 1 }
            guard next < characters.count, characters[next].isASCII, characters[next].isNumber else { continue }
            let name = String(characters[index..<end])
            let book = end == probe ? names.book(named: name) : names.book(strictlyNamed: name)
            if let book {
                index = next
                return book
            }
        }
        return nil
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
