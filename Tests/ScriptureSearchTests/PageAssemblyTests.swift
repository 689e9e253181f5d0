import Foundation
import ScriptureModel
import ScriptureStore
import Synchronization
import TestSupport
import Testing
import TextNormalization
import USFM

@testable import ScriptureSearch

/// A page's parts from their shortcuts agree with the slow ways on real Bibles: references from the verse
/// key table and from the store's chapter records, highlights from the index's tokens and from splitting
/// the text again, counts per book from a bitmap and from the hit list.
@Suite(.enabled(if: TestCorpus.isAvailable, Comment(rawValue: TestCorpus.missingMessage)))
struct PageAssemblyTests {
    /// A corpus folder of plain USFM imported with its search index into a temporary library.
    final class Imported: Sendable {
        let fixture: SearchFixture

        init(_ folder: String) throws {
            let directory = TestCorpus.folder(folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            fixture = try SearchFixture(
                try names.filter { $0.hasSuffix(".usfm") || $0.hasSuffix(".usfm.gz") }.map { name in
                    String(decoding: try TestCorpus.bytes(of: directory.appendingPathComponent(name)), as: UTF8.self)
                })
        }
    }

    static let versions = ["eng-web-usfm", "spa-rv1909-usfm", "cmn-cu89s-usfm", "hbo-wlc-usfm"]
    static let imported = Mutex<[String: Imported]>([:])

    static func store(_ folder: String) throws -> VersionStore {
        if let known = imported.withLock({ $0[folder] }) { return known.fixture.store }
        let made = try Imported(folder)
        imported.withLock { $0[folder] = made }
        return made.fixture.store
    }

    @Test(arguments: versions) func keyTableGivesTheStoresReferences(_ folder: String) throws {
        let store = try Self.store(folder)
        let table = try #require(VerseKeyTable(store: store))
        let index = try store.searchIndex()
        var checked = 0
        for verse in 0..<store.verseCount {
            #expect(try table.key(ofVerse: verse) == index.key(ofVerse: verse, table: nil), "verse \(verse)")
            checked += 1
        }
        #expect(checked > 20_000)
        #expect(table.key(ofVerse: store.verseCount) == nil)
        #expect(table.key(ofVerse: -1) == nil)
    }

    /// Words, prefixes and phrases found in the version's own text, a few hundred of them.
    static func queries(_ store: VersionStore, count: Int) throws -> [String] {
        var random = SplitMix64(seed: 11)
        let verses = try store.allVerseTexts()
        var queries: [String] = []
        while queries.count < count {
            let terms = WordBreaker.tokens(in: verses[Int(random.next() % UInt64(verses.count))].text).map(\.term)
            guard !terms.isEmpty else { continue }
            let start = Int(random.next() % UInt64(terms.count))
            switch random.next() % 4 {
            case 0: queries.append(terms[start])
            case 1: queries.append(terms[start] + "*")
            case 2: queries.append("\"" + terms[start...].prefix(3).joined(separator: " ") + "\"")
            default: queries.append(terms[start] + " " + terms[(start + 1) % terms.count])
            }
        }
        return queries
    }

    /// Every hit on the first page of 300 queries, in both modes: the index's highlights are those of
    /// splitting the text with `WordBreaker` and matching the query's terms (the fallback), and the counts
    /// add up.
    @Test(arguments: versions) func indexHighlightsAreTheTokenizersOnes(_ folder: String) throws {
        let store = try Self.store(folder)
        let index = try store.searchIndex()
        var hits = 0
        for text in try Self.queries(store, count: 300) {
            for mode in FoldingMode.allCases {
                let query = try QueryParser.parse(text, mode: mode)
                let page = try index.search(text, options: SearchOptions(pageSize: 50, mode: mode))
                #expect(page.bookCounts.map(\.count).reduce(0, +) == page.totalCount, "\(text)")
                #expect(page.totalCount == (try index.matches(query).verses.count), "\(text)")
                for hit in page.hits {
                    #expect(hit.highlights == Highlighter.highlights(of: query, in: hit.text), "\(text): \(hit.key)")
                    hits += 1
                }
            }
        }
        #expect(hits > 4_000)
    }

    /// The tagged words of every third verse of two versions whose words carry Strong's numbers (English, and
    /// Hebrew with its marks and words written together), all of them and every other one: found in the
    /// text by `TokenLocator` they have the ranges splitting the text gives, and the locator finds nearly all.
    @Test(arguments: ["eng-web-usfm", "hbo-wlc-usfm"]) func locatedTaggedWordsAreTheTokenizersOnes(_ folder: String)
        throws
    {
        let store = try Self.store(folder)
        let index = try store.searchIndex()
        let texts = try store.allVerseTexts()
        var (compared, located) = (0, 0)
        try index.read { view throws(IndexDamage) in
            var locator = TokenLocator(view: view, exactMode: true, phrases: [])
            for verse in stride(from: 0, to: texts.count, by: 3) {
                var places: [Int] = []
                try view.forEachAttribute(of: verse) { place, _ in if places.last != place { places.append(place) } }
                let alternate = places.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
                for chosen in [places, alternate] where !chosen.isEmpty {
                    let text = texts[verse].text
                    compared += 1
                    guard let found = try locator.highlights(places: chosen, verse: verse, text: text) else { continue }
                    located += 1
                    #expect(found == AttributeHighlighter.split(chosen, text: text), "verse \(verse): \(chosen)")
                }
            }
        }
        #expect(compared > 10_000)
        #expect(located * 100 >= compared * 99, "\(located) of \(compared) located")
    }
}
