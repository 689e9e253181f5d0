import Foundation
import ScriptureStore
import TestSupport
import Testing
import TextNormalization

@testable import ScriptureSearch

/// A query of words highlighted from the text alone (`WordForms`) gets what the index's tokens give
/// (`TokenLocator`) and what splitting the text gives (`Highlighter`), and only texts whose non-ASCII
/// characters are all general punctuation are highlighted that way.
@Suite struct WordFormsTests {
    /// Each hit of `text` among `verses` (at most `limit`): the forms' highlights, nil when not simple, beside
    /// the locator's and the tokenizer's.
    static func compare(
        _ text: String, mode: FoldingMode, index: SearchIndex, limit: Int = 60
    ) throws -> [(verse: Int, forms: [SearchHighlight]?, located: [SearchHighlight]?, split: [SearchHighlight])] {
        let query = try QueryParser.parse(text, mode: mode)
        let verses = Array(try index.matches(query).verses.prefix(limit))
        let texts = try index.store.verseTexts(at: verses)
        return try index.read { view throws(IndexDamage) in
            let executor = try QueryExecutor(index: view, query: query, bookStarts: index.bookStarts)
            guard let forms = try WordForms(phrases: executor.phrases, view: view) else { return [] }
            var room: [SearchHighlight] = []
            var locator = TokenLocator(view: view, exactMode: mode == .exact, phrases: executor.phrases)
            return try zip(verses, texts).map { verse, text throws(IndexDamage) in
                (
                    verse, forms.highlights(in: text, room: &room), try locator.highlights(verse: verse, text: text),
                    Highlighter.highlights(of: query, in: text)
                )
            }
        }
    }

    /// Words, short prefixes and pairs of words of the World English Bible, in both modes: every hit whose text
    /// is simple has the locator's and the tokenizer's highlights, and most are.
    @Test(.enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
    func formsGiveTheLocatorsHighlightsOnWEB() throws {
        let store = try PageAssemblyTests.store("eng-web-usfm")
        let index = try store.searchIndex()
        let queries = try PageAssemblyTests.queries(store, count: 300).filter { !$0.hasPrefix("\"") }
            + ["Melchizedek", "faith love", "God", "LORD", "love OR hate", "faith -love", "bless*", "x"]
        var (simple, other) = (0, 0)
        for text in queries {
            for mode in FoldingMode.allCases {
                for hit in try Self.compare(text, mode: mode, index: index) {
                    guard let forms = hit.forms else {
                        other += 1
                        continue
                    }
                    simple += 1
                    #expect(forms == hit.located, "\(text) (\(mode)): verse \(hit.verse)")
                    #expect(forms == hit.split, "\(text) (\(mode)): verse \(hit.verse)")
                }
            }
        }
        #expect(simple > 10_000)
        #expect(simple > 20 * other, "\(simple) simple, \(other) not")
    }

    /// Beside ASCII punctuation and general punctuation a word is highlighted from the text; a verse with any
    /// other non-ASCII character (a mark, an accented letter, a word joiner, a soft hyphen, a guillemet, a
    /// line separator, an ideograph) is left to the locator.
    @Test(arguments: FoldingMode.allCases) func onlySimpleTextsAreHighlightedFromTheText(_ mode: FoldingMode) throws {
        let fixture = try SearchFixture([
            """
            \\id GEN
            \\c 1
            \\p \\v 1 “Love,” love’s—love… ‘love’ †love‡ love‧love love‥love. LOVE_love love2 Love
            \\v 2 love\u{301} lové lo\u{2060}ve love lo\u{AD}ve love x_love love2 love
            \\v 3 «love» ¡love! love–love—love “love
            \\v 4 love”\u{2028}love love\u{200B}love 神love love神 love
            \\v 5 lovely loves a love I x—a “I” 2 love_ 22
            """
        ])
        let index = try fixture.store.searchIndex()
        var highlighted = 0
        let queries = ["love", "lov*", "love OR lo", "LOVE lovely", "Love", "love2 OR x_love", "a OR I OR 2", "love_ 22"]
        for text in queries {
            for hit in try Self.compare(text, mode: mode, index: index) {
                let simple = hit.verse == 0 || hit.verse == 4
                #expect((hit.forms != nil) == simple, "\(text): verse \(hit.verse)")
                guard let forms = hit.forms else { continue }
                #expect(forms == hit.located, "\(text): verse \(hit.verse)")
                #expect(forms == hit.split, "\(text): verse \(hit.verse)")
                highlighted += forms.count
            }
        }
        #expect(highlighted > 10)
    }

    /// A phrase or an exact prefix of several words leaves the query to the locator.
    @Test func otherQueriesHaveNoForms() throws {
        let fixture = try SearchFixture.small()
        let index = try fixture.store.searchIndex()
        for (text, mode) in [
            ("\"the beginning\"", FoldingMode.default), ("bless*", .exact), ("\"love\" OR \"good news\"", .default),
        ] {
            let query = try QueryParser.parse(text, mode: mode)
            let made = try index.read { view throws(IndexDamage) in
                let executor = try QueryExecutor(index: view, query: query, bookStarts: index.bookStarts)
                return try WordForms(phrases: executor.phrases, view: view)
            }
            #expect(made == nil, "\(text)")
        }
    }
}
