import Foundation
import Lectern
import LecternTestSupport
import TestSupport
import Testing

/// Relevance order on a real Bible: the best 20 of AND and phrase queries over eng-web, whose common words
/// ("the", "and", "lord") are stored as bitmaps and ranked by the intersection's own path, against a plain
/// BM25 computed here from the verse texts alone.
@Suite(.enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
struct RelevanceCorpusTests {
    /// Each verse's folded word terms, in order, and the average verse length in words.
    struct Tokens: Sendable {
        let verses: [[String]]
        let average: Double

        init(_ texts: [VerseText]) {
            verses = texts.map { WordBreaker.tokens(in: $0.text).map(\.term) }
            average = Double(verses.map(\.count).reduce(0, +)) / Double(max(1, verses.count))
        }

        /// BM25 of verse `index` for `words` (k1 = 1.2, b = 0.75, idf ln(1 + (N − df + 0.5) / (df + 0.5))),
        /// `frequencies` holding each word's document frequency.
        func score(_ index: Int, _ words: [String], frequencies: [String: Int]) -> Double {
            let count = Double(verses.count)
            let tokens = verses[index]
            let norm = 1.2 * (0.25 + 0.75 * Double(tokens.count) / average)
            return words.reduce(0.0) { score, word in
                let frequency = Double(tokens.count { $0 == word })
                guard frequency > 0 else { return score }
                let df = Double(frequencies[word] ?? 0)
                return score + log(1 + (count - df + 0.5) / (df + 0.5)) * frequency * 2.2 / (frequency + norm)
            }
        }
    }

    static let tokens = Result { try Tokens(SearchCorpusTests.web.get().verses) }

    @Test(arguments: [
        ("the lord", ["the", "lord"]), ("and the", ["and", "the"]), ("faith love", ["faith", "love"]),
        ("God", ["god"]), ("Jesus Christ", ["jesus", "christ"]), ("\"in the beginning\"", ["in", "the", "beginning"]),
        ("\"the word of Yahweh\"", ["the", "word", "of", "yahweh"]), ("\"son of man\"", ["son", "of", "man"]),
    ])
    func theBestTwentyAreBM25sBest(_ query: String, _ words: [String]) throws {
        let web = try SearchCorpusTests.web.get()
        let tokens = try Self.tokens.get()
        #expect(tokens.verses.count == web.store.verseCount)
        let index = try web.store.searchIndex()
        let parsed = try QueryParser.parse(query)
        // The matching verses in canon order come from the index (their counts are checked against a
        // regular expression in SearchCorpusTests); the order and scores among them are checked here.
        let canonical = try index.matches(parsed).verses
        #expect(!canonical.isEmpty, "\(query)")
        var frequencies: [String: Int] = [:]
        for word in Set(words) { frequencies[word] = tokens.verses.count { $0.contains(word) } }
        let scores = canonical.map { tokens.score($0, words, frequencies: frequencies) }
        let expected = zip(canonical, scores).sorted { a, b in
            abs(a.1 - b.1) > 1e-9 ? a.1 > b.1 : a.0 < b.0
        }
        for limit in [1, 20, 100] {
            let best = try index.best(parsed, limit: limit)
            #expect(best.total == canonical.count, "\(query)")
            #expect(best.matches.verses == expected.prefix(limit).map(\.0), "\(query) limit \(limit)")
            let differences = zip(best.matches.scores, expected.prefix(limit).map(\.1)).map { abs($0 - $1) }
            #expect(differences.allSatisfy { $0 < 1e-9 }, "\(query) limit \(limit): \(differences.max() ?? 0)")
        }
        // The page in relevance order shows the same verses.
        let page = try web.store.search(query, options: SearchOptions(pageSize: 20, order: .relevance))
        let keys = try expected.prefix(20).map { try web.store.verseKey(at: $0.0) }
        #expect(page.hits.map(\.key) == keys, "\(query)")
    }
}
