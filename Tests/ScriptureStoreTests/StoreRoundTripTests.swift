import Foundation
import ScriptureModel
import TestSupport
import Testing

@testable import ScriptureStore

struct StoreRoundTripTests {
    static let metadata = VersionMetadata(id: 7, abbreviation: "SMP", title: "Sample Bible", language: "en")

    /// Writes the sample books to a store file and opens it.
    static func sampleStore(_ directory: TemporaryDirectory) throws -> VersionStore {
        let bytes = try StoreWriter.encode(books: [SampleBooks.tobit, SampleBooks.genesis], metadata: metadata)
        return try VersionStore(path: directory.write(bytes, to: "7.lectern"))
    }

    @Test func booksComeBackWholeInCanonOrder() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try Self.sampleStore(directory)
        #expect(store.books.map(\.id) == [.genesis, .tobit])
        #expect(store.metadata == Self.metadata)
        for original in [SampleBooks.genesis, SampleBooks.tobit] {
            let stored = try store.fullBook(original.id)
            #expect(stored.normalizedForStore() == original.normalizedForStore())
            #expect(stored.verseTexts().map(\.text) == original.verseTexts().map(\.text))
        }
    }

    @Test func aBookOrChapterGivenTwiceIsRefused() {
        var repeated = SampleBooks.genesis
        repeated.chapters.append(repeated.chapters[0])
        #expect(throws: StoreError.cannotEncode("GEN has chapter \(repeated.chapters[0].number) twice")) {
            try StoreWriter.encode(books: [repeated], metadata: Self.metadata)
        }
        #expect(throws: StoreError.cannotEncode("TOB is given twice")) {
            try StoreWriter.encode(
                books: [SampleBooks.tobit, SampleBooks.genesis, SampleBooks.tobit], metadata: Self.metadata)
        }
    }

    @Test func verseTextsAreTheContract() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try Self.sampleStore(directory)
        let expected = (SampleBooks.genesis.verseTexts() + SampleBooks.tobit.verseTexts()).map {
            "\($0.key)\t\($0.text)"
        }
        #expect(try store.allVerseTexts().map { "\($0.key)\t\($0.text)" } == expected)
        #expect(store.verseCount == expected.count)
        #expect(expected.contains("GEN 1:4-5\thell will be good"))
    }

    /// Orders of verse indices a page of search hits may ask for: a run in one chapter, runs across chapters
    /// and books, back and forth, repeats.
    @Test(arguments: [[0, 1, 2], [0, 3, 1, 2], [2, 2, 0], [], [0, 4, 5, 3]])
    func verseTextsOfSeveralAreEachVersesText(_ picks: [Int]) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try Self.sampleStore(directory)
        // The picks scaled over the whole table, so they reach the last verse and the other book.
        let indices = picks.map { $0 * (store.verseCount - 1) / 5 }
        let expected = try indices.map { index throws(StoreError) in try store.verseText(at: index) }
        #expect(try store.verseTexts(at: indices) == expected)
        #expect(throws: StoreError.notFound("verse \(store.verseCount)")) {
            try store.verseTexts(at: indices + [store.verseCount])
        }
    }

    struct RangeCase: Sendable, CustomStringConvertible {
        var chapter: Int
        var range: ClosedRange<Int>?
        var labels: [String]
        var description: String { "GEN \(chapter) \(range.map { "\($0)" } ?? "all")" }
    }

    @Test(arguments: [
        RangeCase(chapter: 1, range: nil, labels: ["1", "2", "3", "4-5", "6a", "6b", "7"]),
        RangeCase(chapter: 1, range: 2...2, labels: ["2"]),
        RangeCase(chapter: 1, range: 5...6, labels: ["4-5", "6a", "6b"]),
        RangeCase(chapter: 1, range: 8...20, labels: []),
        RangeCase(chapter: 3, range: 1...3, labels: ["1", "2", "3"]),
    ])
    func verseRanges(_ test: RangeCase) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try Self.sampleStore(directory)
        #expect(try store.verses(.genesis, test.chapter, test.range).map(\.key.verse) == test.labels)
    }

    @Test func bookListKnowsNamesSparseChaptersAndIntroductions() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try Self.sampleStore(directory)
        let genesis = try #require(store.book(.genesis))
        #expect(genesis.chapters == [1, 3])
        #expect(genesis.hasIntroduction)
        #expect(genesis.names == SampleBooks.genesis.names)
        #expect(genesis.verseCount == 10)
        #expect(genesis.formatVersion == "3.1")
        let tobit = try #require(store.book(.tobit))
        #expect(!tobit.hasIntroduction && tobit.chapterLabel == "Part" && tobit.testament == .deuterocanon)
        #expect(throws: StoreError.notFound("GEN 2")) { try store.chapter(.genesis, 2) }
        #expect(throws: StoreError.notFound("EXO")) { try store.introduction(.exodus) }
    }

    @Test func verseTextIsStoredOnce() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try Self.sampleStore(directory)
        let content = try store.content.bytes(at: 0, length: store.content.count)
        let text = try store.text.bytes(at: 0, length: store.text.count)
        #expect(contains(text, Array("heavens and the earth".utf8)))
        #expect(!contains(content, Array("heavens and the earth".utf8)))
        #expect(contains(content, Array("Or, “void”".utf8)), "note text is not verse text, so it is in the content")
    }

    @Test func aSoundFileVerifies() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try Self.sampleStore(directory)
        #expect(store.verify() == [])
    }

    @Test func readersOnManyThreadsAgree() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try Self.sampleStore(directory)
        let expected = try store.chapter(.genesis, 1)
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            results.add((try? store.chapter(.genesis, 1)) == expected)
        }
        #expect(results.values == Array(repeating: true, count: 64))
    }

    private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }
}

