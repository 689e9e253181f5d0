import Foundation
import Lectern
import TestSupport
import Testing

/// A sidebar (`\esb … \esbe`) on its way through Lectern: stored and read back whole, drawn as a box by
/// `lectern read`, written to USFM and USX that parse to the same model, and never verse text.
@Suite struct SidebarTests {
    static let usfm = """
        \\id GEN Sidebar sample
        \\usfm 3.1
        \\mt1 Genesis
        \\esb \\cat Overview\\cat*
        \\ip Study of the \\bk book\\bk*.
        \\esbe
        \\c 1
        \\p
        \\v 1 In the beginning.
        \\esb \\cat People\\cat*
        \\ms Abram
        \\p About \\w Abram|strong="H87"\\w*\\f + \\fr 1:1 \\ft a note\\f*.
        \\tr \\th1 Name \\th2 Meaning
        \\tr \\tc1 Abram \\tc2 exalted father
        \\esbe
        \\p
        \\v 2 The earth was formless.
        \\esb
        \\p No category.
        \\esbe
        \\p
        \\v 3 Light.

        """

    static func book() throws -> Book {
        let result = USFMParser.parse(usfm, path: "sidebar.usfm")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return try #require(result.books.first)
    }

    /// The book stored in a fresh library and opened again.
    static func stored(_ book: Book, in directory: TemporaryDirectory) throws -> VersionStore {
        let library = Library(directory: directory.path)
        let metadata = VersionMetadata(
            id: 1, abbreviation: "SBS", title: "Sidebars", language: "en", sourceFormat: "usfm", importedAt: "")
        try library.add(books: [book], metadata: metadata, id: 1, replace: false)
        return try library.open(1)
    }

    @Test func sidebarsAreNotVerseText() throws {
        #expect(
            try Self.book().verseTexts().map { "\($0.key) \($0.text)" } == [
                "GEN 1:1 In the beginning.", "GEN 1:2 The earth was formless.", "GEN 1:3 Light.",
            ])
    }

    @Test func theStoreGivesSidebarsBackWhole() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let book = try Self.book()
        let store = try Self.stored(book, in: directory)
        let full = try store.fullBook(.genesis)
        #expect(full.normalizedForStore() == book.normalizedForStore())
        #expect(try store.verses(.genesis, 1).map(\.text) == book.verseTexts().map(\.text))
        #expect(try StyledChapterCheck.mismatches(in: store) == [])
        let styled = try store.styledChapter(.genesis, 1)
        #expect(styled.sidebars.map(\.category) == ["People", nil])
        #expect(
            styled.paragraphs.map { "\($0.marker)\($0.sidebar.map { ":\($0)" } ?? "")" } == [
                "p", "ms:0", "p:0", "tr:0", "th1:0", "th2:0", "tr:0", "tc1:0", "tc2:0", "p", "p:1", "p",
            ])
        #expect(styled.notes.map(\.text) == ["1:1 a note"], "a note inside a sidebar is the chapter's")
    }

    @Test func paragraphsNamedLikeTheSidebarMarkersStayParagraphs() throws {
        // `<para style="esbe">` is not USX, but is kept as an unknown paragraph style: the store must not
        // take it for a sidebar's bound. A category is kept byte for byte.
        let usx = """
            <usx version="3.1"><book code="GEN" style="id"/><chapter number="1" style="c"/>
            <para style="esbe">x</para><para style="p"><verse number="1" style="v"/>a</para><para style="esb">y</para>
            <sidebar style="esb" category=" Two  spaces "><para style="p">z</para></sidebar>
            </usx>
            """
        let book = try #require(USXParser.parse(Array(usx.utf8), path: "odd.usx").books.first)
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try Self.stored(book, in: directory)
        #expect(try store.fullBook(.genesis).normalizedForStore() == book.normalizedForStore())
        #expect(try store.styledChapter(.genesis, 1).paragraphs.map(\.marker) == ["esbe", "p", "esb", "p"])
        #expect(try store.styledChapter(.genesis, 1).sidebars.map(\.category) == [" Two  spaces "], "kept as written")
    }

    @Test func aBookBuiltInCodeCannotUseTheStoresSidebarBounds() throws {
        var book = try Self.book()
        book.chapters[0].blocks.append(.paragraph(Paragraph(marker: "\u{1}esbe", location: book.location)))
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        #expect(throws: StoreError.self) { try Self.stored(book, in: directory) }
    }

    @Test func readDrawsASidebarAsABox() throws {
        let book = try Self.book()
        #expect(
            PassageText.render(book.chapters[0].blocks) == """
                [1] In the beginning.

                ┌─ People
                │ Abram
                │
                │ About Abram.
                │
                │ Name | Meaning
                │ Abram | exalted father
                └─

                [2] The earth was formless.

                ┌─
                │ No category.
                └─

                [3] Light.

                """)
        #expect(PassageText.render(book.introduction).hasSuffix("┌─ Overview\n│ Study of the book.\n└─\n"))
    }

    @Test func aVerseRangeKeepsTheSidebarsBetweenItsVerses() throws {
        let blocks = try Self.book().chapters[0].blocks
        let shapes = [1...1, 2...3, 3...3].map { range in
            PassageText.select(blocks, verses: range).map { block -> String in
                if case .sidebar(let sidebar) = block { return "sidebar:\(sidebar.category ?? "-")" }
                return "block"
            }
        }
        #expect(shapes == [["block", "sidebar:People"], ["block", "sidebar:-", "block"], ["block"]])
    }

    @Test(arguments: ["usfm", "usx", "usj"])
    func exportedSidebarsParseToTheSameModel(_ format: String) throws {
        let book = try Self.book()
        let text: String
        let result: ParseResult
        let written: String
        switch format {
        case "usx":
            text = USXWriter.write(book)
            result = USXParser.parse(Array(text.utf8), path: "out.usx")
            written = "<sidebar style=\"esb\" category=\"People\">"
        case "usj":
            text = USJWriter.write(book)
            result = USJParser.parse(Array(text.utf8), path: "out.usj")
            written = "{\"type\":\"sidebar\",\"marker\":\"esb\",\"category\":\"People\",\"content\":["
        default:
            text = USFMWriter.write(book)
            result = USFMParser.parse(text, path: "out.usfm")
            written = "\\esb \\cat People\\cat*"
        }
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        var reread = try #require(result.books.first)
        reread.formatVersion = book.formatVersion
        #expect(reread.normalizedForStore() == book.normalizedForStore())
        #expect(text.contains(written))
    }
}
