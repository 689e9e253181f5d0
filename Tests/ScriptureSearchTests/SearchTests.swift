import ScriptureModel
import ScriptureSearch
import ScriptureStore
import Testing

@Suite struct SearchTests {
    struct Case: Sendable, CustomStringConvertible {
        var query: String
        var hits: [String]
        var options = SearchOptions()
        var description: String { query }
    }

    static let cases: [Case] = [
        Case(query: "god", hits: ["GEN 1:1", "GEN 1:2", "GEN 1:3", "TOB 1:1"]),
        Case(query: "\"in the beginning\"", hits: ["GEN 1:1", "MAT 1:2", "TOB 1:1"]),
        Case(query: "beginning the", hits: ["GEN 1:1", "MAT 1:1", "MAT 1:2", "TOB 1:1"]),
        Case(query: "\"the beginning in\"", hits: []),
        Case(query: "bless*", hits: ["GEN 2:1"]),
        Case(query: "\"in the begin*\"", hits: ["GEN 1:1", "MAT 1:2", "TOB 1:1"]),
        Case(query: "beginning -god", hits: ["MAT 1:1", "MAT 1:2"]),
        Case(query: "beginning -\"good news\"", hits: ["GEN 1:1", "MAT 1:2", "TOB 1:1"]),
        Case(query: "faith OR hope", hits: ["MAT 1:1", "MAT 1:2", "MAT 1:4"]),
        Case(query: "love faith OR hope", hits: ["MAT 1:1", "MAT 1:2"]),
        Case(query: "LOVE", hits: ["GEN 2:2", "MAT 1:1", "MAT 1:2"]),
        Case(query: "god's", hits: ["GEN 1:2"]),
        Case(query: "senor cafe", hits: ["GEN 2:1"]),
        Case(query: "神爱世人", hits: ["MAT 1:3"]),
        Case(query: "爱世", hits: ["MAT 1:3"]),
        Case(query: "世爱", hits: []),
        Case(query: "well-known", hits: ["MAT 1:4"]),
        Case(query: "love*", hits: ["GEN 2:2", "MAT 1:1", "MAT 1:2", "TOB 1:1"]),
        Case(query: "unknownword", hits: []),
        Case(query: "god", hits: ["GEN 1:1", "GEN 1:2", "GEN 1:3"], options: SearchOptions(testament: .ot)),
        Case(query: "god", hits: [], options: SearchOptions(testament: .nt)),
        Case(query: "beginning", hits: ["MAT 1:1", "MAT 1:2"], options: SearchOptions(testament: .nt)),
        Case(query: "god", hits: ["TOB 1:1"], options: SearchOptions(books: [.tobit])),
        Case(query: "god", hits: [], options: SearchOptions(testament: .ot, books: [.tobit])),
        Case(query: "Señor", hits: ["GEN 2:1"], options: SearchOptions(mode: .exact)),
        Case(query: "Senor", hits: [], options: SearchOptions(mode: .exact)),
        Case(query: "love", hits: ["GEN 2:2", "MAT 1:1", "MAT 1:2"], options: SearchOptions(mode: .exact)),
        Case(query: "LOVE", hits: ["GEN 2:2"], options: SearchOptions(mode: .exact)),
        Case(query: "Lov*", hits: ["GEN 2:2"], options: SearchOptions(mode: .exact)),
        Case(query: "\"in the beginning\"", hits: ["MAT 1:2", "TOB 1:1"], options: SearchOptions(mode: .exact)),
    ]

    static let fixture = Result { try SearchFixture.small() }

    @Test(arguments: cases) func finds(_ test: Case) throws {
        #expect(try Self.fixture.get().references(test.query, test.options) == test.hits)
    }

