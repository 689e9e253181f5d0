import Foundation
import Lectern
import LecternTestSupport
import TestSupport
import Testing

/// Search on real Bibles: hit counts against an independent count, accents and case in four scripts,
/// Chinese without spaces, scopes, and the index's own check.
@Suite(.enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
struct SearchCorpusTests {
    /// A corpus folder imported with its search index into a temporary library.
    final class Imported: Sendable {
        let directory = NSTemporaryDirectory() + "/lectern-search-corpus-\(UUID().uuidString)"
        let store: VersionStore
        let verses: [VerseText]

        init(_ folder: String) throws {
            // (`web` below is a `static let`, never deinitialised.)
            ExitCleanup.remove(atExit: directory)
            let books = CorpusParses.books(folder)
            let library = Library(directory: directory)
            let metadata = try library.add(
                books: books, metadata: VersionMetadata(id: 0, abbreviation: "T", title: folder), id: nil,
                replace: false, sections: [SearchIndexSection()])
            store = try library.open(metadata.id)
            verses = try store.allVerseTexts()
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }

        /// How many verses match `query` (every page).
        func count(_ query: String, _ options: SearchOptions = SearchOptions()) throws -> Int {
            try store.searchIndex().matches(QueryParser.parse(query, mode: options.mode), options: options).verses.count
        }
    }

    static let web = Result { try Imported("eng-web-usfm") }

    /// Words and phrases for the independent count on eng-web.
    static let words = [
        "God", "Lord", "Yahweh", "love", "faith", "hope", "grace", "Jesus", "Moses", "David", "king", "water",
        "bread", "light", "darkness", "heaven", "earth", "sin", "mercy", "peace", "truth", "Melchizedek",
        "Jerusalem", "blessed", "shepherd", "s", "t",
    ]
    static let phrases = [
        "in the beginning", "the word of Yahweh", "son of man", "kingdom of heaven", "the Lord Jesus Christ",
        "fear of Yahweh", "Holy Spirit", "it is written", "eternal life", "the son of God", "don t be afraid",
        "God s", "Yahweh s anger", "as Yahweh commanded Moses",
    ]

    /// The independent count: verses of the exported `vref` text where a whole-word, case-insensitive regular
    /// expression matches. Word characters are letters, marks, digits and `_`; everything else (spaces,
    /// punctuation, and apostrophes, as in the tokenizer: `God’s` is `God` then `s`) separates words; a
    /// phrase's words may be separated by any run of non-word characters. So `God s` counts `God’s` and
    /// `don t be afraid` counts `don’t be afraid`.
    static func regexCount(_ text: String, in verses: [VerseText], caseInsensitive: Bool = true) throws -> Int {
        let word = "[\\p{L}\\p{M}\\p{N}_]"
        let body = text.split(separator: " ").map { NSRegularExpression.escapedPattern(for: String($0)) }
            .joined(separator: "(?:[^\\p{L}\\p{M}\\p{N}_])+")
        let regex = try NSRegularExpression(
            pattern: "(?<!\(word))\(body)(?!\(word))", options: caseInsensitive ? [.caseInsensitive] : [])
        return verses.count { verse in
            regex.firstMatch(in: verse.text, range: NSRange(verse.text.startIndex..., in: verse.text)) != nil
        }
    }

    @Test(arguments: words) func wordCountsAgreeWithARegex(_ word: String) throws {
        let web = try Self.web.get()
        let expected = try Self.regexCount(word, in: web.verses)
        #expect(expected > 0)
        #expect(try web.count(word) == expected, "\(word)")
    }

    @Test(arguments: phrases) func phraseCountsAgreeWithARegex(_ phrase: String) throws {
        let web = try Self.web.get()
        let expected = try Self.regexCount(phrase, in: web.verses)
        #expect(expected > 0)
        #expect(try web.count("\"\(phrase)\"") == expected, "\(phrase)")
    }

    @Test func scopesSplitTheCount() throws {
        let web = try Self.web.get()
        let all = try web.store.search("God")
        let ot = try web.count("God", SearchOptions(testament: .ot))
        let nt = try web.count("God", SearchOptions(testament: .nt))
        let deuterocanon = all.bookCounts.filter { $0.book.testament == .deuterocanon }.reduce(0) { $0 + $1.count }
        #expect(ot + nt + deuterocanon == all.totalCount)
        #expect(deuterocanon > 0)
        #expect(ot == all.bookCounts.filter { $0.book.testament == .old }.reduce(0) { $0 + $1.count })
        let pentateuch = try SearchOptions.books("GEN-DEU")
        let scoped = try web.store.search("God", options: SearchOptions(books: pentateuch))
        #expect(scoped.bookCounts.map(\.book) == [.genesis, .exodus, .leviticus, .numbers, .deuteronomy])
        #expect(scoped.totalCount == all.bookCounts.filter { pentateuch.contains($0.book) }.reduce(0) { $0 + $1.count })
        #expect(scoped.hits.allSatisfy { pentateuch.contains($0.key.book) })
    }

    @Test func johnThreeSixteenIsAReferenceAndMisspellingsGetSuggestions() throws {
        let web = try Self.web.get()
        #expect(try web.store.search("John 3:16").reference?.id == "JHN.3.16")
        let misspelt = try web.store.search("Melchisedek")
        #expect(misspelt.totalCount == 0)
        #expect(misspelt.suggestions.first?.alternatives.first == "Melchizedek")
        for word in ["LORD", "Lord", "lord"] {
            let exact = try web.count(word, SearchOptions(mode: .exact))
            #expect(exact == (try Self.regexCount(word, in: web.verses, caseInsensitive: false)), "\(word)")
        }
    }

    /// Only the first eight unknown words get suggestions (each is compared with the whole vocabulary), and a
    /// query of thousands of words with digits is no reference (its prefixes are not all tried as book names).
    @Test func aLongQueryOfUnknownWordsGetsEightSuggestionsAndNoReference() throws {
        let web = try Self.web.get()
        let misspelt = ["Melchisedek", "Abrahm", "Jerusalm", "Egyptt", "Israell", "Moseh", "Davidd", "Nazareht"]
        let query = (misspelt + ["Samuell", "Solomn"] + (0..<3000).map { "w\($0)" }).joined(separator: " ")
        let page = try web.store.search(query)
        #expect(page.totalCount == 0)
        #expect(page.reference == nil)
        #expect(page.suggestions.map(\.word) == misspelt.map { SearchFolding.fold($0) })
        #expect(page.suggestions.first?.alternatives.first == "Melchizedek")
    }

    @Test func theIndexPassesVerify() throws {
        let web = try Self.web.get()
        #expect(VersionStore.verify(path: web.store.path, sections: [SearchIndexSection()]).isEmpty)
    }

    /// An independent fold: Foundation's NFD, nonspacing marks (accents, Hebrew points and cantillation) and
    /// invisible format characters dropped, Swift's lower case, final sigma as sigma. The count is of verses
    /// where some word (a run of letters, marks, digits, `_` and format characters) folds to the query's
    /// fold, without Lectern's tokenizer or folding. Format characters count as part of a word as in the
    /// tokenizer: the WLC writes U+200D ZERO WIDTH JOINER inside `אֱ‍ֽלֹהִ֗ים` (PSA 5:10, 50:1).
    static func foundationCount(_ query: String, in verses: [VerseText]) throws -> Int {
        let regex = try NSRegularExpression(pattern: "[\\p{L}\\p{M}\\p{N}_\\p{Cf}]+")
        func fold(_ word: String) -> String {
            var scalars = String.UnicodeScalarView()
            for scalar in word.decomposedStringWithCanonicalMapping.unicodeScalars
            where scalar.properties.generalCategory != .nonspacingMark && scalar.properties.generalCategory != .format {
                scalars.append(scalar)
            }
            return String(scalars).lowercased().replacingOccurrences(of: "ς", with: "σ")
        }
        let target = fold(query)
        return verses.count { verse in
            regex.matches(in: verse.text, range: NSRange(verse.text.startIndex..., in: verse.text)).contains { match in
                Range(match.range, in: verse.text).map { fold(String(verse.text[$0])) == target } ?? false
            }
        }
    }

    /// The first verses the search finds and the independent count does not, for the failure message.
    static func differences(_ page: SearchPage, _ query: String, _ verses: [VerseText]) -> [String] {
        page.hits.filter { hit in (try? foundationCount(query, in: [hit.verseIndexText(verses)])) == 0 }.prefix(3)
            .map { hit in
                let words = hit.highlights.map { String(decoding: Array(hit.text.utf8)[$0.utf8], as: UTF8.self) }
                return "\(hit.key): "
                    + words.map { $0.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }.joined(
                        separator: " | ")
            }
    }

    /// A query without accents or capitals, in a corpus whose text has them.
    struct Folding: Sendable, CustomTestStringConvertible {
        var folder: String
        var query: String
        /// A written form the hits must include (accented or capitalised).
        var form: String
        var testDescription: String { "\(folder): \(query)" }
    }

    static let foldings = [
        Folding(folder: "spa-rv1909-usfm", query: "senor", form: "Señor"),
        Folding(folder: "spa-rv1909-usfm", query: "jehova", form: "Jehová"),
        Folding(folder: "grc-nestle1904-usfm", query: "θεος", form: "θεὸς"),
        Folding(folder: "grc-nestle1904-usfm", query: "λογος", form: "Λόγος"),
        Folding(folder: "hbo-wlc-usfm", query: "אלהים", form: "אֱלֹהִ֑ים"),
        Folding(folder: "rus-synodal-usfm", query: "господь", form: "Господь"),
        Folding(folder: "rus-synodal-usfm", query: "иисус", form: "Иисус"),
    ]

    @Test(arguments: foldings) func accentsAndCaseAreIgnored(_ test: Folding) throws {
        let imported = try Imported(test.folder)
        let page = try imported.store.search(test.query, options: SearchOptions(pageSize: 1000))
        #expect(page.totalCount > 0)
        let independent = try Self.foundationCount(test.query, in: imported.verses)
        #expect(page.totalCount == independent, "\(Self.differences(page, test.query, imported.verses))")
        let forms = Set(
            page.hits.flatMap { hit in
                hit.highlights.map { String(decoding: Array(hit.text.utf8)[$0.utf8], as: UTF8.self) }
            })
        #expect(forms.contains(test.form), "\(forms.prefix(10))")
        #expect(forms.allSatisfy { SearchFolding.fold($0) == SearchFolding.fold(test.query) })
        // The exact mode tells the forms apart: the written form alone finds some of the verses, the
        // unaccented lower-case query fewer than the folded search.
        let exact = try imported.count(test.form, SearchOptions(mode: .exact))
        #expect(exact > 0 && exact <= page.totalCount)
        #expect(try imported.count(test.query, SearchOptions(mode: .exact)) < page.totalCount)
    }

    @Test func chineseWithoutSpacesFindsJohnThreeSixteen() throws {
        let imported = try Imported("cmn-cu89s-usfm")
        let page = try imported.store.search("神爱世人")
        #expect(page.hits.map(\.key.description).contains("JHN 3:16"))
        let hit = try #require(page.hits.first { $0.key.description == "JHN 3:16" })
        let marked = hit.highlights.map { String(decoding: Array(hit.text.utf8)[$0.utf8], as: UTF8.self) }
        #expect(marked.contains { $0.contains("神爱世人") || $0 == "神爱世人" })
    }

    static let tokenizedFolders = [
        "eng-web-usfm", "cmn-cu89s-usfm", "hbo-wlc-usfm", "grc-nestle1904-usfm", "kor-1910-usfm", "rus-synodal-usfm",
        "spa-rv1909-usfm", "vie-1934-usfm",
    ]

    /// The index splits text in the exact mode and folds each term; a query splits in the default mode.
    /// They must give the same terms, verse by verse.
    @Test(arguments: tokenizedFolders) func exactTokensFoldToDefaultTokens(_ folder: String) throws {
        let books = CorpusParses.books(folder)
        var memo: [String: String] = [:]
        var differing: [String] = []
        for verse in books.flatMap({ $0.verseTexts() }) {
            let exact = WordBreaker.tokens(in: verse.text, mode: .exact).compactMap { token -> String? in
                let folded = memo[token.term] ?? SearchFolding.fold(token.term)
                memo[token.term] = folded
                return folded.isEmpty ? nil : folded
            }
            if exact != WordBreaker.tokens(in: verse.text).map(\.term) { differing.append(verse.key.description) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }
}

extension SearchHit {
    /// This hit's verse from the version's verse list.
    fileprivate func verseIndexText(_ verses: [VerseText]) -> VerseText { verses[verseIndex] }
}
