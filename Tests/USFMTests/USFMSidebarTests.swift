import ScriptureModel
import Testing
import USFM

/// Sidebars (`\esb … \esbe`, USFM 3.1 "extended study content") become a block of their own, with the
/// `\cat` that follows `\esb` as their category; what is wrong around them is reported, and no verse is lost.
@Suite struct USFMSidebarTests {
    /// The shape of a list of blocks: `p`, `s1`, `table`, `sidebar[cat]{…}`.
    static func shape(_ blocks: [Block]) -> String {
        blocks.map { block in
            switch block {
            case .paragraph(let paragraph): paragraph.marker
            case .table(let table): "table\(table.rows.count)"
            case .sidebar(let sidebar): "sidebar[\(sidebar.category ?? "-")]{\(shape(sidebar.blocks))}"
            }
        }.joined(separator: " ")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var usfm: String
        /// The introduction's shape, then `|`, then each chapter's.
        var shape: String
        var verses: [String]
        /// `kind@line:column` of each diagnostic.
        var diagnostics: [String] = []
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a sidebar with its category between two verses",
            usfm:
                "\\id GEN\n\\c 1\n\\p\n\\v 1 a\n\\esb \\cat People\\cat*\n\\ms Abram\n\\p About him.\n\\esbe\n\\p\n\\v 2 b\n",
            shape: "| p sidebar[People]{ms p} p", verses: ["GEN 1:1 a", "GEN 1:2 b"]),
        Case(
            name: "the category on a line of its own, a table inside",
            usfm:
                "\\id GEN\n\\c 1\n\\p\n\\v 1 a\n\\esb\n\\cat Names\\cat*\n\\tr \\th1 A \\th2 B\n\\tr \\tc1 c \\tc2 d\n\\esbe\n",
            shape: "| p sidebar[Names]{table2}", verses: ["GEN 1:1 a"]),
        Case(
            name: "a sidebar without a category in the introduction",
            usfm: "\\id GEN\n\\mt1 Genesis\n\\esb\n\\ip Study.\n\\esbe\n\\c 1\n\\p\n\\v 1 a\n",
            shape: "mt1 sidebar[-]{ip} | p", verses: ["GEN 1:1 a"]),
        Case(
            name: "\\cat after the sidebar's first paragraph is a character style",
            usfm: "\\id GEN\n\\c 1\n\\p\n\\v 1 a\n\\esb\n\\p x \\cat y\\cat*\n\\esbe\n",
            shape: "| p sidebar[-]{p}", verses: ["GEN 1:1 a"]),
        Case(
            name: "a sidebar left open at the next chapter is closed there",
            usfm: "\\id GEN\n\\c 1\n\\p\n\\v 1 a\n\\esb\n\\p Aside.\n\\c 2\n\\p\n\\v 1 b\n",
            shape: "| p sidebar[-]{p} | p", verses: ["GEN 1:1 a", "GEN 2:1 b"],
            diagnostics: ["unclosed-sidebar@5:1"]),
        Case(
            name: "a second \\esb closes the first",
            usfm: "\\id GEN\n\\c 1\n\\p\n\\v 1 a\n\\esb\n\\p x\n\\esb\n\\p y\n\\esbe\n",
            shape: "| p sidebar[-]{p} sidebar[-]{p}", verses: ["GEN 1:1 a"],
            diagnostics: ["unclosed-sidebar@5:1"]),
        Case(
            name: "a verse inside a sidebar is reported and kept",
            usfm: "\\id GEN\n\\c 1\n\\p\n\\v 1 a\n\\esb\n\\p x\n\\v 2 b\n\\esbe\n",
            shape: "| p sidebar[-]{p}", verses: ["GEN 1:1 a", "GEN 1:2 b"],
            diagnostics: ["misplaced-verse@7:1"]),
        Case(
            name: "an unclosed \\cat does not swallow the next verse",
            usfm: "\\id GEN\n\\c 1\n\\esb \\cat People\n\\v 1 a\n\\esbe\n\\p\n\\v 2 b\n",
            shape: "| sidebar[People]{p} p", verses: ["GEN 1:1 a", "GEN 1:2 b"],
            diagnostics: ["unclosed-character-style@3:6", "misplaced-marker@4:1", "misplaced-verse@4:1"]),
        Case(
            name: "\\esbe with no sidebar",
            usfm: "\\id GEN\n\\c 1\n\\p\n\\v 1 a\n\\esbe\n\\p b\n",
            shape: "| p p", verses: ["GEN 1:1 a b"], diagnostics: ["unmatched-sidebar-end@5:1"]),
    ]

    @Test(arguments: cases)
    func sidebarsAreBlocksOfTheirOwn(_ example: Case) throws {
        let result = USFMParser.parse(example.usfm, path: "t.usfm")
        let book = try #require(result.books.first)
        let shape = ([Self.shape(book.introduction)] + book.chapters.map { Self.shape($0.blocks) })
            .joined(separator: " | ").trimmingCharacters(in: .whitespaces)
        #expect(shape == example.shape.trimmingCharacters(in: .whitespaces))
        #expect(book.verseTexts().map { "\($0.key) \($0.text)" } == example.verses)
        #expect(
            result.diagnostics.map { "\($0.kind.rawValue)@\($0.location.line):\($0.location.column)" }
                == example.diagnostics)
    }

    @Test func theSidebarKeepsItsTextCategoryAndLocation() throws {
        let usfm = "\\id GEN\n\\c 1\n\\p\n\\v 1 a\n\\esb \\cat Caf\u{65}\u{301}\\cat*\n\\p See \\w Paul\\w*.\n\\esbe\n"
        let book = try #require(USFMParser.parse(usfm, path: "t.usfm").books.first)
        guard case .sidebar(let sidebar) = try #require(book.chapters.first?.blocks.last),
            case .paragraph(let paragraph) = try #require(sidebar.blocks.first)
        else {
            Issue.record("no sidebar with a paragraph")
            return
        }
        #expect(sidebar.category == "Caf\u{E9}", "NFC")
        #expect(sidebar.location.line == 5 && sidebar.location.column == 1)
        #expect(
            paragraph.content == [
                .text("See "), .character(CharacterSpan(marker: "w", content: [.text("Paul")])), .text("."),
            ])
    }
}
