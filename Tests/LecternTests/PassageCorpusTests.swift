import Foundation
import Lectern
import LecternTestSupport
import TestSupport
import Testing

/// The passage API on the real World English Bible: the text is the `vref` export's, ranges across chapters
/// walk every verse between their ends.
@Suite(.enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
struct PassageCorpusTests {
    @Test func passagesOfTheWorldEnglishBibleAreItsVrefLines() throws {
        let books = CorpusParses.books("eng-web-usfm")
        let library = Library(directory: NSTemporaryDirectory() + "/lectern-passage-web-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: library.directory) }
        let metadata = VersionMetadata(
            id: 1, abbreviation: "WEB", title: "World English Bible", language: "en", sourceFormat: "usfm",
            importedAt: "")
        try library.add(books: books, metadata: metadata, id: 1, replace: false)
        let vref = Vref.format(books).split(separator: "\n").map(String.init)

        let passage = try library.passage("John 3:16-18", bible: "WEB")
        #expect(passage.verses.map(\.reference.id) == ["JHN.3.16", "JHN.3.17", "JHN.3.18"])
        #expect(
            passage.verses.first?.text
                == "For God so loved the world, that he gave his only born Son, that whoever believes in him should not perish, but have eternal life."
        )
        let lines = passage.verses.map { "JHN 3:\($0.label)\t\($0.text)" }
        #expect(
            lines == vref.filter { line in ["JHN 3:16\t", "JHN 3:17\t", "JHN 3:18\t"].contains { line.hasPrefix($0) } })

        /// A selection, how many verses it gives, and the vref line prefixes of its first and last verse.
        let counts: [(String, Int, String, String)] = [
            ("John 3:16-4:2", 23, "JHN 3:16\t", "JHN 4:2\t"), ("Gen 1-3", 80, "GEN 1:1\t", "GEN 3:24\t"),
            ("Jn 3 16, 18; 4:1", 3, "JHN 3:16\t", "JHN 4:1\t"), ("Ps 117", 2, "PSA 117:1\t", "PSA 117:2\t"),
            ("Matt 5-7", 111, "MAT 5:1\t", "MAT 7:29\t"), ("Jude", 25, "JUD 1:1\t", "JUD 1:25\t"),
        ]
        for (text, count, first, last) in counts {
            let verses = try library.passage(text).verses
            #expect(verses.count == count, "\(text)")
            let firstLine = verses.first.map {
                "\($0.reference.book.code) \($0.reference.chapter ?? 0):\($0.label)\t\($0.text)"
            }
            let lastLine = verses.last.map {
                "\($0.reference.book.code) \($0.reference.chapter ?? 0):\($0.label)\t\($0.text)"
            }
            #expect(
                firstLine.map { $0.hasPrefix(first) && vref.contains($0) } == true, "\(text): \(firstLine ?? "none")")
            #expect(lastLine.map { $0.hasPrefix(last) && vref.contains($0) } == true, "\(text): \(lastLine ?? "none")")
        }
        #expect(
            PassageTests.message { try library.passage("John 22") }
                == "John (JHN) has no chapter 22 in WEB; its chapters are 1–21")
        #expect(
            PassageTests.message { try library.passage("John 3:37") }
                == "John 3 has no verse 37 in WEB; its verses are 1–36")
    }
}
