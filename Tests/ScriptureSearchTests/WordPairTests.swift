import Foundation
import ScriptureStore
import TestSupport
import Testing
import TextNormalization

@testable import ScriptureSearch

/// The AND of two words, intersected while both posting lists are decoded (`QueryExecutor.wordPair`), gives
/// what the general path gives: the verses both words' postings hold, and the scores and order that scoring
/// each match term by term gives.
@Suite struct WordPairTests {
    /// Pairs of words of the World English Bible: common and rare, of similar and very different frequencies
    /// (some past the eight-to-one ratio the pair path takes), near each other and far apart in canon order.
    static let pairs = [
        "faith love", "love faith", "God love", "grace peace", "Jesus Christ", "Lord God", "Melchizedek priest",
        "king Israel", "light darkness", "water wine", "bread life", "hope faith", "sin death", "Moses Aaron",
        "David Saul", "heaven earth", "mercy truth", "spirit flesh", "sheep shepherd", "gold silver",
        "Abraham Isaac", "Babylon Egypt", "angel Gabriel", "zeal jealousy", "lamb throne", "covenant Noah",
    ]

    @Test(.enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
    func pairsMatchAndScoreAsTheGeneralPathDoesOnWEB() throws {
        let store = try PageAssemblyTests.store("eng-web-usfm")
        let index = try store.searchIndex()
        var paired = 0
        for text in Self.pairs {
            let words = text.split(separator: " ").map(String.init)
            let first = Set(try index.matches(QueryParser.parse(words[0])).verses)
            let second = Set(try index.matches(QueryParser.parse(words[1])).verses)
            let query = try QueryParser.parse(text)
            #expect(try index.matches(query).verses == first.intersection(second).sorted(), "\(text)")
            try index.read { view throws(IndexDamage) in
                let executor = try QueryExecutor(index: view, query: query, bookStarts: index.bookStarts)
                if executor.wordPair != nil { paired += 1 }
                let verses = try executor.verses(scope: nil)
                for limit in [1, 20, verses.count] {
                    let best = try executor.best(scope: nil, limit: limit)
                    let general = try executor.ranked(verses, scope: nil, limit: limit)
                    #expect(best.total == verses.count, "\(text)")
                    #expect(best.matches == general, "\(text) top \(limit)")
                }
                // Within some books: the same as the whole Bible's matches in those books.
                var scope = IDSet(count: view.layout.verseCount)
                for verse in stride(from: 0, to: view.layout.verseCount, by: 3) { scope.insert(verse) }
                #expect(try executor.verses(scope: scope).list == verses.list.filter { scope.contains($0) }, "\(text)")
                let scoped = try executor.best(scope: scope, limit: 20)
                #expect(scoped.total == verses.list.filter { scope.contains($0) }.count, "\(text)")
            }
        }
        #expect(paired > Self.pairs.count / 2)
    }
}
