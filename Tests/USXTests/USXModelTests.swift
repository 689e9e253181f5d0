import ScriptureModel
import Testing
import USX

/// Small hand-written USX files and the exact model and verse texts they give.
@Suite struct USXModelTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var usx: String
        var model: String
        var verses: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "header paragraphs fill the book, the rest before chapter 1 is the introduction",
            usx: """
                <usx version="3.0">
                  <book code="gen" style="id">World English  Bible </book>
                  <para style="ide">UTF-8</para>
                  <para style="usfm">3.0</para>
                  <para style="h">Genesis</para>
                  <para style="toc1">The First Book of <char style="nd">Moses</char></para>
                  <para style="toc2">Genesis</para>
                  <para style="toc3">Gen</para>
                  <para style="toca1">Bereshit</para>
                  <para style="sts">2</para>
                  <para style="rem">checked</para>
                  <para style="mt1">Genesis</para>
                  <para style="ip">About <char style="bk">Genesis</char>.</para>
                  <para style="cl">Chapter</para>
                  <chapter number="1" style="c" sid="GEN 1" />
                  <para style="p"><verse number="1" style="v" sid="GEN 1:1" />In the beginning.<verse eid="GEN 1:1" /></para>
                  <chapter eid="GEN 1" />
                </usx>
                """,
            model: """
                book GEN "World English Bible" usx=3.0
                names h=Genesis toc1=The First Book of Moses toc2=Genesis toc3=Gen
                cl Chapter
                intro rem@11:3 ["checked"]
                intro mt1@12:3 ["Genesis"]
                intro ip@13:3 ["About " bk{"Genesis"} "."]
                c1@15:3
                  p@16:3 [v1@16:19 "In the beginning."]
                """,
            verses: ["GEN 1:1 In the beginning."]),
        Case(
            name: "Paratext's indentation after <para> is dropped, other white space is kept",
            usx: """
                <usx version="3.0">
                  <book code="JHN" style="id">Test</book>
                  <chapter number="11" style="c" sid="JHN 11" />
                  <para style="p">
                    <verse number="35" style="v" sid="JHN 11:35" />
                    <char style="w" strong="G2424">Jesus</char> <char style="w" strong="G1145">wept</char>.<verse eid="JHN 11:35" /></para>
                  <para style="q1">  two  spaces </para>
                  <chapter eid="JHN 11" />
                </usx>
                """,
            model: """
                book JHN "Test" usx=3.0
                names h=- toc1=- toc2=- toc3=-
                c11@3:3
                  p@4:3 [v35@5:5 "\\n    " w(strong=G2424){"Jesus"} " " w(strong=G1145){"wept"} "."]
                  q1@7:3 ["  two  spaces "]
                """,
            verses: ["JHN 11:35 Jesus wept. two spaces"]),
        Case(
            name: "character styles keep their attributes in order, closed=\"false\" and nesting",
            usx: """
                <usx version="3.0"><book code="MAT" style="id"/><chapter number="1" style="c"/>
                <para style="p"><verse number="1" style="v"/><char style="wj" closed="false">I <char style="w" lemma="λόγος" strong="G3056" x-morph="N">word</char></char> <ref loc="GEN 1:1">Gen 1:1</ref></para>
                </usx>
                """,
            model: """
                book MAT "" usx=3.0
                names h=- toc1=- toc2=- toc3=-
                c1@1:49
                  p@2:1 [v1@2:17 wj~{"I " w(lemma=λόγος,strong=G3056,x-morph=N){"word"}} " " ref(loc=GEN 1:1){"Gen 1:1"}]
                """,
            verses: ["MAT 1:1 I word Gen 1:1"]),
        Case(
            name: "notes are kept and left out of verse text, with a space where they joined two words",
            usx: """
                <usx version="3.0"><book code="2ES" style="id"/><chapter number="7" style="c"/>
                <para style="p"><verse number="36" style="v"/>hell<note caller="+" style="f"><char style="fr" closed="false">7:36 </char><char style="ft" closed="false">Or, Hades</char></note>will<note caller="-" style="x"><char style="xt">Rev 1:1</char></note>.</para>
                </usx>
                """,
            model: """
                book 2ES "" usx=3.0
                names h=- toc1=- toc2=- toc3=-
                c7@1:49
                  p@2:1 [v36@2:17 "hell" f+{fr~{"7:36 "} ft~{"Or, Hades"}} "will" x-{xt{"Rev 1:1"}} "."]
                """,
            verses: ["2ES 7:36 hell will."]),
        Case(
            name: "milestones, optional breaks and figures (USX file becomes src)",
            usx: """
                <usx version="3.0"><book code="MRK" style="id"/><chapter number="15" style="c"/>
                <para style="p"><verse number="2" style="v"/><ms style="qt-s" sid="q1" who="Pilate"/>Are you<optbreak/> the King?<ms style="qt-e" eid="q1"/><figure style="fig" alt="crown" file="crown.jpg" size="col" ref="15:2">The crown</figure></para>
                </usx>
                """,
            model: """
                book MRK "" usx=3.0
                names h=- toc1=- toc2=- toc3=-
                c15@1:49
                  p@2:1 [v2@2:17 ms:qt-s(sid=q1,who=Pilate) "Are you" // " the King?" ms:qt-e(eid=q1) fig"The crown"(alt=crown,src=crown.jpg,size=col,ref=15:2)]
                """,
            verses: ["MRK 15:2 Are you the King?"]),
        Case(
            name: "tables: rows, cells with style and colspan, a verse in a cell",
            usx: """
                <usx version="3.0"><book code="NUM" style="id"/><chapter number="7" style="c"/>
                <table>
                  <row style="tr"><cell style="th1" align="start">Tribe</cell><cell style="thr2" align="end">Gift</cell></row>
                  <row style="tr"><cell style="tc1" align="start" colspan="2"><verse number="12" style="v"/>Judah</cell></row>
                </table>
                </usx>
                """,
            model: """
                book NUM "" usx=3.0
                names h=- toc1=- toc2=- toc3=-
                c7@1:49
                  table@3:3 row@3:3[]th1*1["Tribe"]thr2*1["Gift"] row@4:3[]tc1*2[v12@4:63 "Judah"]
                """,
            verses: ["NUM 7:12 Judah"]),
        Case(
            name: "peripherals hold paragraphs that go on into the book, a sidebar is a block of its own",
            usx: """
                <usx version="3.0"><book code="FRT" style="id">Front</book>
                <periph alt="Title Page" id="title"><para style="mt1">The Bible</para></periph>
                <sidebar style="esb"><para style="ip">A word <char style="it">aside</char>.</para></sidebar>
                </usx>
                """,
            model: """
                book FRT "Front" usx=3.0
                names h=- toc1=- toc2=- toc3=-
                intro mt1@2:37 ["The Bible"]
                intro sidebar@3:1 cat=- {ip@3:22 ["A word " it{"aside"} "."]}
                """,
            verses: []),
        Case(
            name: "chapter and verse alternate and published numbers, a chapter label after the chapter",
            usx: """
                <usx version="2.0"><book code="PSA" style="id"/>
                <chapter number="51" style="c" altnumber="50" pubnumber="LI"/><para style="cl">Psalm 51</para>
                <para style="d"><verse number="1" style="v" altnumber="3" pubnumber="1a"/>For the director.</para>
                <para style="q1"><verse number="2" style="v"/>Have mercy <char style="va">4</char>on me.</para>
                </usx>
                """,
            model: """
                book PSA "" usx=2.0
                names h=- toc1=- toc2=- toc3=-
                c51@2:1 cl=Psalm 51 alt=50 pub=LI
                  d@3:1 [v1@3:17 alt=3 pub=1a "For the director."]
                  q1@4:1 [v2@4:18 "Have mercy " va{"4"} "on me."]
                """,
            verses: ["PSA 51:1 For the director.", "PSA 51:2 Have mercy on me."]),
        Case(
            name: "entities, character references, CDATA and comments join into one NFC text",
            usx: """
                <usx version="3.0"><book code="EXO" style="id"/><chapter number="3" style="c"/>
                <para style="p"><verse number="14" style="v"/>I &amp; &#x05D0; <![CDATA[<AM>]]><!-- note -->Cafe\u{301} &lt;&gt;&quot;&apos;</para>
                </usx>
                """,
            model: """
                book EXO "" usx=3.0
                names h=- toc1=- toc2=- toc3=-
                c3@1:49
                  p@2:1 [v14@2:17 "I & א <AM>Café <>\\"\\'"]
                """,
            verses: ["EXO 3:14 I & א <AM>Café <>\"'"]),
        Case(
            name: "a sidebar is a block of its own, extended notes are notes, a milestone adds no space",
            usx: """
                <usx version="3.1"><book code="GEN" style="id"/><chapter number="1" style="c"/>
                <para style="p"><verse number="1" style="v"/><char style="w">Paul</char><ms style="zaln-e"/>, <char style="pn">以扫</char><char style="add">的</char>.</para>
                <sidebar style="esb" category="People"><para style="ms">Abram</para><para style="p">About him<note style="f" caller="+"><char style="ft">n</char></note>.</para></sidebar>
                <para style="p">a<note style="ef" caller="-"><category>Grammar</category><char style="fr">1:1 </char><char style="ft">study</char></note> b<note style="ex" caller="-"><char style="xo">1:1 </char><char style="xt">Mark 1:1</char></note>.<verse number="2" style="v"/>c</para>
                </usx>
                """,
            model: """
                book GEN "" usx=3.1
                names h=- toc1=- toc2=- toc3=-
                c1@1:49
                  p@2:1 [v1@2:17 w{"Paul"} ms:zaln-e ", " pn{"以扫"} add{"的"} "."]
                  sidebar@3:1 cat=People {ms@3:40 ["Abram"] p@3:69 ["About him" f+{ft{"n"}} "."]}
                  p@4:1 ["a" ef-{cat{"Grammar"} fr{"1:1 "} ft{"study"}} " b" ex-{xo{"1:1 "} xt{"Mark 1:1"}} "." v2@4:236 "c"]
                """,
            verses: ["GEN 1:1 Paul, 以扫的. a b.", "GEN 1:2 c"]),
    ]

    @Test(arguments: cases)
    func parsesToTheExactModel(_ example: Case) throws {
        let result = USXParser.parse(Array(example.usx.utf8), path: "test.usx")
        #expect(result.diagnostics == [])
        let book = try #require(result.books.first)
        #expect(result.books.count == 1)
        #expect(ModelDump.book(book) == example.model)
        #expect(book.verseTexts().map { "\($0.key) \($0.text)" } == example.verses)
    }

    @Test func byteOrderMarkAndCRLFChangeNothingButNotes() throws {
        let usx = Self.cases[1].usx
        let plain = USXParser.parse(Array(usx.utf8), path: "lf.usx")
        let windows = USXParser.parse(
            [0xEF, 0xBB, 0xBF] + Array(usx.replacingOccurrences(of: "\n", with: "\r\n").utf8), path: "crlf.usx")
        #expect(windows.books.map(ModelDump.book) == plain.books.map(ModelDump.book))
        #expect(windows.books.flatMap { $0.verseTexts().map(\.text) } == ["Jesus wept. two spaces"])
        #expect(
            windows.diagnostics.map { "\($0.severity) \($0.kind.rawValue) \(ModelDump.at($0.location))" } == [
                "note byte-order-mark 1:1", "note crlf-line-ends 1:20",
            ])
    }

    @Test func locationsCarryTheByteOffset() throws {
        let usx =
            "<usx version=\"3.0\"><book code=\"GEN\" style=\"id\"/>\n<chapter number=\"1\" style=\"c\"/>\n"
            + "<para style=\"p\">é<verse number=\"1\" style=\"v\"/>x</para></usx>"
        let book = try #require(USXParser.parse(Array(usx.utf8), path: "x.usx").books.first)
        let verse = try #require(book.verseTexts().first)
        // Line 3 starts at byte 81; the verse tag after `<para style="p">é` is 18 bytes and 17 scalars in.
        #expect(verse.location == SourceLocation(file: "x.usx", line: 3, column: 18, offset: 99))
    }
}
