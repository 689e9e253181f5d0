/// A cursor over the number part of a reference (`3:16-18`, `3 16`, `3.16–4:2`), for `ReferenceParser`.
struct ReferenceCursor {
    /// What a head reads: a number or verse label, and the verse after a separator when there is one.
    struct Head {
        var first: String
        var second: String?
    }

    var characters: [Character]
    var index = 0

    init(_ characters: some Sequence<Character>) {
        self.characters = Array(characters)
    }

    var isAtEnd: Bool { index >= characters.count }

    /// What is left, as text.
    var rest: String { index < characters.count ? String(characters[index...]) : "" }

    /// Skips blanks; whether there were any.
    @discardableResult
    mutating func skipBlanks() -> Bool {
        let start = index
        while index < characters.count, Self.isBlank(characters[index]) { index += 1 }
        return index > start
    }

    /// The largest chapter or verse number a reference may name: more than any Bible has, and small enough
    /// that no sum or product made from it overflows.
    static let largestNumber = 999_999

    /// Reads a run of ASCII digits; nil (reading nothing) when none comes first.
    ///
    /// - Throws: when the number is larger than `largestNumber`, naming the range.
    mutating func integer() throws(ReferenceError) -> Int? {
        var value = 0
        let start = index
        while index < characters.count, characters[index].isASCII, let digit = characters[index].wholeNumberValue {
            value = value * 10 + digit
            index += 1
            if value > Self.largestNumber {
                while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
                throw ReferenceError(
                    "the number \(String(characters[start..<index])) is out of range; chapter and verse numbers go "
                        + "from 1 to \(Self.largestNumber)")
            }
        }
        return index > start ? value : nil
    }

    /// Reads `:`, `.` or a full-width colon between a chapter and a verse.
    mutating func takeSeparator() -> Bool {
        guard index < characters.count, Self.isSeparator(characters[index]) else { return false }
        index += 1
        return true
    }

    /// Reads a hyphen, an en or em dash, or a minus sign.
    mutating func takeDash() -> Bool {
        guard index < characters.count, Self.isDash(characters[index]) else { return false }
        index += 1
        return true
    }

    /// A verse label: digits and an optional lowercase segment letter (`16`, `3a`).
    mutating func verseLabel() throws(ReferenceError) -> String? {
        let start = index
        guard try integer() != nil else {
            index = start
            return nil
        }
        if index < characters.count, Self.isSegmentLetter(characters[index]) { index += 1 }
        return String(characters[start..<index])
    }

    /// Reads `3`, `16a`, `3:16`, `3.16`, `3 : 16` or `3 16`; nil (reading nothing but blanks) when no number
    /// comes first.
    ///
    /// - Throws: when a separator has no verse after it.
    mutating func head(_ text: String) throws(ReferenceError) -> Head? {
        skipBlanks()
        guard let first = try verseLabel() else { return nil }
        let save = index
        let spaced = skipBlanks()
        if takeSeparator() {
            skipBlanks()
            guard let second = try verseLabel() else {
                throw ReferenceError("'\(text)' has no verse number after the chapter")
            }
            return Head(first: first, second: second)
        }
        if spaced, index < characters.count, characters[index].isASCII, characters[index].isNumber,
            let second = try verseLabel()
        {
            return Head(first: first, second: second)
        }
        index = save
        return Head(first: first, second: nil)
    }

    /// Whether `characters` hold numbers only (`18`, `4:1-5`, `16a`): the item or range end inherits its book.
    static func isNumbersOnly(_ characters: some Collection<Character>) -> Bool {
        guard let first = characters.first, first.isASCII, first.isNumber else { return false }
        var previous: Character = " "
        for character in characters {
            let digit = character.isASCII && character.isNumber
            let allowed =
                digit || isBlank(character) || isSeparator(character) || isDash(character)
                || (isSegmentLetter(character) && previous.isASCII && previous.isNumber)
            guard allowed else { return false }
            previous = character
        }
        return true
    }

    static func isBlank(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\n" || character == "\r" || character == "\r\n"
            || character == "\u{A0}"
            || character == "\u{3000}"
    }

    static func isSeparator(_ character: Character) -> Bool {
        character == ":" || character == "." || character == "\u{FF1A}"
    }

    static func isDash(_ character: Character) -> Bool {
        character == "-" || character == "\u{2010}" || character == "\u{2011}" || character == "\u{2012}"
            || character == "\u{2013}" || character == "\u{2014}" || character == "\u{2212}"
    }

    static func isSegmentLetter(_ character: Character) -> Bool {
        character.isASCII && character.isLetter && character.isLowercase
    }
}
