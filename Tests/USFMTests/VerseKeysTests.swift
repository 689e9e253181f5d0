import Foundation
import ScriptureModel
import TestSupport
import Testing

@testable import USFM

/// `Book.verseKeys()` collects keys alone, no `VerseText` beside them (1.6 million verse texts made only for
/// their keys were the peak of an import of short verses): the same keys, in the same order, as the verse
/// texts have, for the repository's samples and a book of headings, notes, sidebars and verses in titles.
struct VerseKeysTests {
    static var samples: [String] {
        let folder = TestCorpus.sample("sample/usfm").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".usfm") }.sorted().map { folder + "/" + $0 }
    }

    @Test func theSamplesAreThere() { #expect(Self.samples.count >= 3, "\(Self.samples)") }

    @Test(arguments: samples)
    func keysAreTheVerseTextsKeys(path: String) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let book = try #require(USFMParser.parse(bytes, path: path).books.first)
        #expect(!book.verseKeys().isEmpty)
        #expect(book.verseKeys() == book.verseTexts().map(\.key))
    }

    @Test func keysSkipWhatVerseTextsSkip() throws {
        let text = """
            \\id PSA
            \\c 3
            \\d \\v 1 A Psalm of David.
            \\q1 \\v 2 Lord, how they have increased\\f + \\fr 3:2 \\ft a note \\v 9 (a verse marker closes the note)!
            \\s1 A heading
            \\esb \\cat People\\cat*
            \\p Sidebar text.
            \\esbe
            \\q1 \\v 3-4 Many say.
            \\c 4
            \\p \\v 1 \\w Answer|strong="H6030"\\w* me.
            """
        let book = try #require(USFMParser.parse(Array(text.utf8), path: "p.usfm").books.first)
        // Verse 9 (the marker that closes the note) comes before 3-4 in the source; a chapter's verses are given in
        // numeric order, keys as texts (`VerseTextCollector.finishChapter()`).
        #expect(book.verseKeys().map(\.description) == ["PSA 3:1", "PSA 3:2", "PSA 3:3-4", "PSA 3:9", "PSA 4:1"])
        #expect(book.verseKeys() == book.verseTexts().map(\.key))
    }
}
