import Foundation
import ScriptureModel
import ScriptureSearch
import ScriptureStore
import TestSupport
import Testing
import TextNormalization

/// The index's postings (lists with skips, bitmaps) and dictionaries, checked against plain sets; and
/// damage to the index section, which must give errors, never a crash.
@Suite struct IndexStructureTests {
    /// A book of `count` verses where verse `v` holds `w<k>` when `v % k == 0`, for k = 1…9, plus `r<v>`.
    static func book(verses count: Int) -> String {
        var text = "\\id GEN\n\\c 1\n\\p\n"
        for verse in 1...count {
            let words = (1...9).filter { verse % $0 == 0 }.map { "w\($0)" } + ["r\(verse)", "zz\(verse % 300)"]
            text += "\\v \(verse) \(words.joined(separator: " "))\n"
        }
        return text
    }

    static let fixture = Result { try SearchFixture([book(verses: 1500)]) }

    /// Every pair of words: the AND of lists long and short (skips), and bitmaps (w1, w2 are dense).
    @Test(arguments: 1...9) func intersectionsAgreeWithArithmetic(_ k: Int) throws {
        let fixture = try Self.fixture.get()
        for j in 1...9 {
            let hits = try fixture.store.searchIndex().matches(QueryParser.parse("w\(k) w\(j)")).verses
            let expected = (0..<1500).filter { ($0 + 1) % k == 0 && ($0 + 1) % j == 0 }
            #expect(hits == expected, "w\(k) w\(j)")
        }
    }

    @Test func rareTermsFilterDenseOnes() throws {
        let fixture = try Self.fixture.get()
        #expect(try fixture.references("r1260 w7") == ["GEN 1:1260"])
        #expect(try fixture.references("r1261 w7") == [])
        #expect(try fixture.references("zz7 w1").count == 5)
        #expect(try fixture.references("r149*").count == 11)  // r149, r1490…r1499
        #expect(try fixture.references("zz29*").count == 5 * 11)  // zz29, zz290…zz299
        #expect(
            try fixture.store.search("w9 -w2 -w5").totalCount
                == (1...1500).filter { $0 % 9 == 0 && $0 % 2 != 0 && $0 % 5 != 0 }.count)
    }

    @Test func verifyFindsNoProblemInASoundIndex() throws {
        #expect(try Self.fixture.get().store.verify(sections: [SearchIndexSection()]).isEmpty)
    }

    /// Flips bytes and cuts lengths inside the index section of a copy: searching must answer or throw,
    /// and `verify` must name the search index.
    @Test(arguments: 0..<24) func damageNeverCrashes(_ seed: Int) throws {
        let fixture = try Self.fixture.get()
        var file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture.store.path)))
        let section = try #require(fixture.store.sections.first { $0.kind == .searchIndex })
        var random = SplitMix64(seed: UInt64(seed))
        let flips = seed < 8 ? 1 : 40
        for _ in 0..<flips {
            // The first seeds hit the header and the region table, the rest anywhere.
            let span = seed < 8 ? 88 : section.length
            let offset = section.offset + Int(random.next() % UInt64(span))
            file[offset] ^= UInt8(truncatingIfNeeded: random.next() | 1)
        }
        let path = fixture.directory + "/damaged-\(seed).lectern"
        try Data(file).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try VersionStore(path: path)
        for query in ["w1", "w3 w7", "\"w2 w4\"", "r1*", "zz1 OR w5 -w2", "misspelt"] {
            for mode in [FoldingMode.default, .exact] {
                _ = try? store.search(query, options: SearchOptions(order: .relevance, mode: mode))
            }
        }
        let problems = VersionStore.verify(path: path, sections: [SearchIndexSection()])
        #expect(problems.contains { $0.section == .searchIndex })
        // Beyond the checksum: the structural check alone finds the damage.
        #expect(!SearchIndexSection().problems(in: store).isEmpty)
    }

    /// The index's opening is kept with its store, but a failed opening is not: a store whose index header
    /// is damaged refuses every search, not only the first; a sound store's later searches reuse the first
    /// opening and answer as a held `SearchIndex` does.
    @Test func aDamagedHeaderFailsEverySearchAndASoundOpeningIsReused() throws {
        let fixture = try Self.fixture.get()
        var file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture.store.path)))
        let section = try #require(fixture.store.sections.first { $0.kind == .searchIndex })
        file[section.offset] ^= 0xFF
        let path = fixture.directory + "/damaged-header.lectern"
        try Data(file).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let damaged = try VersionStore(path: path)
        for _ in 0..<3 {
            #expect(throws: SearchError.self) { try damaged.search("w1") }
        }
        let held = try SearchIndex(store: fixture.store)
        for query in ["w1", "w3 w7", "\"w2 w4\"", "r1*"] {
            #expect(try fixture.store.search(query) == held.search(query))
            #expect(try SearchIndex(store: fixture.store).search(query) == held.search(query))
        }
    }

    @Test func storeWithoutIndexSaysSo() throws {
        let directory = NSTemporaryDirectory() + "/lectern-noindex-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let library = Library(directory: directory)
        let book = Book(id: .genesis, chapters: [], location: SourceLocation(file: "x", line: 1, column: 1))
        let metadata = try library.add(
            books: [book], metadata: VersionMetadata(id: 0, abbreviation: "NOI", title: "No index"), id: nil,
            replace: false)
        let store = try library.open(metadata.id)
        #expect(throws: SearchError.noIndex(path: store.path)) { try store.search("god") }
    }
}
