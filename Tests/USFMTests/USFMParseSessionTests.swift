import Foundation
import ScriptureModel
import TestSupport
import TextNormalization
import Testing
import USFM

/// A session shares what it learns between the files of a version (the NFC forms of words); every file
/// must parse exactly as it does alone.
@Suite(.enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
struct USFMParseSessionTests {
    @Test(arguments: [
        ["eng-web-usfm/02-GENeng-web.usfm", "eng-web-usfm/70-MATeng-web.usfm", "eng-web-usfm/66-DAGeng-web.usfm"],
        ["eng-bsb-usfm/MAT.usfm", "eng-web-usfm/70-MATeng-web.usfm", "spa-rv1909-usfm/70-MATspaRV1909.usfm"],
        ["hbo-wlc-usfm/heb_RUT.usfm.gz", "hbo-wlc-usfm/heb_JON.usfm.gz", "grc-nestle1904-usfm/grk_JUD.usfm.gz"],
    ])
    func filesParseThroughASessionExactlyAsAlone(paths: [String]) throws {
        let session = USFMParseSession()
        for path in paths {
            let bytes = try TestCorpus.bytes(of: TestCorpus.folder(path))
            let alone = USFMParser.parse(bytes, path: path)
            let shared = bytes.withUnsafeBytes { USFMParser.parse($0, path: path, session: session) }
            #expect(shared.books == alone.books, "\(path)")
            #expect(shared.diagnostics == alone.diagnostics, "\(path)")
            #expect(!alone.books.isEmpty, "\(path) has a book")
        }
    }
}

/// Words NFC changes, read through one session again and again: each verse's text is the NFC of what
/// the file spells, however often the spelling was met, in a book of its own or not.
struct USFMSessionNFCTests {
    /// A word of `count` spellings: Hebrew with dagesh before sheva (NFC puts sheva first), a Latin a with a
    /// combining breve (NFC composes it), and a spelling longer than any kept one.
    static func file(_ book: String, words: [String]) -> String {
        let spans = words.map { "\\w \($0)|strong=\"H1\"\\w*" }.joined(separator: " ")
        return "\\id \(book)\n\\c 1\n\\p\n\\v 1 \(spans)\n"
    }

    @Test func repeatedAndDistinctSpellingsAreStoredAsNFC() {
        let hebrew = "\u{5D1}\u{5BC}\u{5B0}\u{5E8}\u{5B5}\u{5D0}\u{5E9}\u{5C1}\u{5B4}\u{596}\u{5D9}\u{5EA}"
        let latin = "a\u{306}\u{B7}\u{1E0F}"
        let long = String(repeating: hebrew, count: 8)
        // Enough distinct spellings to make the session's table grow several times.
        let distinct = (0..<5000).map { "\(hebrew)\($0)" }
        let session = USFMParseSession()
        for (index, book) in ["GEN", "EXO", "LEV"].enumerated() {
            let words = [hebrew, latin, long, hebrew, latin] + (index == 1 ? distinct : [])
            let text = Self.file(book, words: words)
            let shared = Array(text.utf8).withUnsafeBytes { USFMParser.parse($0, path: book, session: session) }
            let alone = USFMParser.parse(text, path: book)
            #expect(shared.books == alone.books, "\(book)")
            let verse = shared.books.first?.verseTexts().first?.text ?? ""
            let expected = NFC.normalize(words.joined(separator: " "))
            #expect(verse.utf8.elementsEqual(expected.utf8), "\(book): the verse is the NFC of its words")
            #expect(!verse.utf8.elementsEqual(words.joined(separator: " ").utf8), "\(book): NFC changed the words")
        }
    }
}
