import Foundation
import ScriptureModel
import ScriptureSearch
import TestSupport
import Testing

@testable import ScriptureStore

/// Damaged store files give errors, never crashes: cut short at every length, every byte flipped,
/// and sections rewritten with garbage behind valid checksums. The sample has a search index, and every
/// damaged file is also searched.
struct StoreDamageTests {
    static let sample: [UInt8] = {
        let metadata = VersionMetadata(id: 3, abbreviation: "SMP", title: "Sample", language: "en")
        return
            (try? StoreWriter.encode(
                books: [SampleBooks.genesis, SampleBooks.tobit], metadata: metadata, sections: [SearchIndexSection()]))
            ?? []
    }()

    /// Every section the sample has.
    static let kinds = SectionKind.required + [.searchIndex]

    @Test func theSampleIsSound() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write(Self.sample, to: "3.lectern")
        #expect(VersionStore.verify(path: path, sections: [SearchIndexSection()]) == [])
        #expect(StoreReadThrough.file(path) == (true, 0))
    }

    @Test func everyTruncationIsRefusedAtOpen() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let bytes = Self.sample
        for length in 0..<bytes.count {
            let path = try directory.write(Array(bytes[0..<length]), to: "cut.lectern")
            let error = #expect(throws: StoreError.self) { try VersionStore(path: path) }
            switch error {
            case .truncated(_, let expected, let actual)?:
                #expect(actual == length && expected > length)
            case .notAStore?:
                #expect(length < 8, "a cut at \(length) keeps the magic, so it should say truncated")
            default:
                Issue.record("cut at \(length): unexpected \(String(describing: error))")
            }
            #expect(!VersionStore.verify(path: path).isEmpty)
        }
    }

    @Test func everyFlippedByteIsFoundAndNamesItsSection() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let original = Self.sample
        let layout = try VersionStore(path: directory.write(original, to: "layout.lectern"))
        var foundPerSection: [SectionKind: Int] = [:]
        for position in original.indices {
            var bytes = original
            bytes[position] ^= 0xA5
            let path = try directory.write(bytes, to: "flipped.lectern")
            let problems = VersionStore.verify(path: path)
            #expect(!problems.isEmpty, "a flip at \(position) went unnoticed")
            _ = StoreReadThrough.file(path)
            if let section = layout.sections.first(where: { $0.offset <= position && position < $0.offset + $0.length })
            {
                #expect(
                    problems.contains { $0.section == section.kind },
                    "flip at \(position) in \(section.kind): \(problems)")
                foundPerSection[section.kind, default: 0] += 1
            }
        }
        #expect(Set(foundPerSection.keys) == Set(Self.kinds))
    }

    @Test(arguments: kinds)
    func garbageBehindValidChecksumsNeverCrashes(_ kind: SectionKind) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let layout = try VersionStore(path: directory.write(Self.sample, to: "layout.lectern"))
        let entry = try #require(layout.sections.first { $0.kind == kind })
        var random = SplitMix64(seed: UInt64(kind.rawValue))
        var reported = 0
        for round in 0..<200 {
            var bytes = Self.sample
            let flips = 1 + round % 4
            for _ in 0..<flips where entry.length > 0 {
                let position = entry.offset + Int(random.next() % UInt64(entry.length))
                bytes[position] = round % 3 == 0 ? 0xFF : UInt8(truncatingIfNeeded: random.next())
            }
            let path = try directory.write(StoreSeal.resealed(bytes), to: "resealed.lectern")
            let read = StoreReadThrough.file(path)
            let problems = VersionStore.verify(path: path, sections: [SearchIndexSection()])
            if !problems.isEmpty || !read.opened || read.failures > 0 { reported += 1 }
        }
        // Text bytes changed behind a valid checksum are still valid text; everything else is caught.
        if kind != .text && kind != .metadata {
            #expect(reported > 100, "only \(reported) of 200 damaged \(kind) sections noticed")
        }
    }

    /// The books section's fields, each book's as a list of varints after its number and flags.
    struct BookFields {
        var books: [(number: UInt8, flags: UInt8, values: [Int])]

        /// Fields per book after the number and flags: seven names, the first chapter record, the chapter
        /// count, the content offset, the introduction's length, the verse count, the introduction's checksum.
        static let perBook = 13
        static let firstChapter = 7
        static let chapterCount = 8
        static let verseCount = 11

        init(_ bytes: StoreBytes) throws {
            var cursor = bytes.cursor()
            books = try (0..<cursor.varint()).map { _ in
                (try cursor.u8(), try cursor.u8(), try (0..<Self.perBook).map { _ in try cursor.varint() })
            }
            #expect(cursor.isAtEnd)
        }

        var encoded: [UInt8] {
            var writer = ByteWriter()
            writer.varint(books.count)
            for book in books {
                writer.u8(book.number)
                writer.u8(book.flags)
                for value in book.values { writer.varint(value) }
            }
            return writer.bytes
        }
    }

    /// The sample with its books section's fields changed by `change`, resealed (the section keeps its length).
    static func withBookFields(_ change: (inout BookFields) -> Void, in directory: TemporaryDirectory) throws -> String
    {
        let layout = try VersionStore(path: directory.write(sample, to: "layout.lectern"))
        let entry = try #require(layout.sections.first { $0.kind == .books })
        var fields = try BookFields(try #require(layout.sectionBytes(.books)))
        #expect(fields.encoded == Array(sample[entry.offset..<(entry.offset + entry.length)]))
        change(&fields)
        let section = fields.encoded
        try #require(section.count == entry.length)
        var bytes = sample
        bytes.replaceSubrange(entry.offset..<(entry.offset + entry.length), with: section)
        return try directory.write(StoreSeal.resealed(bytes), to: "books.lectern")
    }

    /// Search finds a verse's book from the books' verse counts alone, so counts that disagree with the
    /// chapter records or the verse table are damage, behind valid checksums too.
    @Test func bookCountsThatDisagreeWithTheTablesAreCaught() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let counts = try BookFields(
            try #require(VersionStore(path: directory.write(Self.sample, to: "s.lectern")).sectionBytes(.books)))
        #expect(counts.books.count == 2)
        let genesisVerses = counts.books[0].values[BookFields.verseCount]
        #expect(genesisVerses > 1)

        // One verse moved from Genesis to Tobit: the totals still agree, so the file opens, but `verify`
        // names the book whose chapters do not add up.
        let moved = try Self.withBookFields(
            { fields in
                fields.books[0].values[BookFields.verseCount] -= 1
                fields.books[1].values[BookFields.verseCount] += 1
            }, in: directory)
        let store = try VersionStore(path: moved)
        #expect(store.bookVerseStarts[1] == genesisVerses - 1)
        let problems = VersionStore.verify(path: moved)
        #expect(problems.contains { $0.section == .books && $0.message.contains("GEN") }, "\(problems)")

        // A verse count past the verse table, and chapter records shared out out of order: refused at open.
        let tooMany = try Self.withBookFields({ $0.books[1].values[BookFields.verseCount] += 1 }, in: directory)
        #expect(throws: StoreError.self) { try VersionStore(path: tooMany) }
        #expect(VersionStore.verify(path: tooMany).contains { $0.section == .books })
        let overlapping = try Self.withBookFields(
            { fields in
                fields.books[1].values[BookFields.firstChapter] -= 1
                fields.books[1].values[BookFields.chapterCount] += 1
            }, in: directory)
        #expect(throws: StoreError.self) { try VersionStore(path: overlapping) }
    }

    @Test func deepNestingAndHugeNumbersAreRefused() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var nested: Inline = .text("deep")
        for _ in 0..<70 { nested = .character(CharacterSpan(marker: "add", content: [nested])) }
        let chapter = Chapter(
            number: 1, blocks: [SampleBooks.paragraph("p", [SampleBooks.verse("1"), nested])],
            location: SampleBooks.here)
        let book = Book(id: .ruth, chapters: [chapter], location: SampleBooks.here)
        let metadata = VersionMetadata(id: 1, abbreviation: "D", title: "Deep")
        #expect(throws: StoreError.cannotEncode("content nested deeper than 64 levels")) {
            try StoreWriter.encode(books: [book], metadata: metadata)
        }
        // A chapter stream of 100 SPAN openings, resealed: the reader refuses it at depth 64.
        var bytes = try StoreWriter.encode(books: [SampleBooks.tobit], metadata: metadata)
        let layout = try VersionStore(path: directory.write(bytes, to: "layout.lectern"))
        let content = try #require(layout.sections.first { $0.kind == .content })
        var deep: [UInt8] = [0, ContentOp.paragraph.rawValue, 0]
        for _ in 0..<100 { deep += [ContentOp.span.rawValue, 0] }
        let filler = [UInt8](repeating: 0, count: max(0, content.length - deep.count))
        bytes.replaceSubrange(content.offset..<(content.offset + content.length), with: deep + filler)
        let path = try directory.write(
            StoreSeal.resealed(Array(bytes.prefix(content.offset + content.length))), to: "deep.lectern")
        let store = try VersionStore(path: path)
        #expect(throws: StoreError.self) { try store.chapter(.tobit, 1) }
    }
}