    @Test func pageHasCountsTextAndHighlights() throws {
        let store = try Self.fixture.get().store
        let page = try store.search("\"in the beginning\" OR hope", options: SearchOptions(pageSize: 2))
        #expect(page.totalCount == 5)
        #expect(page.pageCount == 3)
        #expect(page.bookCounts.map { "\($0.book.code) \($0.count)" } == ["GEN 1", "MAT 3", "TOB 1"])
        #expect(page.hits.map(\.key.description) == ["GEN 1:1", "MAT 1:1"])
        let first = try #require(page.hits.first)
        #expect(first.text == "In the beginning God created the heavens and the earth.")
        #expect(first.highlights.map(\.utf16) == [0..<16])
        let hope = page.hits[1]
        let highlighted = hope.highlights.map {
            String(Array(hope.text.utf16)[$0.utf16].map { Character(UnicodeScalar($0)!) })
        }
        #expect(highlighted == ["hope"])
    }

    @Test func highlightsCountUTF16AndUTF8Apart() throws {
        let store = try Self.fixture.get().store
        let hit = try #require(try store.search("世人").hits.first)
        #expect(hit.highlights.map(\.utf16) == [2..<4])
        #expect(hit.highlights.map(\.utf8) == [6..<12])
        let accented = try #require(try store.search("cafe").hits.first)
        let range = try #require(accented.highlights.first)
        #expect(String(decoding: Array(accented.text.utf8)[range.utf8], as: UTF8.self) == "café")
    }

    @Test func referencesAreReported() throws {
        let store = try Self.fixture.get().store
        #expect(try store.search("Genesis 1:3").reference?.id == "GEN.1.3")
        #expect(try store.search("Mt 1").reference?.id == "MAT.1")
        #expect(try store.search("Genesis").reference == nil)
        #expect(try store.search("Exodus 3").reference == nil)  // not in this version
        #expect(try store.search("god").reference == nil)
    }

    @Test func didYouMean() throws {
        let store = try Self.fixture.get().store
        let page = try store.search("Melchisedek begining")
        #expect(page.totalCount == 0)
        #expect(page.suggestions.map(\.word) == ["melchisedek", "begining"])
        #expect(page.suggestions.map(\.alternatives) == [["Melchizedek"], ["beginning"]])
        #expect(try store.search("god").suggestions.isEmpty)
    }

    @Test func badOptionsAndQueriesAreErrors() throws {
        let store = try Self.fixture.get().store
        for page in [0, -1, SearchOptions.maximumPage + 1, Int.max, Int.min] {
            #expect(throws: SearchError.invalidOption("the page number must be from 1 to 1000000")) {
                try store.search("god", options: SearchOptions(page: page))
            }
        }
        for order in SearchOptions.Order.allCases {  // past the end, but no overflow in (page - 1) * pageSize
            let page = try store.search(
                "god", options: SearchOptions(page: SearchOptions.maximumPage, pageSize: 1000, order: order))
            #expect(page.hits.isEmpty && page.totalCount > 0)
        }
        #expect(throws: SearchError.self) { try store.search("god", options: SearchOptions(pageSize: 0)) }
        #expect {
            try store.search("\"god")
        } throws: { error in
            guard case .query(let query) = error as? SearchError else { return false }
            return query.range == 0..<1
        }
    }

    @Test func bookListsParse() throws {
        #expect(
            try SearchOptions.books("GEN-DEU,PSA") == [.genesis, .exodus, .leviticus, .numbers, .deuteronomy, .psalms])
        #expect(try SearchOptions.books("Matthew - John, rom") == [.matthew, .mark, .luke, .john, .romans])
        #expect(throws: ReferenceError.self) { try SearchOptions.books("DEU-GEN") }
        #expect(throws: ReferenceError.self) { try SearchOptions.books("Genesys") }
        #expect(throws: ReferenceError.self) { try SearchOptions.books(",") }
    }

    @Test func verifyAcceptsTheIndex() throws {
        let store = try Self.fixture.get().store
        #expect(store.verify(sections: [SearchIndexSection()]).isEmpty)
    }
}
