import Foundation
import ScriptureModel
import ScriptureStore
import TestSupport
import Testing
import TextNormalization

@testable import ScriptureSearch

/// `strong:`, `lemma:`, `morph:` and `NEAR`: reading them, the canonical Strong's numbers, and searching a
/// small version whose words carry attributes as USFM writes them.
@Suite struct AttributeQueryTests {
    @Test(
        arguments: [
            ("G3056", nil, "G3056"), ("G30560", nil, "G3056"), ("G00315", nil, "G31e"), ("g26", nil, "G26"),
            ("3056", BookID.john, "G3056"), ("3056", BookID.genesis, "H3056"), ("3056", nil, "3056"),
            ("b:H7225", nil, "H7225"), ("c:d:H0559", nil, "H559"), ("H1254a", nil, "H1254a"), ("H0430", nil, "H430"),
            ("7225", BookID.genesis, "H7225"),
        ] as [(String, BookID?, String)])
    func strongNumbersHaveOneForm(_ raw: String, _ book: BookID?, _ canonical: String) {
        #expect(AttributeTerms.canonicalStrong(raw, book: book) == canonical)
    }

    @Test(arguments: ["b", "l", "", "G", "H0", "G12x3", "c:"])
    func notStrongNumbers(_ raw: String) {
        #expect(AttributeTerms.canonicalStrong(raw) == nil)
    }

    /// ASCII numbers read as bytes have the form reading them as scalars gives: random text of the characters
    /// that matter, in a book of each testament and none.
    @Test func asciiStrongNumbersReadAsScalarsDo() {
        var random = SplitMix64(seed: 21)
        let alphabet = Array("GgHhx0123456789aAzZ: ".utf8)
        for length in 0..<4000 {
            var text = String(
                decoding: (0..<(length % 12)).map { _ in
                    alphabet[Int(random.next() % UInt64(alphabet.count))]
                }, as: UTF8.self)
            for book in [nil, BookID.john, .genesis, .tobit] {
                let fast = text.withUTF8 { AttributeTerms.asciiCanonicalStrong($0, book: book) }
                #expect(fast == .decided(AttributeTerms.generalCanonicalStrong(text, book: book)), "\(text)")
            }
        }
        var accented = "G26é"
        #expect(accented.withUTF8 { AttributeTerms.asciiCanonicalStrong($0, book: nil) } == .notASCII)
    }

    /// A tagged word's index terms, as the builder reads them (bytes, no `String`): its numbers, split at
    /// spaces, commas and slashes, each canonical once, then the folded lemma and the morphology.
    @Test(
        arguments: [
            ("H0853 H3068", nil, nil, BookID.genesis, ["s:H853", "s:H3068"]),
            ("H1254a,H1254a/G3056", nil, nil, BookID.genesis, ["s:H1254a", "s:G3056"]),
            ("3056 3056 c:H0559", nil, nil, BookID.john, ["s:G3056", "s:H559"]),
            ("H12s H12S G30560 G00315", nil, nil, BookID.john, ["s:H12s", "s:G3056", "s:G31e"]),
            ("x  ,/ G0", nil, nil, BookID.john, []),
            ("G26é H26", nil, nil, BookID.john, ["s:H26"]),
            (
                "G3056", "Λόγος", "Gr,N,,,,,NMS,", BookID.john,
                ["s:G3056", "l:" + SearchFolding.fold("λόγος"), "m:Gr,N,,,,,NMS,"]
            ),
            ("", "", "", BookID.john, []),
        ] as [(String, String?, String?, BookID, [String])])
    func taggedWordTerms(_ strong: String, _ lemma: String?, _ morph: String?, _ book: BookID, _ expected: [String]) {
        #expect(terms(TaggedWord(utf8Range: 0..<1, strong: strong, lemma: lemma, morph: morph), book) == expected)
    }

