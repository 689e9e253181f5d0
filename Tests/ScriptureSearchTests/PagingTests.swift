import ScriptureModel
import ScriptureSearch
import ScriptureStore
import Testing

/// Paging and relevance order over a book of 75 verses with the word `seed` 0–4 times each.
@Suite struct PagingTests {
    static let fixture = Result {
        var text = "\\id GEN\n\\c 1\n\\p\n"
        for verse in 1...75 {
            let seeds = Array(repeating: "seed", count: verse % 5).joined(separator: " ")
            let filler = Array(repeating: "grass", count: verse % 7).joined(separator: " ")
            text += "\\v \(verse) plant \(seeds) \(filler) tree\n"
        }
        return try SearchFixture([text])
    }

    @Test(arguments: [1, 7, 20, 60]) func pagesCoverEveryHitOnce(_ size: Int) throws {
        let store = try Self.fixture.get().store
        for order in SearchOptions.Order.allCases {
            let all = try store.searchIndex().matches(
                try QueryParser.parse("seed"), options: SearchOptions(order: order))
            var seen: [Int] = []
            var page = 1
            while true {
                let result = try store.search("seed", options: SearchOptions(page: page, pageSize: size, order: order))
                #expect(result.totalCount == 60)
                if result.hits.isEmpty { break }
                seen += result.hits.map(\.verseIndex)
                page += 1
            }
            #expect(seen == all.verses)
            #expect(Set(seen).count == 60)
            #expect(page - 1 == (60 + size - 1) / size)
        }
    }

    @Test func relevanceRanksMoreFrequentAndShorterFirst() throws {
        let store = try Self.fixture.get().store
        let page = try store.search("seed", options: SearchOptions(pageSize: 100, order: .relevance))
        let scores = page.hits.compactMap(\.score)
        #expect(scores.count == 60)
        #expect(zip(scores, scores.dropFirst()).allSatisfy { $0 >= $1 })
        // Verse 4 has four seeds and four grass; verse 1 one seed and one grass.
        let rank = Dictionary(uniqueKeysWithValues: page.hits.enumerated().map { ($1.key.verse, $0) })
        #expect(try #require(rank["4"]) < #require(rank["1"]))
        // The same number of seeds: the shorter verse (fewer grass) ranks first: 14 (4 seeds, 0 grass) before 4.
        #expect(try #require(rank["14"]) < #require(rank["4"]))
        let canonical = try store.search("seed", options: SearchOptions(pageSize: 100))
        #expect(Set(canonical.hits.map(\.verseIndex)) == Set(page.hits.map(\.verseIndex)))
        #expect(canonical.hits.allSatisfy { $0.score == nil })
    }
}
