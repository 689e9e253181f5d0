import Foundation
import Lectern
import TestSupport
import Testing

@testable import ScriptureSearch
@testable import ScriptureStore

/// One changed byte in eng-web's search index at a time — in the posting lists of many terms, in the
/// dictionaries' blocks, in the verses' word positions and in the attribute posting offsets (checked on first
/// use, so word searches do not read them): every search either fails with the checksum
/// error naming the Bible, the damaged piece and the fix, or gives exactly the undamaged answer; never a
/// wrong hit list or count. (The suite, enabled only when the corpus is there, is in StoreCorpusTests.swift.)
extension StoreCorpusDamageTests {
    /// Where in the index a byte is changed.
    enum IndexPlace: String, CaseIterable, Sendable {
        case postings, dictionaries, positions, attributeOffsets
    }

    /// The index section's regions and folded terms, read from the undamaged file.
    struct IndexMap {
        var section: Int
        var regions: [Range<Int>]
        var foldedTerms: [String]

        init(_ store: VersionStore) throws {
            let entry = try #require(store.sections.first { $0.kind == .searchIndex })
            let bytes = try #require(store.sectionBytes(.searchIndex))
            section = entry.offset
            (regions, foldedTerms) = try bytes.withUnsafeBytes { buffer throws(IndexDamage) in
                let view = try IndexView(IndexReader(buffer))
                var terms: [String] = []
                try view.folded.forEach { _, term, _ in terms.append(String(decoding: term, as: UTF8.self)) }
                return (IndexRegion.allCases.map { view.layout.range($0) }, terms)
            }
        }

        /// The file offsets of folded term `id`'s postings (its CRC-32C first).
        func postings(_ id: Int, in bytes: [UInt8]) -> Range<Int> {
            func u32(_ offset: Int) -> Int {
                (0..<4).reduce(0) { value, byte in value | Int(bytes[section + offset + byte]) << (8 * byte) }
            }
            let offsets = regions[IndexRegion.postingOffsets.rawValue].lowerBound
            let base = section + regions[IndexRegion.postings.rawValue].lowerBound
            return (base + u32(offsets + id * 4))..<(base + u32(offsets + id * 4 + 4))
        }
    }

    /// A search's whole answer: every hit's reference and highlights, the counts (or the error's text).
    static func answer(_ store: VersionStore, _ query: String, _ mode: FoldingMode = .default) -> Result<
        SearchPage, SearchError
    > {
        Result { () throws(SearchError) in
            try store.search(
                query, options: SearchOptions(pageSize: SearchOptions.maximumPageSize, order: .relevance, mode: mode))
        }
    }

    @Test(arguments: IndexPlace.allCases)
    func everySearchFailsOrAnswersRightOnADamagedIndex(_ place: IndexPlace) throws {
        let imported = try #require(Self.imported, "eng-web could not be imported")
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let sound = try VersionStore(path: directory.write(imported.bytes, to: "sound.lectern"))
        let map = try IndexMap(sound)
        let path = try directory.write(imported.bytes, to: "1.lectern")
        var random = SplitMix64(seed: 15)
        var cases: [(offset: Int, queries: [(String, FoldingMode)], mustFail: String?)] = []
        let benchmark = [
            ("God", FoldingMode.default), ("Melchizedek", .default), ("\"in the beginning\"", .default),
            ("faith love", .default), ("bless*", .default), ("Lord", .exact),
        ]
        switch place {
        case .postings:
            // 400 terms spread over the dictionary, and the benchmark's; each list's CRC, count, kind and data.
            let ids =
                (0..<400).map { $0 * (map.foldedTerms.count - 1) / 399 }
                + ["god", "melchizedek", "in", "the", "beginning", "faith", "love", "blessed"].compactMap {
                    map.foldedTerms.firstIndex(of: $0)
                }
            for (index, id) in ids.enumerated() {
                let range = map.postings(id, in: imported.bytes)
                let offset =
                    index % 4 == 0
                    ? range.lowerBound + index / 4 % 4
                    : range.lowerBound + 4 + Int(random.next() % UInt64(range.count - 4))
                let term = map.foldedTerms[id]
                let word = term.contains(where: { !$0.isLetter && !$0.isNumber }) ? "\"\(term)\"" : term
                cases.append(
                    (offset, [(word, .default), ("\(word) God", .default)] + benchmark, "the postings of '\(term)'"))
            }
        case .dictionaries:
            for region in [IndexRegion.foldedTerms, .exactTerms] {
                let range = map.regions[region.rawValue]
                for _ in 0..<40 {
                    let offset = map.section + range.lowerBound + Int(random.next() % UInt64(range.count))
                    cases.append((offset, benchmark, nil))
                }
            }
        case .positions:
            let range = map.regions[IndexRegion.verses.rawValue]
            for _ in 0..<200 {
                let offset = map.section + range.lowerBound + Int(random.next() % UInt64(range.count))
                cases.append((offset, benchmark + [("\"the Lord\"", .default), ("lord", .exact)], nil))
            }
        case .attributeOffsets:
            // Opening the index no longer reads them: the word searches give their answer, the first use fails.
            let range = map.regions[IndexRegion.attributePostingOffsets.rawValue]
            for _ in 0..<12 {
                let offset = map.section + range.lowerBound + Int(random.next() % UInt64(range.count))
                cases.append((offset, [("strong:G2316", .default)] + benchmark, "the attribute posting offsets"))
            }
        }
        var failures = 0
        var expected: [String: Result<SearchPage, SearchError>] = [:]
        for (offset, queries, mustFail) in cases {
            try Self.poke(path, at: offset, imported.bytes[offset] ^ 0x10)
            defer { try? Self.poke(path, at: offset, imported.bytes[offset]) }
            let store = try VersionStore(path: path)
            for (query, mode) in queries {
                let key = "\(mode) \(query)"
                let right = expected[key] ?? Self.answer(sound, query, mode)
                expected[key] = right
                switch Self.answer(store, query, mode) {
                case .success(let page):
                    #expect(page == (try right.get()), "\(place) byte \(offset), \(key): a wrong answer")
                    if let mustFail, query == queries[0].0 {
                        Issue.record("\(key) did not fail with \(mustFail) damaged")
                    }
                case .failure(let error):
                    failures += 1
                    #expect(
                        place != .attributeOffsets || query == queries[0].0,
                        "\(key) read the attribute posting offsets")
                    let message = error.description
                    #expect(
                        message.contains("the Bible WEB (\(path)) has a damaged search index (checksum mismatch in ")
                            && message.contains("); run 'lectern verify' and import the Bible again"),
                        "\(place) byte \(offset), \(key): \(message)")
                    if let mustFail, query == queries[0].0 {
                        #expect(message.contains(mustFail), "\(key): \(message)")
                    }
                }
            }
        }
        #expect(failures > 0)
    }
}