/// Collects values from many threads.
final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Bool] = []
    var values: [Bool] { lock.withLock { stored } }
    func add(_ value: Bool) { lock.withLock { stored.append(value) } }
}

struct StoreDeterminismTests {
    @Test func theSameBooksGiveTheSameBytes() throws {
        let metadata = VersionMetadata(id: 1, abbreviation: "A", title: "A", importedAt: "2026-01-01T00:00:00Z")
        let books = [SampleBooks.tobit, SampleBooks.genesis]
        let first = try StoreWriter.encode(books: books, metadata: metadata)
        for _ in 0..<5 {
            #expect(try StoreWriter.encode(books: books, metadata: metadata) == first)
            #expect(try StoreWriter.encode(books: books.reversed(), metadata: metadata) == first)
        }
    }
}

struct StoreTaggedWordTests {
    static func word(_ text: String, strong: String, lemma: String? = nil) -> Inline {
        var attributes = [Attribute("strong", strong)]
        if let lemma { attributes.append(Attribute("lemma", lemma)) }
        return .character(CharacterSpan(marker: "w", attributes: attributes, content: [.text(text)]))
    }

    /// Words of one style share their strings; a verse that is not NFC has its words moved with its text; a
    /// span with attributes that make no tagged word gives none; a verse without words has no entry.
    static let book = Book(
        id: .mark, names: BookNames(header: "Mark"),
        chapters: [
            Chapter(
                number: 1,
                blocks: [
                    SampleBooks.paragraph(
                        "p",
                        [
                            SampleBooks.verse("1"), .text("x "), word("cafe\u{301}", strong: "G1"), .text(" "),
                            word("b", strong: "G2", lemma: "\u{3BB}\u{1F79}\u{3B3}\u{3BF}\u{3C2}"),
                            SampleBooks.verse("2"), word("d", strong: "G1"), .text(" "),
                            .character(
                                CharacterSpan(marker: "w", attributes: [Attribute("gloss", "e")], content: [.text("e")])
                            ),
                            SampleBooks.verse("3"), .text("plain"),
                        ])
                ], location: SampleBooks.here),
            Chapter(
                number: 2,
                blocks: [
                    SampleBooks.paragraph(
                        "p",
                        [
                            SampleBooks.verse("1"),
                            word("f", strong: "G2", lemma: "\u{3BB}\u{1F79}\u{3B3}\u{3BF}\u{3C2}"),
                        ])
                ],
                location: SampleBooks.here),
        ], location: SampleBooks.here)

    @Test func taggedWordsReachTheBuiltSections() throws {
        let pending = try StoreWriter.prepare(books: [Self.book], metadata: StoreRoundTripTests.metadata)
        let table = try #require(pending.verseTexts.books.first)
        let texts = table.ends.indices.map { String(decoding: table.text[table.range(of: $0)], as: UTF8.self) }
        #expect(texts == ["x caf\u{E9} b", "d e", "plain", "f"])
        let lemma = "\u{3BB}\u{1F79}\u{3B3}\u{3BF}\u{3C2}"
        #expect(table.words.map(\.verse) == [0, 1, 3])
        #expect(
            table.words.map(\.words) == [
                // The first word's range starts with the space before it; the second's moved with the NFC text.
                [TaggedWord(utf8Range: 1..<7, strong: "G1"), TaggedWord(utf8Range: 7..<9, strong: "G2", lemma: lemma)],
                [TaggedWord(utf8Range: 0..<1, strong: "G1")],
                [TaggedWord(utf8Range: 0..<1, strong: "G2", lemma: lemma)],
            ])
        // Where the text was NFC already, the words are those of `Book.verseTexts()`.
        let collected = Self.book.verseTexts()
        #expect(collected[0].words.map(\.utf8Range) == [1..<8, 8..<10])
        #expect(table.words.dropFirst().map(\.words) == [collected[1].words, collected[3].words])
    }
}
