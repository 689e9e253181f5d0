import Foundation
import ScriptureModel
import ScriptureStore

/// The verses of a word reference and the part of their text it names (`MAT 2:1!3-5`: verse 1, words 3 to 5).
public struct WordPassage: Sendable, Hashable {
    /// The range asked for.
    public var range: WordRange
    /// The version the text comes from.
    public var version: PassageVersion
    /// The verses from the range's first to its last.
    public var verses: [PassageVerse]
    /// For each verse (same order), the marked part of its text as UTF-16 offsets (empty when none of it is
    /// marked; one range, as a word range is one run of text).
    public var marks: [[Range<Int>]]

    /// Creates a word passage.
    public init(range: WordRange, version: PassageVersion, verses: [PassageVerse], marks: [[Range<Int>]]) {
        self.range = range
        self.version = version
        self.verses = verses
        self.marks = marks
    }
}

extension VersionStore {
    /// The verses and words `text` names (`MAT 2:1!3-5`, `John 3:16!2`), read with this version's book names.
    ///
    /// - Throws: `PassageError.reference` for text `ReferenceParser.parseWords` refuses, `.bookNotInVersion`,
    ///   and what `words(_:)` with a range refuses.
    public func words(_ text: String) throws(PassageError) -> WordPassage {
        let range: WordRange
        do {
            range = try ReferenceParser.parseWords(text, names: BookNameIndex(store: self), version: metadata.id)
        } catch {
            if let english = try? ReferenceParser.parseWords(text, names: .english), book(english.start.book) == nil {
                throw .bookNotInVersion(english.start.book, version: metadata.abbreviation)
            }
            throw .reference(error)
        }
        return try words(range)
    }

    /// The verses `range` spans in this version and the part of their text it names: words counted in each
    /// verse's stored text, characters in NFD (see `WordPlace`).
    ///
    /// - Complexity: O(text of the verses spanned).
    /// - Throws: what `passage(_:)` refuses for the verses (a book, chapter or verse the version lacks), and
    ///   `.wordNotInVerse` or `.characterNotInWord` for a word or character past the end of its verse or word.
    public func words(_ range: WordRange) throws(PassageError) -> WordPassage {
        let passage = try passage(PassageSelection(ranges: [range.verses]))
        guard let firstVerse = passage.verses.first, let lastVerse = passage.verses.last else {
            throw .verseNotInChapter(
                range.start.book, chapter: range.start.chapter, verse: range.start.verse,
                version: metadata.abbreviation, verses: "")
        }
        let start = try offset(of: range.start, in: firstVerse, atEnd: false)
        let end = try offset(of: range.end, in: lastVerse, atEnd: true)
        if passage.verses.count == 1, end < start {
            throw .reference(ReferenceError("'\(range)' ends before it starts"))
        }
        var marks: [[Range<Int>]] = []
        for (index, verse) in passage.verses.enumerated() {
            let length = verse.text.utf16.count
            let from = index == 0 ? start : 0
            let to = index == passage.verses.count - 1 ? end : length
            marks.append(from < to ? [from..<to] : [])
        }
        return WordPassage(range: range, version: passage.version, verses: passage.verses, marks: marks)
    }

    /// The UTF-16 offset in `verse`'s text where `place` starts (or ends, `atEnd`): the start or end of its
    /// word, or of its character; the whole verse's start or end when it names no word.
    private func offset(of place: WordPlace, in verse: PassageVerse, atEnd: Bool) throws(PassageError) -> Int {
        let text = verse.text
        guard let wordIndex = place.word else { return atEnd ? text.utf16.count : 0 }
        let words = WordPlace.words(of: text)
        let number: Int
        switch wordIndex {
        case .end: number = words.count
        case .number(let value): number = value
        }
        guard number >= 1, number <= words.count else {
            throw .wordNotInVerse(
                verse.reference, word: number, words: words.count, version: metadata.abbreviation)
        }
        let word = words[number - 1]
        guard let characterIndex = place.character else {
            return text.utf16.distance(from: text.startIndex, to: atEnd ? word.upperBound : word.lowerBound)
        }
        // Characters in NFD: each of the word's (NFC) scalars counts as many as its decomposition has.
        let scalars = Array(text[word].unicodeScalars)
        let counts = scalars.map { String($0).decomposedStringWithCanonicalMapping.unicodeScalars.count }
        let total = counts.reduce(0, +)
        let character: Int
        switch characterIndex {
        case .end: character = total
        case .number(let value): character = value
        }
        guard character <= total else {
            throw .characterNotInWord(
                verse.reference, word: number, text: String(text[word]), character: character, characters: total,
                version: metadata.abbreviation)
        }
        let wordStart = text.utf16.distance(from: text.startIndex, to: word.lowerBound)
        // Character 0 is the place before the word: an empty mark there.
        guard character > 0 else { return wordStart }
        var seen = 0
        var utf16 = wordStart
        for (scalar, count) in zip(scalars, counts) {
            if seen + count >= character { return atEnd ? utf16 + scalar.utf16.count : utf16 }
            seen += count
            utf16 += scalar.utf16.count
        }
        return utf16
    }
}
