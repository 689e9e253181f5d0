import Foundation
import ScriptureModel
import ScriptureSearch
import ScriptureStore
import Testing
import TextNormalization

/// Relevance order against a plain BM25 written here: every query kind, the tie order, and pages of it.
@Suite struct RelevanceTests {
    static let fixture = Result {
        try SearchFixture([
            """
            \\id GEN
            \\c 1
            \\p \\v 1 In the beginning God created the heavens and the earth.
            \\v 2 God saw the light, and God divided the light from the darkness.
            \\v 3 Love love love.
            \\v 4 Faith and love and hope; faith again.
            \\v 5 Love is patient, love is kind, and faith is long in the telling of a very long verse here.
            \\v 6 Blessed are they; a blessing, the blessings of God.
            \\v 7 Faith.
            \\v 8 Love.
            \\v 9 Love.
            \\c 2
            \\p \\v 1 Hope and faith, and in the beginning was love.
            \\v 2 In the beginning, the beginning of wisdom.
            """
        ])
    }

    /// The BM25 of each verse holding `terms` (text, whether a prefix): k1 = 1.2, b = 0.75, idf
    /// ln(1 + (N − df + 0.5) / (df + 0.5)), a prefix's df the sum of its words' dfs.
    static func reference(_ terms: [(String, Bool)], verses: [[String]]) -> [Double] {
        let count = Double(verses.count)
        let average = Double(verses.map(\.count).reduce(0, +)) / count
        func matches(_ token: String, _ term: (String, Bool)) -> Bool {
            term.1 ? token.hasPrefix(term.0) : token == term.0
        }
        let weights = terms.map { term -> Double in
            let words = Set(verses.flatMap { $0 }.filter { matches($0, term) })
            let df = min(count, Double(words.map { word in verses.count { $0.contains(word) } }.reduce(0, +)))
            return log(1 + (count - df + 0.5) / (df + 0.5))
        }
        return verses.map { tokens in
            zip(terms, weights).reduce(0.0) { score, pair in
                let frequency = Double(tokens.count { matches($0, pair.0) })
                guard frequency > 0 else { return score }
                let norm = 1.2 * (0.25 + 0.75 * Double(tokens.count) / average)
                return score + pair.1 * frequency * 2.2 / (frequency + norm)
            }
        }
    }

    @Test(arguments: [
        ("love", [("love", false)]), ("faith love", [("faith", false), ("love", false)]),
        ("faith OR hope", [("faith", false), ("hope", false)]),
        ("\"in the beginning\"", [("in", false), ("the", false), ("beginning", false)]),
        ("bless*", [("bless", true)]), ("god -light", [("god", false)]),
        ("faith NEAR/3 love", [("faith", false), ("love", false)]),
        ("faith NEAR/1v beginning", [("faith", false), ("beginning", false)]),
    ])
    func relevanceIsBM25(_ query: String, _ terms: [(String, Bool)]) throws {
        let fixture = try Self.fixture.get()
        let texts = try fixture.store.allVerseTexts()
        let tokens = texts.map { WordBreaker.tokens(in: $0.text).map(\.term) }
        let scores = Self.reference(terms, verses: tokens)
        let keys = texts.map(\.key.description)
        let canonical = try fixture.references(query)
        #expect(!canonical.isEmpty)
        // Best first; equal scores in canon order.
        let expected = canonical.sorted { a, b in
            let (x, y) = (keys.firstIndex(of: a) ?? 0, keys.firstIndex(of: b) ?? 0)
            return abs(scores[x] - scores[y]) > 1e-9 ? scores[x] > scores[y] : x < y
        }
        let page = try fixture.store.search(query, options: SearchOptions(pageSize: 1000, order: .relevance))
        #expect(page.hits.map(\.key.description) == expected)
        #expect(page.totalCount == canonical.count)
        for hit in page.hits {
            let index = keys.firstIndex(of: hit.key.description) ?? 0
            #expect(abs((hit.score ?? -1) - scores[index]) < 1e-9, "\(hit.key)")
        }
        // The best few, page by page, are the full order's (a heap chooses them, not a sort of all).
        for size in 1...3 {
            var paged: [String] = []
            for number in 1...((canonical.count + size - 1) / size) {
                let options = SearchOptions(page: number, pageSize: size, order: .relevance)
                paged += try fixture.store.search(query, options: options).hits.map(\.key.description)
            }
            #expect(paged == expected)
        }
        // `best` gives the same best few, their scores and the total, before any verse text is read.
        let index = try fixture.store.searchIndex()
        let all = try index.matches(QueryParser.parse(query), options: SearchOptions(order: .relevance))
        for limit in [0, 1, 2, 5, canonical.count + 3] {
            let best = try index.best(QueryParser.parse(query), limit: limit)
            #expect(best.total == canonical.count)
            #expect(best.matches.verses == Array(all.verses.prefix(limit)), "\(query) limit \(limit)")
            #expect(best.matches.scores == Array(all.scores.prefix(limit)))
        }
    }

    @Test func equalScoresKeepCanonOrder() throws {
        let fixture = try Self.fixture.get()
        // GEN 1:8 and 1:9 are both "Love.": the same score, kept in verse order, on one page or two.
        let page = try fixture.store.search("love", options: SearchOptions(pageSize: 1000, order: .relevance))
        let scores = page.hits.compactMap(\.score)
        #expect(scores == scores.sorted(by: >))
        let keys = page.hits.map(\.key.description)
        guard let first = keys.firstIndex(of: "GEN 1:8"), let second = keys.firstIndex(of: "GEN 1:9") else {
            Issue.record("GEN 1:8 or 1:9 missing: \(keys)")
            return
        }
        #expect(second == first + 1 && scores[first] == scores[second])
    }
}
