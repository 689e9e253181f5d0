import Lectern
import LecternTestSupport
import TestSupport
import Testing

/// Walking `next` from the first page to the last, and `previous` back, over real versions.
@Suite(.enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
struct ChapterWalkTests {
    struct Walk: CustomTestStringConvertible, Sendable {
        var folder: String
        var chapters: Int
        var introductions: [String]
        var testDescription: String { folder }
    }

    static let walks: [Walk] = [
        // eng-web: 1,402 chapters plus intro pages for the preface (FRT), the glossary (GLO) and the
        // deuterocanonical books that carry \is/\ip introductions.
        Walk(
            folder: "eng-web-usfm", chapters: 1402,
            introductions: [
                "FRT", "TOB", "JDT", "ESG", "WIS", "SIR", "BAR", "1MA", "2MA", "3MA", "4MA", "1ES", "2ES", "MAN", "PS2",
                "GLO",
            ]),
        // Korean: 1 Peter stops at 4:14 upstream, so 1,188 chapters.
        Walk(folder: "kor-1910-usfm", chapters: 1188, introductions: []),
        // Hebrew WLC: Daniel 3–7 and Ezra 5 are missing (Aramaic), so 923 chapters.
        Walk(folder: "hbo-wlc-usfm", chapters: 923, introductions: []),
    ]

    @Test(arguments: walks)
    func nextVisitsEveryPageOnceInCanonOrderAndPreviousReverses(_ walk: Walk) throws {
        let books = CorpusParses.books(walk.folder)
        // The walk runs over the stored version, whose outline must be the parsed one.
        let temporary = ReaderSessionTests.TemporaryLibrary()
        let store = try temporary.add(books, id: 1, abbreviation: "WALK")
        let outline = try VersionOutline(store: store, includeVerses: true)
        #expect(outline == VersionOutline(parsed: books))
        let sequence = ChapterSequence(try VersionOutline(store: store))
        var forward: [BibleReference] = []
        var page = sequence.first?.reference()
        while let current = page, forward.count <= 5000 {
            forward.append(current)
            page = sequence.next(after: current)
        }
        let expected = books.flatMap { book in
            (book.hasIntroduction ? [BibleReference.introduction(book.id)] : []) + book.chapters.map { .chapter(book.id, $0.number) }
        }
        #expect(forward == expected, "every chapter and intro page, in the version's order")
        #expect(Set(forward).count == forward.count, "no page twice")
        #expect(forward.count { !$0.isIntroduction } == walk.chapters)
        #expect(forward.filter(\.isIntroduction).map(\.book.code).sorted() == walk.introductions.sorted())
        #expect(forward == forward.sorted(), "canon order")
        var backward: [BibleReference] = []
        page = sequence.last?.reference()
        while let current = page, backward.count <= 5000 {
            backward.append(current)
            page = sequence.previous(before: current)
        }
        #expect(backward == forward.reversed())
    }

    @Test func sparseChapterListsAreTheRealOnes() throws {
        let korean = ChapterSequence(VersionOutline(parsed: CorpusParses.books("kor-1910-usfm")))
        #expect(korean.next(after: .chapter(.firstPeter, 4))?.id == "2PE.1")
        let hebrew = ChapterSequence(VersionOutline(parsed: CorpusParses.books("hbo-wlc-usfm")))
        #expect(hebrew.next(after: .chapter(.daniel, 2))?.id == "DAN.8")
        #expect(hebrew.previous(before: .chapter(.ezra, 6))?.id == "EZR.4")
        #expect(hebrew.resolve(.chapter(.daniel, 5))?.reference.id == "DAN.2", "a tie goes to the earlier chapter")
        #expect(hebrew.resolve(.chapter(.daniel, 6))?.reference.id == "DAN.8")
    }
}
