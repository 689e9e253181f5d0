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
@Suite(.enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
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
                var tagged = Set<Int>()
                try view.forEachAttribute(of: verse) { place, _ in tagged.insert(place) }
                let places = tagged.sorted()
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

    /// The tagged words of every verse of two versions whose words carry Strong's numbers (English, and Hebrew
    /// with its marks and words written together), highlighted from the ranges the index stores: for the ids
    /// of all of a verse's tagged words, and for the ids of its first tagged word alone, they are the ranges
    /// splitting the text gives; and a page of `strong:` hits is highlighted so.
    @Test(arguments: ["eng-web-usfm", "hbo-wlc-usfm"]) func storedTaggedWordRangesAreTheTokenizersOnes(_ folder: String)
        throws
    {
        let store = try Self.store(folder)
        let index = try store.searchIndex()
        let texts = try store.allVerseTexts()
        var compared = 0
        try index.read { view throws(IndexDamage) in
            var ranges: [Int] = []
            for verse in 0..<texts.count {
                var entries: [(place: Int, term: Int)] = []
                try view.forEachAttribute(of: verse) { place, term in entries.append((place, term)) }
                guard let first = entries.map(\.place).min() else { continue }
                let all = Set(entries.map(\.term))
                let firsts = Set(entries.filter { $0.place == first }.map(\.term))
                for terms in [all, firsts] {
                    var set = IDSet(count: view.layout.attributeCount)
                    for term in terms { set.insert(term) }
                    let places = Set(entries.filter { terms.contains($0.term) }.map(\.place)).sorted()
                    let text = texts[verse].text
                    let found = try AttributeHighlighter.highlights(
                        set, highest: set.last, verse: verse, text: text, view: view, ranges: &ranges)
                    #expect(found == Highlighter.merged(AttributeHighlighter.split(places, text: text)), "verse \(verse)")
                    compared += 1
                }
            }
        }
        #expect(compared > 20_000)
        let query = folder == "eng-web-usfm" ? "strong:G2316" : "strong:H430"
        let page = try store.search(query, options: SearchOptions(pageSize: SearchOptions.maximumPageSize))
        #expect(page.hits.count > 500)
        for hit in page.hits {
            #expect(!hit.highlights.isEmpty, "\(hit.key)")
            let tokens = WordBreaker.tokens(in: hit.text, mode: .exact)
            for highlight in hit.highlights {
                #expect(tokens.contains { $0.utf8Range.lowerBound == highlight.utf8.lowerBound }, "\(hit.key)")
                #expect(tokens.contains { $0.utf8Range.upperBound == highlight.utf8.upperBound }, "\(hit.key)")
                let utf16 = Array(hit.text.utf16)
                let utf8 = Array(hit.text.utf8)
                #expect(
                    String(decoding: utf16[highlight.utf16], as: UTF16.self)
                        == String(decoding: utf8[highlight.utf8], as: UTF8.self), "\(hit.key)")
            }
        }
    }
}
