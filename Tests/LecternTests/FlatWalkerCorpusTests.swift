import Foundation
import Lectern
import ReaderCore
import ScriptureModel
import TestSupport
import Testing

/// The walkers that read the flat model (verse texts with their tagged words, verse labels, repeated
/// chapters merged) give what the `Block` tree walkers gave (`TreeReference`), on every Bible of the corpus
/// (`compare`, called from `CorpusCheckTests` so each folder is parsed once).
@Suite(.enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
struct FlatWalkerCorpusTests {
    /// Compares the flat walkers with the tree walkers on a folder's parsed books (run by
    /// `CorpusCheckTests`, which parses every folder once for all its checks).
    static func compare(_ books: [Book], folder: String) {
        #expect(!books.isEmpty)
        var words = 0
        for book in books {
            let flat = book.verseTexts()
            let tree = TreeReference.verseTexts(book)
            #expect(flat.count == tree.count, "\(folder) \(book.id.code)")
            #expect(book.verseKeys() == tree.map(\.key), "\(folder) \(book.id.code)")
            if let index = flat.indices.first(where: { $0 < tree.count && flat[$0] != tree[$0] }) {
                Issue.record("\(folder) \(flat[index].key): flat \(flat[index]) tree \(tree[index])")
            }
            words += flat.reduce(0) { $0 + $1.words.count }
            for chapter in book.chapters {
                #expect(
                    chapter.verseLabels == TreeReference.verseLabels(chapter),
                    "\(folder) \(book.id.code) \(chapter.number)")
            }
        }
        // The folders with Strong's numbers or lemmas have tagged words (so the check above compared real
        // words, not two empty lists).
        let tagged = [
            "eng-web-usfm", "eng-web-usx", "eng-web-usx-usfmtc", "grc-nestle1904-usfm", "grc-ugnt-usx", "hbo-uhb-usx",
            "hbo-wlc-usfm",
        ]
        if tagged.contains(folder) { #expect(words > 1000, "\(folder): \(words) tagged words") }
    }

    @Test(arguments: ["eng-web-usfm/09-RUTeng-web.usfm", "hbo-uhb-usx/008RUT.usx.gz"])
    func aRepeatedChapterIsMergedAsTheTreeWouldBe(_ file: String) throws {
        let books = VersionSource.parse(paths: [TestCorpus.root.appendingPathComponent(file).path]).books
        let book = try #require(books.first { $0.chapters.count > 2 })
        var repeated = book
        repeated.chapters.append(book.chapters[1])
        repeated.chapters.append(book.chapters[0])
        let merged = repeated.mergingRepeatedChapters()
        #expect(merged.chapters.count == book.chapters.count)
        #expect(merged.chapters[0].blocks == book.chapters[0].blocks + book.chapters[0].blocks)
        #expect(merged.chapters[1].blocks == book.chapters[1].blocks + book.chapters[1].blocks)
        #expect(merged.chapters[2] == book.chapters[2])
        #expect(TreeReference.verseTexts(merged) == merged.verseTexts())
    }
}
