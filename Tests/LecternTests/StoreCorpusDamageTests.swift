import Foundation
import Lectern
import LecternTestSupport
import TestSupport
import Testing

@testable import ScriptureStore

/// One changed byte in each chapter of eng-web in turn (a letter of its verse text, or a byte of its
/// content), all 1,189 of them: every read path (read, search, export, books) fails on that chapter with the checksum error naming
/// the Bible, the chapter and the fix, and never returns the damaged text.
/// (The suite, enabled only when the corpus is there, is in StoreCorpusTests.swift.)
extension StoreCorpusDamageTests {
    /// eng-web imported into a temporary library once: the store file's bytes and its chapters.
    struct Imported: Sendable {
        var bytes: [UInt8]
        /// Every chapter, in canon order.
        var chapters: [(book: BookID, number: Int)]
    }

    static let imported: Imported? = {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let books = CorpusParses.books("eng-web-usfm")
        let library = Library(directory: directory.path)
        guard
            let metadata = try? library.add(
                books: books, metadata: VersionMetadata(id: 1, abbreviation: "WEB", title: "World English Bible"),
                id: 1, replace: true, sections: [SearchIndexSection()]),
            let store = try? library.open(metadata.id),
            let bytes = FileManager.default.contents(atPath: store.path)
        else { return nil }
        return Imported(
            bytes: Array(bytes), chapters: store.books.flatMap { book in book.chapters.map { (book.id, $0) } })
    }()

    /// Where a byte is changed.
    enum Place: String, CaseIterable, Sendable {
        case text, content
    }

    /// Writes `byte` at `offset` of the file at `path`, in place (the rest of the file is not rewritten).
    static func poke(_ path: String, at offset: Int, _ byte: UInt8) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: [byte])
    }

    @Test(arguments: Place.allCases)
    func everyReadPathFailsOnTheDamagedChapter(_ place: Place) throws {
        let imported = try #require(Self.imported, "eng-web could not be imported")
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let layout = try VersionStore(path: directory.write(imported.bytes, to: "layout.lectern"))
        // One copy, damaged one byte at a time in place and restored after each chapter.
        let path = try directory.write(imported.bytes, to: "1.lectern")
        for (book, number) in imported.chapters {
            let record = try layout.chapterRecord(book, number)
            let originalVerses = try layout.verses(book, number)
            let bytes = imported.bytes
            let section = try #require(layout.sections.first { $0.kind == (place == .text ? .text : .content) })
            // A letter of the text turned into another ("loved" → "hoved"), or any byte of the content.
            let position: Int
            let damagedVerse: VerseText?
            switch place {
            case .text:
                let middle = section.offset + record.textOffset + record.textLength / 2
                let letter = try #require(
                    (middle..<(section.offset + record.textOffset + record.textLength)).first {
                        (0x61...0x7A).contains(bytes[$0])
                    })
                position = letter
                let offsetInChapter = letter - section.offset - record.textOffset
                var start = 0
                damagedVerse = originalVerses.first { verse in
                    defer { start += verse.text.utf8.count }
                    return start <= offsetInChapter && offsetInChapter < start + verse.text.utf8.count
                }
                try Self.poke(path, at: position, bytes[position] == 0x68 ? 0x6C : 0x68)
            case .content:
                position = section.offset + record.contentOffset + record.contentLength / 2
                damagedVerse = nil
                try Self.poke(path, at: position, bytes[position] ^ 0x01)
            }
            defer { try? Self.poke(path, at: position, bytes[position]) }
            let store = try VersionStore(path: path)
            let label = "\(book.code) \(number)"
            func expectDamaged(_ what: String, _ body: () throws -> Void) {
                do {
                    try body()
                    Issue.record("\(what) of \(label) (\(place) damaged) did not fail")
                } catch {
                    let message = String(describing: error)
                    #expect(
                        message.contains("WEB") && message.contains("checksum mismatch in \(label)")
                            && message.contains("lectern verify") && message.contains("import the Bible again"),
                        "\(what) of \(label): \(message)")
                }
            }
            // `lectern read`: the styled chapter (and the model) and the verses.
            expectDamaged("styledChapter") { _ = try store.styledChapter(book, number) }
            expectDamaged("chapter") { _ = try store.chapter(book, number) }
            // `lectern export`.
            expectDamaged("fullBook") { _ = try store.fullBook(book) }
            // `lectern books`.
            expectDamaged("checkChapters") { try store.checkChapters() }
            switch place {
            case .text:
                expectDamaged("verses") { _ = try store.verses(book, number) }
                // `lectern search`: the damaged verse's longest word, in its book.
                let verse = try #require(damagedVerse)
                let words: [Substring] = verse.text.split(whereSeparator: { (character: Character) in
                    !character.isLetter
                })
                let word = String(try #require(words.max { $0.count < $1.count }))
                expectDamaged("search '\(word)'") {
                    _ = try store.search(word, options: SearchOptions(pageSize: 1000, books: [book]))
                }
            case .content:
                // The verse text is sound: it reads back unchanged.
                #expect(try store.verses(book, number).map(\.text) == originalVerses.map(\.text))
            }
            // The chapters around it are not damaged and still read.
            if let other = imported.chapters.first(where: { $0.book == book && $0.number != number }) {
                _ = try store.styledChapter(other.book, other.number)
            }
        }
    }
}
