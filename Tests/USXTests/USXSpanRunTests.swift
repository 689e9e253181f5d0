import ScriptureModel
import Testing
import USX

/// Runs of plain `<char>` spans, which the builder reads in C (`lectern_xml_read_spans`): the model is the
/// one the span-by-span path builds, wherever a run starts, stops or is cut by a batch of events.
@Suite struct USXSpanRunTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var paragraph: String
        var model: String
        var testDescription: String { name }
    }

    static let header = """
        <usx version="3.0"><book code="JHN" style="id"/><chapter number="1" style="c"/>

        """

    static func book(_ paragraph: String) -> String {
        header + "<para style=\"p\"><verse number=\"1\" style=\"v\"/>" + paragraph + "</para>\n</usx>\n"
    }

    static let cases: [Case] = [
        Case(
            name: "a run stops at another style, a word NFC changes, a new attribute name, closed=\"false\", a bar",
            paragraph: """
                <char style="w" strong="G1">a</char> <char style="nd">Lord</char> <char style="w" strong="G2">b</char> \
                <char style="w" strong="G3">cafe\u{301}</char> <char style="w" strong="G4">c</char> \
                <char style="w" lemma="x" strong="G5">d</char>, <char style="w" strong="G6" closed="false">e</char> \
                x|y <char style="w" strong="G7">f</char><char style="w" strong="G8">g</char>.
                """,
            model: """
                p@2:1 [v1@2:17 w(strong=G1){"a"} " " nd{"Lord"} " " w(strong=G2){"b"} " " w(strong=G3){"café"} " " \
                w(strong=G4){"c"} " " w(lemma=x,strong=G5){"d"} ", " w~(strong=G6){"e"} " x|y " w(strong=G7){"f"} \
                w(strong=G8){"g"} "."]
                """),
        Case(
            name: "text between spans: entities, a word NFC changes, line feeds; words nested in another span",
            paragraph: """
                <char style="w" strong="G1">a</char> &amp; <char style="w" strong="G2">b</char>e\u{301} \
                <char style="w" strong="G3">c</char>
                  <char style="wj"><char style="w" strong="G4">d</char> <char style="w" strong="G5">e</char></char>
                """,
            model: """
                p@2:1 [v1@2:17 w(strong=G1){"a"} " & " w(strong=G2){"b"} "é " w(strong=G3){"c"} "\\n  " \
                wj{w(strong=G4){"d"} " " w(strong=G5){"e"}}]
                """),
    ]

    @Test(arguments: cases)
    func buildsTheSameModel(_ example: Case) throws {
        let result = USXParser.parse(Array(Self.book(example.paragraph).utf8), path: "test.usx")
        #expect(result.diagnostics == [])
        let book = try #require(result.books.first)
        let blocks = try #require(book.chapters.first?.blocks)
        #expect(blocks.map(ModelDump.block) == [example.model])
    }

    /// Far more events than one batch holds (512), in runs of seven words with a comma after each run.
    @Test func longRunAcrossBatches() throws {
        var source = ""
        var expected = ["v1@2:17"]
        for word in 1...700 {
            let separator = word % 7 == 0 ? ", " : " "
            source += "<char style=\"w\" strong=\"G\(word)\">w\(word)</char>" + separator
            expected += ["w(strong=G\(word)){\"w\(word)\"}", "\"\(separator)\""]
        }
        let result = USXParser.parse(Array(Self.book(source).utf8), path: "test.usx")
        #expect(result.diagnostics == [])
        let blocks = try #require(result.books.first?.chapters.first?.blocks)
        guard case .paragraph(let paragraph) = try #require(blocks.first) else {
            Issue.record("not a paragraph: \(blocks)")
            return
        }
        let inlines = paragraph.content.map(ModelDump.inline)
        #expect(inlines.count == expected.count)
        // (The first difference only: the whole paragraph is long.)
        if let difference = zip(inlines, expected).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
            Issue.record("inline \(difference.offset): \(difference.element.0) instead of \(difference.element.1)")
        }
    }
}