    /// Random numbers, several to a word, give the terms `canonicalStrong` gives each part (once each).
    @Test func taggedWordTermsAreTheCanonicalNumbers() {
        var random = SplitMix64(seed: 7)
        let alphabet = Array("GgHhs0123456789aZ: ,/".utf8)
        for length in 0..<3000 {
            let strong = String(
                decoding: (0..<(length % 24)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] },
                as: UTF8.self)
            for book in [BookID.john, .genesis, .tobit] {
                var expected: [String] = []
                for part in strong.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "/" }) {
                    if let canonical = AttributeTerms.canonicalStrong(String(part), book: book),
                        !expected.contains("s:" + canonical)
                    {
                        expected.append("s:" + canonical)
                    }
                }
                #expect(terms(TaggedWord(utf8Range: 0..<1, strong: strong), book) == expected, "\(strong)")
            }
        }
    }

    private func terms(_ word: TaggedWord, _ book: BookID) -> [String] {
        var terms: [String] = []
        AttributeTerms.forEachTerm(of: word, book: book) { terms.append(String(decoding: $0, as: UTF8.self)) }
        return terms
    }

    @Test func fieldsAndNearParse() throws {
        let query = try QueryParser.parse("strong:G30560 lemma:Λόγος* morph:\"Prep-b / N-fs\" faith NEAR/5 love")
        #expect(
            query.required.map { $0[0].terms[0] } == [
                SearchQuery.Term("G3056", field: .strong),
                SearchQuery.Term(SearchFolding.fold("λόγος"), isPrefix: true, field: .lemma),
                SearchQuery.Term("Prep-b / N-fs", field: .morph),
            ])
        #expect(
            query.near == [
                SearchQuery.Proximity(
                    SearchQuery.Phrase([SearchQuery.Term("faith")]), SearchQuery.Phrase([SearchQuery.Term("love")]),
                    distance: 5)
            ])
        let verses = try QueryParser.parse("\"in the beginning\" NEAR/2v strong:H430 -hate")
        #expect(verses.near.map(\.unit) == [.verses])
        #expect(verses.near.map(\.distance) == [2])
        #expect(verses.near.first?.left.terms.count == 3)
        #expect(verses.excluded.count == 1 && verses.required.isEmpty)
        #expect(try QueryParser.parse("a NEAR b").near.map(\.distance) == [10])
    }

    @Test(arguments: [
        ("NEAR love", "NEAR needs"), ("love NEAR/5", "NEAR needs"), ("a NEAR/2 b NEAR/2 c", "cannot be chained"),
        ("a OR b NEAR/2 c", "NEAR cannot be part of OR"), ("a NEAR/2 b OR c", "NEAR cannot be part of OR"),
        ("a NEAR/2 -b", "excluded word cannot be part of NEAR"), ("a NEAR/x b", "NEAR takes a distance"),
        ("a NEAR/0 b", "NEAR takes a distance"), ("strong:love", "strong: needs a Strong's number"),
        ("strong:G26*", "strong: needs a Strong's number"), ("lemma:", "lemma: needs a value"),
        ("morph:\"N-mp", "the quote is not closed"),
    ])
    func fieldAndNearErrors(_ query: String, _ message: String) {
        #expect {
            try QueryParser.parse(query)
        } throws: { error in
            (error as? QueryError)?.message.contains(message) ?? false
        }
    }

    static let fixture = Result {
        try SearchFixture([
            """
            \\id GEN
            \\c 1
            \\p \\v 1 \\w In the beginning|strong="H7225"\\w* \\w God|strong="H0430" x-morph="N-mp"\\w* \\w created|strong="H1254a"\\w* the heavens.
            \\v 2 The earth was \\w formless|strong="H8414"\\w*.
            \\v 3 \\w God|strong="c:H0430"\\w* said, “Let there be light.”
            \\v 4 God \\w made|strong="H1254b"\\w* the sky.
            \\v 5 Faith came, then hope, then love.
            """,
            """
            \\id JHN
            \\c 1
            \\p \\v 1 \\w Λόγος|lemma="λόγος" strong="G30560" x-morph="Gr,N,,,,,NMS,"\\w* \\w ἦν|lemma="εἰμί" strong="G15100"\\w* word.
            \\v 2 \\w Word|strong="3056"\\w* of \\w God|strong="2316"\\w*.
            """,
        ])
    }

    @Test(arguments: [
        ("strong:H7225", ["GEN 1:1"]), ("strong:H430", ["GEN 1:1", "GEN 1:3"]),
        ("strong:H1254", ["GEN 1:1", "GEN 1:4"]), ("strong:H1254a", ["GEN 1:1"]), ("strong:H1254b", ["GEN 1:4"]),
        ("strong:G3056", ["JHN 1:1", "JHN 1:2"]), ("strong:3056", ["JHN 1:1", "JHN 1:2"]),
        ("strong:H3056", []), ("strong:2316", ["JHN 1:2"]), ("lemma:λογος", ["JHN 1:1"]),
        ("lemma:ΛΌΓΟΣ", ["JHN 1:1"]), ("lemma:λο*", ["JHN 1:1"]), ("morph:N-mp", ["GEN 1:1"]),
        ("morph:Gr,N,*", ["JHN 1:1"]), ("morph:gr,n,*", []), ("strong:H430 -light", ["GEN 1:1"]),
        ("strong:H430 OR strong:H8414", ["GEN 1:1", "GEN 1:2", "GEN 1:3"]), ("strong:H430 NEAR/1 created", ["GEN 1:1"]),
        ("strong:H430 NEAR/2v formless", ["GEN 1:1", "GEN 1:2", "GEN 1:3"]), ("faith NEAR/5 love", ["GEN 1:5"]),
        ("love NEAR/5 faith", ["GEN 1:5"]), ("faith NEAR/4 love", []), ("faith NEAR/0v hope", ["GEN 1:5"]),
        ("word NEAR/1v god", ["JHN 1:1", "JHN 1:2"]),
        ("light NEAR/1v word", []),
    ])
    func searchesAttributes(_ query: String, _ hits: [String]) throws {
        #expect(try Self.fixture.get().references(query) == hits)
    }

    /// The words carrying the number are highlighted: the English words in a translation, all of a word's
    /// tokens.
    @Test func highlightsTheTaggedWords() throws {
        let page = try Self.fixture.get().store.search("strong:H430 OR strong:H7225")
        let words = page.hits.map { hit in
            hit.highlights.map { String(decoding: Array(hit.text.utf8)[$0.utf8], as: UTF8.self) }
        }
        #expect(words == [["In the beginning God"], ["God"]])
    }

    @Test func aVersionWithoutTheAttributeSaysSo() throws {
        let plain = try SearchFixture.small()
        #expect(throws: SearchError.noAttribute(version: "TST", field: .strong)) {
            try plain.store.search("strong:G26")
        }
        #expect(SearchError.noAttribute(version: "WEB", field: .morph).description.hasPrefix("WEB has no morphology"))
        #expect(throws: SearchError.noAttribute(version: "TST", field: .lemma)) {
            try plain.store.search("love NEAR/3 lemma:ἀγάπη")
        }
    }

    /// The fuzz property on both fixtures: every query parses or fails inside itself, and searching gives hits,
    /// a query error or the "has no Strong's numbers" one, in both modes and orders.
    @Test(arguments: [
        "strong:G3056", "strong:H1254a NEAR/2v light", "lemma:λόγ* OR morph:N-mp", "morph:\"Prep-b / N-fs\"",
        "faith NEAR/5 love -hope", "a NEAR b NEAR c", "NEAR/3v", "strong:", "lemma:*", "\"in the\" NEAR/1 beginning",
    ])
    func attributeQueriesNeverFailOtherwise(_ query: String) throws {
        for fixture in [try Self.fixture.get(), try SearchFixture.small()] {
            #expect(FuzzProperties.query(query, index: try fixture.store.searchIndex()) == [])
        }
    }

    /// A tagged token's stored range changed under a resealed checksum — its length past the text, its length
    /// zero, its start one byte on: highlighting its hit throws or gives ranges inside the text, and `verify`
    /// finds it. (The token is `beginning`, the last of H7225's tokens `In the beginning` in GEN 1:1, which
    /// ends their range: entries (0, 0, 2), (1, 3, 3), (1, 4, 9), found among the verse's ids, each number one
    /// byte in so small an index.)
    @Test(arguments: [(2, UInt8(0x7F)), (2, 0), (1, 1)] as [(Int, UInt8)])
    func wrongTaggedTokenRangesAreFound(_ byte: Int, _ value: UInt8) throws {
        let fixture = try Self.fixture.get()
        var file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture.store.path)))
        let section = try #require(fixture.store.sections.first { $0.kind == .searchIndex })
        let bytes = try #require(fixture.store.sectionBytes(.searchIndex))
        let stream = try bytes.withUnsafeBytes { buffer throws(IndexDamage) -> Range<Int> in
            let view = try IndexView(IndexReader(buffer))
            let offsets = view.layout.range(.attributeVerseOffsets).lowerBound
            let base = view.layout.range(.attributeVerses).lowerBound
            return (base + (try view.reader.u32(offsets)))..<(base + (try view.reader.u32(offsets + 4)))
        }
        // Each id: its gap, its entries' length, then (place, start gap, length) a token.
        var start: Int?
        var group = stream.lowerBound
        while group + 2 <= stream.upperBound, start == nil {
            let first = section.offset + group + 2
            if Array(file[first..<(first + 9)]) == [0, 0, 2, 1, 3, 3, 1, 4, 9] { start = group + 2 + 6 }
            group += 2 + Int(file[section.offset + group + 1])
        }
        let token = try #require(start, "no entries of In the beginning")
        file[section.offset + token + byte] = value
        let path = fixture.directory + "/ranges-\(byte)-\(value).lectern"
        try Data(StoreSeal.resealed(file)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try VersionStore(path: path)
        let damaged = Result { () throws(SearchError) in try store.search("strong:H7225") }
        if case .success(let page) = damaged {
            #expect(byte == 1, "a range past the text or empty gave a page: \(page.hits.map(\.highlights))")
            for hit in page.hits {
                for highlight in hit.highlights {
                    #expect(highlight.utf8.upperBound <= hit.text.utf8.count && !highlight.utf8.isEmpty)
                    #expect(highlight.utf16.upperBound <= hit.text.utf16.count && !highlight.utf16.isEmpty)
                }
            }
        }
        #expect(VersionStore.verify(path: path, sections: []).isEmpty)
        #expect(!SearchIndexSection().problems(in: store).isEmpty)
    }
}
