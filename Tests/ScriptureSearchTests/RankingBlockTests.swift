import Foundation
import ScriptureModel
import ScriptureStore
import TestSupport
import Testing
import TextNormalization

@testable import ScriptureSearch

/// Relevance order where the ranking bytes matter (format 4): words whose postings span several blocks of
/// 128, as a list and as a bitmap, with ties inside and across blocks, pages that end on a block's edge,
/// more hits asked for than there are, and a book filter; all against the plain BM25 of `RelevanceTests`.
@Suite struct RankingBlockTests {
    /// Two books of 1,500 verses (30 chapters of 50). Verse `i` (from 0, over both books) holds `alpha`
    /// (twice when `i % 4 == 0`), `beta` when `i % 10 == 0` (twice when `i % 20 == 0`), `betas` when
    /// `i % 30 == 0`, `gamma` when `i` is even, and `i % 7` filler words: so many verses tie.
    static func books() -> [String] {
        var verse = 0
        return ["GEN", "EXO"].map { book in
            var text = "\\id \(book)\n"
            for chapter in 1...30 {
                text += "\\c \(chapter)\n\\p\n"
                for number in 1...50 {
                    var words = verse % 4 == 0 ? ["alpha", "alpha"] : ["alpha"]
                    if verse % 10 == 0 { words += verse % 20 == 0 ? ["beta", "beta"] : ["beta"] }
                    if verse % 30 == 0 { words.append("betas") }
                    if verse % 2 == 0 { words.append("gamma") }
                    words += Array(repeating: "and", count: verse % 7)
                    text += "\\v \(number) \(words.joined(separator: " "))\n"
                    verse += 1
                }
            }
            return text
        }
    }

    static let fixture = Result { try SearchFixture(books()) }

    /// The reference order of `query`'s hits (`terms` as in `RelevanceTests.reference`), within `books`.
    static func expected(_ query: String, _ terms: [(String, Bool)], books: Set<BookID>? = nil) throws -> [String] {
        let fixture = try fixture.get()
        let texts = try fixture.store.allVerseTexts()
        let scores = RelevanceTests.reference(terms, verses: texts.map { WordBreaker.tokens(in: $0.text).map(\.term) })
        let keys = texts.map(\.key.description)
        // Every hit in canon order (a page holds at most 1,000).
        let canonical = try fixture.store.searchIndex().matches(
            QueryParser.parse(query), options: SearchOptions(books: books)
        ).verses
        return canonical.sorted { x, y in
            abs(scores[x] - scores[y]) > 1e-9 ? scores[x] > scores[y] : x < y
        }.map { keys[$0] }
    }

    /// The postings the cases rely on: `beta` a list of three blocks, `alpha` and `gamma` bitmaps of several.
    @Test func theWordsSpanSeveralBlocksAsListsAndBitmaps() throws {
        let store = try Self.fixture.get().store
        let bytes = try #require(store.sectionBytes(.searchIndex))
        let shapes = try bytes.withUnsafeBytes { buffer throws(IndexDamage) in
            let view = try IndexView(IndexReader(buffer))
            return try ["alpha", "beta", "gamma"].map { word throws(IndexDamage) -> (Bool, Int) in
                let list = try view.postings(try view.folded.rank(of: Array(word.utf8)) ?? -1)
                if case .bitmap = list.storage { return (true, list.blockCount) }
                return (false, list.blockCount)
            }
        }
        #expect(shapes.map(\.0) == [true, false, true])
        #expect(shapes.map(\.1) == [24, 3, 12])
    }

