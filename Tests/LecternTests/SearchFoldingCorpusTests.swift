import Foundation
import Lectern
import LecternTestSupport
import Synchronization
import TestSupport
import Testing

@testable import TextNormalization

/// Search folding and word breaks on the real Bibles of the shared corpus, read with Lectern's loader.
@Suite(.enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
struct SearchFoldingCorpusTests {
    struct VerseCase: CustomTestStringConvertible, Sendable {
        var folder: String
        var file: String
        var reference: String
        var terms: [String]
        var testDescription: String { "\(folder) \(reference)" }
    }

    static let matthew1v20 = [
        "ταυτα", "δε", "αυτου", "ενθυμηθεντοσ", "ιδου", "αγγελοσ", "κυριου", "κατ", "οναρ", "εφανη", "αυτω", "λεγων",
        "ιωσηφ", "υιοσ", "δαυιδ", "μη", "φοβηθησ", "παραλαβειν", "μαριαν", "την", "γυναικα", "σου", "το", "γαρ", "εν",
        "αυτη", "γεννηθεν", "εκ", "πνευματοσ", "εστιν", "αγιου",
    ]

    static let genesisHebrew = ["בראשית", "ברא", "אלהים", "את", "השמים", "ואת", "הארץ"]

    static let verseCases: [VerseCase] = [
        VerseCase(
            folder: "spa-rv1909-usfm", file: "02-GENspaRV1909.usfm", reference: "GEN 15:2",
            terms: [
                "y", "respondio", "abram", "senor", "jehova", "que", "me", "has", "de", "dar", "siendo", "asi", "que",
                "ando", "sin", "hijo", "y", "el", "mayordomo", "de", "mi", "casa", "es", "ese", "damasceno", "eliezer",
            ]),
        VerseCase(
            folder: "grc-nestle1904-usfm", file: "grk_MAT.usfm.gz", reference: "MAT 1:1",
            terms: ["βιβλοσ", "γενεσεωσ", "ιησου", "χριστου", "υιου", "δαυιδ", "υιου", "αβρααμ"]),
        VerseCase(
            folder: "grc-ugnt-usx", file: "040MAT.usx.gz", reference: "MAT 1:1",  // UGNT spells Δαυείδ
            terms: ["βιβλοσ", "γενεσεωσ", "ιησου", "χριστου", "υιου", "δαυειδ", "υιου", "αβρααμ"]),
        VerseCase(
            folder: "grc-nestle1904-usfm", file: "grk_MAT.usfm.gz", reference: "MAT 1:20",
            terms: matthew1v20),  // κατ’ ὄναρ: the elided word ends at the apostrophe
        VerseCase(folder: "hbo-wlc-usfm", file: "heb_GEN.usfm.gz", reference: "GEN 1:1", terms: genesisHebrew),
        VerseCase(folder: "hbo-uhb-usx", file: "001GEN.usx.gz", reference: "GEN 1:1", terms: genesisHebrew),
        VerseCase(
            folder: "rus-synodal-usfm", file: "02-GENrussyn.usfm", reference: "GEN 1:1",
            terms: ["в", "начале", "сотворил", "бог", "небо", "и", "землю"]),
        VerseCase(
            folder: "vie-1934-usfm", file: "02-GENvie1934.usfm", reference: "GEN 1:1",
            terms: ["ban", "dau", "duc", "chua", "troi", "dung", "nen", "troi", "dat"]),
        VerseCase(
            folder: "eng-web-usfm", file: "02-GENeng-web.usfm", reference: "GEN 1:27",
            terms: [
                "god", "created", "man", "in", "his", "own", "image", "in", "god", "s", "image", "he", "created",
                "him", "male", "and", "female", "he", "created", "them",
            ]),
    ]

    /// Real verses fold to their unaccented, lowercase words; WLC (no word joiners) and UHB
    /// (U+2060 between morphemes) give the same Hebrew terms, Nestle and UGNT the same Greek.
    @Test(arguments: verseCases)
    func knownVerseFoldsToItsWords(_ c: VerseCase) throws {
        let path = TestCorpus.folder(c.folder).appendingPathComponent(c.file).path
        let text: String
        if c.file.contains(".usx") {
            text = try #require(try USXVerse.text(path: path, reference: c.reference))
        } else {
            let verses = VersionSource.parseFile(path).books.flatMap { $0.verseTexts() }
            text = try #require(verses.first { $0.key.description == c.reference }?.text)
        }
        #expect(WordBreaker.tokens(in: text).map(\.term) == c.terms, "\(text)")
        if c.folder == "hbo-uhb-usx" { #expect(text.contains("\u{2060}")) }
    }

    @Test func chinesePhraseMatchesWithoutSpaces() throws {
        let verses = CorpusVerses.load("cmn-cu89s-usfm")
        let query = WordBreaker.tokens(in: "神爱世人").map(\.term)
        #expect(query == ["神", "爱", "世", "人"])
        let matching = verses.filter { verse in
            let terms = WordBreaker.tokens(in: verse.text).map(\.term)
            return terms.indices.contains { terms[$0...].starts(with: query) }
        }
        #expect(matching.map(\.key.description) == ["JHN 3:16"])
        #expect(verses.filter { $0.text.contains("神爱世人") }.map(\.key) == matching.map(\.key))
    }

    struct CountCase: CustomTestStringConvertible, Sendable {
        var folder: String
        var query: String
        /// A regular expression over the text with nonspacing marks and format characters
        /// removed (Foundation's NFD) and lowercased: an independent way to the same verses.
        var pattern: String
        var atLeast: Int
        var testDescription: String { "\(folder) \(query)" }
    }

    static let countCases: [CountCase] = [
        CountCase(folder: "spa-rv1909-usfm", query: "senor", pattern: "senor", atLeast: 500),
        CountCase(folder: "rus-synodal-usfm", query: "ее", pattern: "ее", atLeast: 500),
        CountCase(folder: "grc-nestle1904-usfm", query: "ΛΟΓΟΣ", pattern: "λογο[σς]", atLeast: 50),
        CountCase(folder: "hbo-wlc-usfm", query: "אלהים", pattern: "אלהים", atLeast: 500),
        CountCase(folder: "vie-1934-usfm", query: "chua", pattern: "chua", atLeast: 500),
        CountCase(folder: "eng-web-usfm", query: "LOVE", pattern: "love", atLeast: 300),
    ]

    /// Unaccented, lowercase queries find exactly the verses a whole-word regular expression
    /// finds in independently stripped text (so `love` also finds `love’s`, as `\b` does).
    @Test(arguments: countCases)
    func unaccentedQueryFindsTheSameVersesAsARegex(_ c: CountCase) throws {
        let verses = CorpusVerses.load(c.folder)
        let term = try #require(WordBreaker.tokens(in: c.query).first?.term)
        let regex = try NSRegularExpression(pattern: "(?<![\\p{L}\\p{N}])\(c.pattern)(?![\\p{L}\\p{N}])")
        let marks = try NSRegularExpression(pattern: "[\\p{Mn}\\p{Cf}]")
        var byTokens = 0
        var byRegex = 0
        var disagreements: [String] = []
        for verse in verses {
            let tokenMatch = WordBreaker.tokens(in: verse.text).contains { $0.term == term }
            let decomposed = verse.text.decomposedStringWithCanonicalMapping as NSString
            let stripped = marks.stringByReplacingMatches(
                in: decomposed as String, range: NSRange(location: 0, length: decomposed.length), withTemplate: ""
            ).lowercased()
            let regexMatch = regex.firstMatch(in: stripped, range: NSRange(stripped.startIndex..., in: stripped)) != nil
            byTokens += tokenMatch ? 1 : 0
            byRegex += regexMatch ? 1 : 0
            if tokenMatch != regexMatch, disagreements.count < 3 { disagreements.append("\(verse.key): \(verse.text)") }
        }
        #expect(byTokens == byRegex, "\(disagreements)")
        #expect(byTokens >= c.atLeast, "\(byTokens) verses")
    }

    /// The fast path that skips ICU's break iterator (most English verses: ASCII words with
    /// typographic punctuation; all Chinese verses: Han per character; Hebrew, Greek, Cyrillic,
    /// Vietnamese and Korean words with their marks) gives exactly ICU's tokens.
    @Test(arguments: [
        ("eng-web-usfm", 38_058), ("cmn-cu89s-usfm", 31_021), ("hbo-wlc-usfm", 22_878), ("grc-nestle1904-usfm", 7_941),
        ("rus-synodal-usfm", 31_169), ("vie-1934-usfm", 31_102), ("kor-1910-usfm", 30_991),
        ("spa-rv1909-usfm", 31_102),
    ])
    func fastPathGivesICUTokensOnEveryVerse(_ folder: String, verseCount: Int) {
        let verses = CorpusVerses.load(folder)
        #expect(verses.count == verseCount)
        let different = verses.filter {
            WordBreaker.tokens(in: $0.text) != WordBreaker.tokensWithoutFastPath(in: $0.text)
        }
        #expect(different.isEmpty, "\(different.prefix(3).map(\.key))")
    }

    /// On every verse of seven versions, each token's UTF-8 and UTF-16 ranges select the same
    /// text, that text folds to the term, and the term is non-empty with no white space.
    @Test(arguments: [
        "eng-web-usfm", "spa-rv1909-usfm", "rus-synodal-usfm", "grc-nestle1904-usfm", "hbo-wlc-usfm", "vie-1934-usfm",
        "cmn-cu89s-usfm",
    ])
    func tokenRangesAndTermsHoldOnEveryVerse(_ folder: String) {
        var problems: [String] = []
        var tokenCount = 0
        for verse in CorpusVerses.load(folder) {
            let utf8 = Array(verse.text.utf8)
            let utf16 = Array(verse.text.utf16)
            for token in WordBreaker.tokens(in: verse.text) {
                tokenCount += 1
                guard token.utf8Range.upperBound <= utf8.count, token.utf16Range.upperBound <= utf16.count else {
                    problems.append("\(verse.key): \(token) out of bounds")
                    continue
                }
                let text = String(decoding: utf8[token.utf8Range], as: UTF8.self)
                if text != String(decoding: utf16[token.utf16Range], as: UTF16.self)
                    || SearchFolding.fold(text) != token.term || token.term.isEmpty
                    || token.term.contains(where: \.isWhitespace)
                {
                    problems.append("\(verse.key): \(text) → \(token.term)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(tokenCount > 100_000, "\(tokenCount) tokens")
    }
}

/// Verse texts of corpus folders, parsed once per test run.
enum CorpusVerses {
    private static let cache = Mutex<[String: [VerseText]]>([:])

    /// All verses of a folder of the shared corpus.
    static func load(_ folder: String) -> [VerseText] {
        if let cached = cache.withLock({ $0[folder] }) { return cached }
        let verses = CorpusParses.books(folder).flatMap { $0.verseTexts() }
        cache.withLock { $0[folder] = verses }
        return verses
    }
}

/// One verse's text from a USX file, with a tiny extraction (Lectern does not read USX yet):
/// the text between the verse's start and end milestones, tags removed, white space collapsed.
enum USXVerse {
    static func text(path: String, reference: String) throws -> String? {
        let xml = String(decoding: try VersionSource.read(path), as: UTF8.self)
        guard let start = xml.range(of: "sid=\"\(reference)\""),
            let open = xml.range(of: "/>", range: start.upperBound..<xml.endIndex),
            let end = xml.range(of: "<verse eid=\"\(reference)\"", range: open.upperBound..<xml.endIndex)
        else { return nil }
        let inner = String(xml[open.upperBound..<end.lowerBound])
        let untagged = inner.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        return untagged.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
