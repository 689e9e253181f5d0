import Foundation
import Lectern
import TestSupport
import Testing

/// Each construct USX 3.1 cannot hold where the source has it: a small source with it, written as
/// USX, validates against `spec/usx.rng`, takes the documented valid form, and reads back with every
/// piece of text (and, where the form reads back as it was, the same model).
@Suite(.enabled(if: Required.runs(RelaxNGCheck.isAvailable), Comment(rawValue: RelaxNGCheck.missingMessage)))
struct USXSchemaTests {
    /// A source, what its USX must contain, and whether reading that USX gives the source's model.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var format: String
        var source: String
        var written: [String]
        var sameModel: Bool
        /// Whether a verse's label changes (its text stays).
        var relabels = false
        var testDescription: String { name }
    }

    static let cases = [
        Case(
            name: "\\fv after an open \\fqa nests in it", format: "usfm",
            source: """
                \\id MRK
                \\c 7
                \\p
                \\v 15 Nothing outside defiles.\\f + \\fr 7:15 \\ft BYZ and TR include \\fqa \\fv 16\\fv* If anyone has ears, let him hear.\\f*
                """,
            written: [
                "<char style=\"fqa\" closed=\"false\"><char style=\"fv\">16</char> If anyone has ears, let him hear.</char>"
            ],
            sameModel: true),
        Case(
            name: "\\fv opening a footnote is wrapped in ft", format: "usfm",
            source: "\\id MRK\n\\c 7\n\\p\n\\v 15 Nothing.\\f + \\fv 16\\fv* If anyone has ears.\\f*\n",
            written: ["<note caller=\"+\" style=\"f\"><char style=\"ft\"><char style=\"fv\">16</char> If anyone has ears.</char></note>"],
            sameModel: false),
        Case(
            name: "loose text in a cross reference is wrapped in xt", format: "usfm",
            source: "\\id MRK\n\\c 7\n\\p\n\\v 15 Nothing.\\x - \\xo 7:15 \\xt Mat 15:11\\xt*; Mrk 7:20\\x*\n",
            written: ["<char style=\"xt\">Mat 15:11</char><char style=\"xt\">; Mrk 7:20</char></note>"],
            sameModel: false),
        Case(
            name: "a <ref> to no reference becomes <char style=\"xt\">", format: "usfm",
            source: """
                \\id EPH
                \\c 5
                \\s1 Wives and Husbands
                \\r (\\ref Song of Solomon 1:1–17|1:1-17\\ref*; \\ref 1 Peter 3:1–7|1PE 3:1-7\\ref*)
                \\p
                \\v 22 Wives, submit to your husbands.
                """,
            written: [
                "<char style=\"xt\" x-loc=\"1:1-17\">Song of Solomon 1:1–17</char>",
                "<ref loc=\"1PE 3:1-7\">1 Peter 3:1–7</ref>",
            ],
            sameModel: false),
        Case(
            name: "an orphan \\va becomes vp with x-style and reads back", format: "usfm",
            source: """
                \\id PSA
                \\c 3
                \\d \\va 1\\va* A Psalm by David.
                \\q1
                \\v 1 \\va 2\\va* Yahweh, how my adversaries have increased!
                """,
            written: [
                "<para style=\"d\"><char style=\"vp\" x-style=\"va\">1</char> A Psalm by David.</para>",
                "<verse number=\"1\" style=\"v\" altnumber=\"2\" sid=\"PSA 3:1\"/>",
            ],
            sameModel: true),
        Case(
            name: "an orphan <char style=\"ca\"> becomes vp with x-style and reads back", format: "usx",
            source: """
                <usx version="3.0"><book code="GEN" style="id"/><chapter number="31" style="c" sid="GEN 31"/>\
                <para style="p"><verse number="54" style="v" sid="GEN 31:54"/>They stayed. <char style="ca">32</char>\
                <verse eid="GEN 31:54"/></para><para style="p"><verse number="55" style="v" altnumber="32:1" \
                sid="GEN 31:55"/>Early.<verse eid="GEN 31:55"/></para><chapter eid="GEN 31"/></usx>
                """,
            written: ["They stayed. <char style=\"vp\" x-style=\"ca\">32</char>"],
            sameModel: true),
        Case(
            name: "a verse number such as 14... keeps its label as pubnumber", format: "usx",
            source: """
                <usx version="3.0"><book code="EPH" style="id"/><chapter number="3" style="c" sid="EPH 3"/>\
                <para style="m"><verse number="14..." style="v" sid="EPH 3:14..."/>for this reason I bow my knees \
                <verse eid="EPH 3:14..."/></para><chapter eid="EPH 3"/></usx>
                """,
            written: ["<verse number=\"14\" style=\"v\" pubnumber=\"14...\" sid=\"EPH 3:14\"/>for this reason"],
            sameModel: false, relabels: true),
        Case(
            name: "an empty \\m before the title is an intro paragraph", format: "usfm",
            source: "\\id SNG\n\\h 아가\n\\m\n\\mt1 아가\n\\c 1\n\\m\n\\v 1 솔로몬의 아가라\n",
            written: ["<para style=\"im\"/>\n<para style=\"mt1\">아가</para>\n<chapter"],
            sameModel: false),
        Case(
            name: "body paragraphs after the title take their intro form", format: "usfm",
            source: "\\id SNG\n\\mt1 Song\n\\p A song.\n\\b\n\\q1 Its line.\n\\nb\n\\c 1\n\\m\n\\v 1 Solomon’s song\n",
            written: ["<para style=\"ip\">A song.</para>\n<para style=\"ib\"/>\n<para style=\"iq1\">Its line.</para>\n<para style=\"ib\"/>"],
            sameModel: false),
        Case(
            name: "a glossary's closing \\ili entries are list items", format: "usfm",
            source: """
                \\id GLO
                \\h Glossary
                \\mt1 Glossary
                \\ip Words that are not very common.
                \\ili \\k Abaddon\\k* Abaddon is Hebrew for destruction.
                \\ili \\k Abba\\k* Abba is a Chaldee word for father.
                """,
            written: [
                "<para style=\"ip\">Words that are not very common.</para>",
                "<para style=\"li\"><char style=\"k\">Abba</char> Abba is a Chaldee word for father.</para>",
            ],
            sameModel: false),
    ]

    @Test(arguments: cases)
    func writtenUSXValidatesAndKeepsTheText(_ test: Case) throws {
        let source = VersionSource.parse(Array(test.source.utf8), path: "case.\(test.format)")
        #expect(source.diagnostics.filter { $0.severity == .error } == [])
        let book = try #require(source.books.first)
        let usx = USXWriter.write(book)
        for piece in test.written { #expect(usx.contains(piece), "\(piece) not in\n\(usx)") }

        let directory = TemporaryDirectory()
        defer { directory.remove() }
        _ = try directory.write(Array(usx.utf8), to: "case.usx")
        let outcome = try RelaxNGCheck.validate(["case.usx"], in: directory.path)
        #expect(outcome.status == 0, "\(outcome.summary())\n\(usx)")

        let again = VersionSource.parse(Array(usx.utf8), path: "case.usx")
        #expect(again.diagnostics.filter { $0.severity != .note } == [])
        let reread = try #require(again.books.first)
        #expect(Self.text(of: reread) == Self.text(of: book))
        let verses = Vref.format(again.books), sourceVerses = Vref.format(source.books)
        #expect(test.relabels ? verses != sourceVerses : verses == sourceVerses)
        #expect(Self.verseTexts(verses) == Self.verseTexts(sourceVerses))
        if test.sameModel {
            var reread = reread.normalizedForStore()
            reread.formatVersion = book.formatVersion
            #expect(reread == book.normalizedForStore())
        }
    }

    /// The texts of vref lines, without their references.
    static func verseTexts(_ vref: String) -> [Substring] {
        vref.split(separator: "\n").map { $0.split(separator: "\t", maxSplits: 1).last ?? "" }
    }

    /// Every piece of text in the book, notes and attributes' spans included, in order.
    static func text(of book: Book) -> [String] {
        var pieces: [String] = []
        func add(_ content: [Inline]) {
            for inline in content {
                switch inline {
                case .text(let value): pieces.append(value)
                case .character(let span): add(span.content)
                case .note(let note): add(note.content)
                case .figure(let figure): pieces.append(figure.caption)
                case .verse, .milestone, .optionalBreak: break
                }
            }
        }
        func add(_ blocks: [Block]) {
            for block in blocks {
                switch block {
                case .paragraph(let paragraph): add(paragraph.content)
                case .table(let table):
                    for row in table.rows {
                        add(row.leading)
                        for cell in row.cells { add(cell.content) }
                    }
                case .sidebar(let sidebar): add(sidebar.blocks)
                }
            }
        }
        add(book.introduction)
        for chapter in book.chapters { add(chapter.blocks) }
        return pieces
    }
}