    @Test(arguments: [
        ("alpha", [("alpha", false)]), ("beta", [("beta", false)]), ("gamma", [("gamma", false)]),
        ("beta*", [("beta", true)]), ("alpha beta", [("alpha", false), ("beta", false)]),
        ("beta OR gamma", [("beta", false), ("gamma", false)]), ("gamma -beta", [("gamma", false)]),
    ])
    func theBestFewAreTheReferences(_ query: String, _ terms: [(String, Bool)]) throws {
        let fixture = try Self.fixture.get()
        for books: Set<BookID>? in [nil, [.exodus]] {
            let expected = try Self.expected(query, terms, books: books)
            #expect(expected.count > 20)
            for size in [1, 20, 127, 128, 129, 300, 1000] {
                let page = try fixture.store.search(
                    query, options: SearchOptions(pageSize: size, books: books, order: .relevance))
                #expect(page.hits.map(\.key.description) == Array(expected.prefix(size)), "\(query) \(size)")
                #expect(page.totalCount == expected.count)
            }
            // The second page of 128 starts past a block's worth of hits.
            let second = try fixture.store.search(
                query, options: SearchOptions(page: 2, pageSize: 128, books: books, order: .relevance))
            #expect(second.hits.map(\.key.description) == Array(expected.dropFirst(128).prefix(128)), "\(query)")
        }
    }

    /// The heap keeps the best `capacity` of many tied scores, best first, ties by verse, whatever the
    /// order they come in.
    @Test(arguments: [0, 1, 5, 64, 200, 500]) func theHeapKeepsTheBestInOrder(_ capacity: Int) {
        var random = SplitMix64(seed: UInt64(capacity))
        var hits = (0..<200).map { verse in (score: Double(random.next() % 6), verse: verse) }
        for index in hits.indices.reversed() { hits.swapAt(index, Int(random.next() % UInt64(index + 1))) }
        var top = TopHits(capacity: capacity)
        for hit in hits { top.offer(hit.score, hit.verse) }
        let sorted = hits.sorted { $0.score != $1.score ? $0.score > $1.score : $0.verse < $1.verse }.prefix(capacity)
        #expect(top.matches().verses == sorted.map(\.verse))
        #expect(top.matches().scores == sorted.map(\.score))
    }

    /// A block's bound is at least every score of its postings, for any weight; a saturated frequency has no
    /// bound.
    @Test func aBlockBoundIsAboveItsScores() {
        let postings = (0..<128).map { (frequency: 1 + $0 % 5, length: 3 + ($0 * 7) % 40) }
        let pair = RankingBlocks.best(postings, average: 11.5)
        for weight in [0.01, 1, 7.3] {
            let bound = RankingBlocks.bound(frequency: pair.frequency, length: pair.length, weight: weight, average: 11.5)
            for posting in postings {
                #expect(bound >= BM25.score(weight, Double(posting.frequency), BM25.norm(posting.length, average: 11.5)))
            }
        }
        #expect(RankingBlocks.best([(300, 4), (1, 2)], average: 11.5).frequency == BM25.saturated)
        #expect(RankingBlocks.bound(frequency: BM25.saturated, length: 0, weight: 1, average: 11.5) == .infinity)
    }

    /// A ranking byte changed under a resealed checksum: searching answers or throws, and `verify` finds it.
    @Test(arguments: [0, 1, 2]) func wrongRankingBytesAreFound(_ which: Int) throws {
        let fixture = try Self.fixture.get()
        var file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture.store.path)))
        let section = try #require(fixture.store.sections.first { $0.kind == .searchIndex })
        let bytes = try #require(fixture.store.sectionBytes(.searchIndex))
        let offset = try bytes.withUnsafeBytes { buffer throws(IndexDamage) -> Int in
            let view = try IndexView(IndexReader(buffer))
            let list = try view.postings(try view.folded.rank(of: Array("beta".utf8)) ?? -1)
            // A frequency, a block's best frequency, a verse length.
            return [
                (list.ranking ?? 0) + 5, (list.ranking ?? 0) + list.documentFrequency + 2,
                view.layout.range(.verseLengths).lowerBound + 10,
            ][which]
        }
        file[section.offset + offset] ^= 0x40
        let path = fixture.directory + "/ranking-\(which).lectern"
        try Data(StoreSeal.resealed(file)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try VersionStore(path: path)
        for query in ["beta", "alpha beta", "beta*"] {
            _ = try? store.search(query, options: SearchOptions(order: .relevance))
        }
        #expect(VersionStore.verify(path: path, sections: []).isEmpty)
        #expect(!SearchIndexSection().problems(in: store).isEmpty)
    }
}
