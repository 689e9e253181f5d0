import ScriptureModel
import ScriptureStore

/// Why a passage could not be given, in sentences a reader can act on.
public enum PassageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reference could not be read (an unknown book comes with the nearest names of the version).
    case reference(ReferenceError)
    /// The library has no versions at all.
    case emptyLibrary(directory: String)
    /// No version was named and the library has several (listed as `WEB (1)`).
    case bibleRequired(available: [String])
    /// No version has this id or abbreviation (the library's are listed as `WEB (1)`).
    case unknownBible(String, available: [String])
    /// The version does not have the book.
    case bookNotInVersion(BookID, version: String)
    /// The book has no introduction in the version.
    case noIntroduction(BookID, version: String)
    /// The version's book has no such chapter; `chapters` lists those it has (`1–21`, `3, 23`).
    case chapterNotInVersion(BookID, chapter: Int, version: String, chapters: String)
    /// The chapter has no such verse; `verses` says which it has (`1–36`).
    case verseNotInChapter(BookID, chapter: Int, verse: String, version: String, verses: String)
    /// A word past the end of its verse (a word reference, `MAT 2:1!30`); `words` is how many the verse has.
    case wordNotInVerse(BibleReference, word: Int, words: Int, version: String)
    /// A character past the end of its word (counted in NFD, as U23003 counts them); `text` is the word.
    case characterNotInWord(
        BibleReference, word: Int, text: String, character: Int, characters: Int, version: String)
    /// A range the passage API does not walk (across books, or from an introduction into chapters).
    case unsupported(String)
    /// The store could not be read.
    case store(StoreError)

    /// One or two sentences saying what is wrong and what would work.
    public var description: String {
        switch self {
        case .reference(let error): return error.description
        case .emptyLibrary(let directory): return "the library at \(directory) has no bibles; import one first"
        case .bibleRequired(let available):
            return "the library has \(available.count) bibles (\(available.joined(separator: ", "))); name one"
        case .unknownBible(let name, let available):
            guard !available.isEmpty else { return "no bible '\(name)': the library has none" }
            return "no bible '\(name)' in the library; it has \(available.joined(separator: ", "))"
        case .bookNotInVersion(let book, let version): return "\(version) has no book \(Self.name(book))"
        case .noIntroduction(let book, let version): return "\(Self.name(book)) has no introduction in \(version)"
        case .chapterNotInVersion(let book, let chapter, let version, let chapters):
            let has = chapters.isEmpty ? "it has no chapters" : "its chapters are \(chapters)"
            return "\(Self.name(book)) has no chapter \(chapter) in \(version); \(has)"
        case .verseNotInChapter(let book, let chapter, let verse, let version, let verses):
            let has = verses.isEmpty ? "it has no verses" : "its verses are \(verses)"
            return "\(book.englishName) \(chapter) has no verse \(verse) in \(version); \(has)"
        case .wordNotInVerse(let verse, let word, let words, let version):
            return "\(verse.displayName()) has \(words) \(words == 1 ? "word" : "words") in \(version); word \(word) "
                + "is past its end"
        case .characterNotInWord(let verse, let word, let text, let character, let characters, let version):
            return "word \(word) of \(verse.displayName()) in \(version) ('\(text)') has \(characters) "
                + "\(characters == 1 ? "character" : "characters") (in NFD); character \(character) is past its end"
        case .unsupported(let message): return message
        case .store(let error): return error.description
        }
    }

    private static func name(_ book: BookID) -> String { "\(book.englishName) (\(book.code))" }

    /// Numbers as runs: `[1, 2, 3, 5]` → `1–3, 5`.
    static func runs(_ numbers: [Int]) -> String { numbers.runs }
}
