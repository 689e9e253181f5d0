import ScriptureModel
import Testing
import USX

/// Damaged and wrong input: each gives exactly these diagnostics (severity, kind, line:column), and the parser
/// keeps what it can.
@Suite struct USXDiagnosticTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var diagnostics: [String]
        /// The verse texts that survive, as `KEY text`; nil when no book comes out.
        var verses: [String]?
        var testDescription: String { name }

        init(_ name: String, _ bytes: [UInt8], _ diagnostics: [String], verses: [String]?) {
            self.name = name
            self.bytes = bytes
            self.diagnostics = diagnostics
            self.verses = verses
        }

        init(_ name: String, _ text: String, _ diagnostics: [String], verses: [String]?) {
            self.init(name, Array(text.utf8), diagnostics, verses: verses)
        }
    }

    /// Lines 1–3 of every case: the root, the book and chapter 1; what a case adds starts on line 4.
    static let head =
        "<usx version=\"3.0\">\n<book code=\"GEN\" style=\"id\">Test</book>\n<chapter number=\"1\" style=\"c\"/>\n"
    /// `<para style="p"><verse number="1" style="v"/>` is 45 columns: text after it starts at column 46.
    static let verse1 = "<para style=\"p\"><verse number=\"1\" style=\"v\"/>"

    static func usx(_ body: String) -> String { head + body + "\n</usx>\n" }
    /// `count` plain `<char style="w">` spans, each 38 columns with its space: the span reader's run.
    static func run(_ count: Int) -> String {
        (0..<count).map { "<char style=\"w\" strong=\"H\($0)\">w\($0)</char> " }.joined()
    }

    static let cases: [Case] = [
        Case("empty file", "", ["error empty-file 1:1"], verses: nil),
        Case("only white space", " \n\t\r\n", ["error empty-file 1:1"], verses: nil),
        Case("UTF-16", [0xFF, 0xFE, 0x3C, 0x00, 0x75, 0x00], ["error invalid-utf8 1:1"], verses: nil),
        Case("not XML at all (USFM)", "\\id GEN\n\\c 1\n\\p \\v 1 In", ["error not-usx 1:1"], verses: nil),
        Case("XML, but not USX", "<?xml version=\"1.0\"?>\n<html><body/></html>", ["error not-usx 2:1"], verses: nil),
        Case(
            "invalid UTF-8 in a verse",
            Array((head + verse1 + "caf").utf8) + [0xE9] + Array(" au lait</para>\n</usx>".utf8),
            ["error invalid-utf8 4:49"], verses: ["GEN 1:1 caf\u{FFFD} au lait"]),
        Case(
            "a NUL byte", Array((head + verse1 + "caf").utf8) + [0] + Array(" au lait</para>\n</usx>".utf8),
            ["error malformed-xml 4:49"], verses: ["GEN 1:1 caf\u{FFFD} au lait"]),
        Case(
            "byte order mark and CRLF: one note each",
            [0xEF, 0xBB, 0xBF]
                + Array(
                    usx(verse1 + "a</para>\n" + verse1 + "b</para>").replacingOccurrences(of: "\n", with: "\r\n").utf8),
            ["note byte-order-mark 1:1", "note crlf-line-ends 1:20", "error duplicate-verse 5:17"],
            verses: ["GEN 1:1 a", "GEN 1:1 b"]),
        Case(
            "encoding declared other than UTF-8",
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n" + usx(verse1 + "é</para>"),
            ["warning malformed-xml 1:31"], verses: ["GEN 1:1 é"]),
        Case(
            "end tag that does not match", usx(verse1 + "a <char style=\"w\">b</para>"),
            ["error malformed-xml 4:72", "error malformed-xml 5:7", "error malformed-xml 6:1"], verses: ["GEN 1:1 a b"]),
        Case(
            "file cut off in a verse", head + verse1 + "abc", ["error malformed-xml 4:49"], verses: ["GEN 1:1 abc"]),
        Case(
            "verse before the first chapter",
            "<usx version=\"3.0\">\n<book code=\"GEN\" style=\"id\"/>\n" + verse1 + "x</para>\n"
                + "<chapter number=\"1\" style=\"c\"/>\n" + verse1 + "y</para>\n</usx>",
            ["error verse-before-chapter 3:17"], verses: ["GEN 1:1 y"]),
        Case(
            "chapter twice", usx(verse1 + "x</para>\n<chapter number=\"1\" style=\"c\"/>\n" + verse1 + "y</para>"),
            ["error duplicate-chapter 5:1"], verses: ["GEN 1:1 x", "GEN 1:1 y"]),
        Case(
            "chapter again after another: added to the first",
            usx(
                verse1 + "x</para>\n<chapter number=\"2\" style=\"c\"/>\n" + verse1 + "y</para>\n"
                    + "<chapter number=\"1\" style=\"c\"/>\n<para style=\"p\"><verse number=\"2\" style=\"v\"/>z</para>"
            ),
            ["error duplicate-chapter 7:1"], verses: ["GEN 1:1 x", "GEN 1:2 z", "GEN 2:1 y"]),
        Case(
            "verse twice", usx(verse1 + "x <verse number=\"1\" style=\"v\"/>y</para>"),
            ["error duplicate-verse 4:48"], verses: ["GEN 1:1 x", "GEN 1:1 y"]),
        Case(
            "unknown element: its content is kept", usx(verse1 + "a <span>b</span> c</para>"),
            ["warning unknown-element 4:48"], verses: ["GEN 1:1 a b c"]),
        Case(
            "unknown paragraph style", usx("<para style=\"pp\"><verse number=\"1\" style=\"v\"/>a</para>"),
            ["warning unknown-style 4:1"], verses: ["GEN 1:1 a"]),
        Case(
            "unknown character style", usx(verse1 + "a <char style=\"bogus\">b</char></para>"),
            ["warning unknown-style 4:48"], verses: ["GEN 1:1 a b"]),
        Case(
            "attributes with empty values: kept, one warning each",
            usx(
                verse1 + "<char style=\"w\" strong=\"\" lemma=\"\">a</char> <ms style=\"qt-s\" who=\"\"/>b"
                    + "<char style=\"w\" strong=\"H1\">c</char> <ref loc=\"\">d</ref></para>"),
            [
                "warning empty-attribute-value 4:46", "warning empty-attribute-value 4:46",
                "warning empty-attribute-value 4:90", "warning empty-attribute-value 4:153",
            ], verses: ["GEN 1:1 a bc d"]),
        Case(
            "an empty value in a run of plain spans",
            usx(verse1 + run(5) + "<char style=\"w\" strong=\"\">e</char></para>"),
            ["warning empty-attribute-value 4:236"], verses: ["GEN 1:1 w0 w1 w2 w3 w4 e"]),
        Case(
            "an empty closed: one warning, its own", usx(verse1 + "<char style=\"w\" closed=\"\">a</char></para>"),
            ["warning malformed-attributes 4:46"], verses: ["GEN 1:1 a"]),
        Case(
            "paragraph without a style", usx("<para><verse number=\"1\" style=\"v\"/>a</para>"),
            ["error missing-attribute 4:1"], verses: ["GEN 1:1 a"]),
        Case(
            "note without a caller", usx(verse1 + "a<note style=\"f\">n</note> b</para>"),
            ["error missing-attribute 4:47"], verses: ["GEN 1:1 a b"]),
        Case(
            "verse without a number", usx(verse1 + "a <verse style=\"v\"/>b</para>"),
            ["error missing-attribute 4:48"], verses: ["GEN 1:1 a b"]),
        Case(
            "book without a code", "<usx version=\"3.0\">\n<book style=\"id\"/>\n</usx>",
            ["error missing-attribute 2:1"],
            verses: nil),
        Case(
            "unknown book code", "<usx version=\"3.0\">\n<book code=\"XYZ\" style=\"id\"/>\n</usx>",
            ["error unknown-book 2:1"], verses: nil),
        Case(
            "no book element", "<usx version=\"3.0\">\n<chapter number=\"1\" style=\"c\"/>\n</usx>",
            ["error missing-id 1:1"], verses: nil),
        Case(
            "a second book element", usx("<book code=\"EXO\" style=\"id\"/>\n" + verse1 + "a</para>"),
            ["error duplicate-book 4:1"], verses: ["GEN 1:1 a"]),
        Case(
            "chapter number that is not a number: its verses are left out",
            usx(verse1 + "a</para>\n<chapter number=\"two\" style=\"c\"/>\n" + verse1 + "b</para>"),
            ["error invalid-chapter-number 5:1"], verses: ["GEN 1:1 a b"]),
        Case(
            "verse number that is not a number", usx(verse1 + "a <verse number=\"x2\" style=\"v\"/>b</para>"),
            ["error invalid-verse-number 4:48"], verses: ["GEN 1:1 a b"]),
        Case(
            "unusual verse number: kept as written",
            usx("<para style=\"p\"><verse number=\"14...\" style=\"v\"/>a</para>"),
            ["warning invalid-verse-number 4:17"], verses: ["GEN 1:14... a"]),
        Case(
            "verse end that does not match its start",
            usx("<para style=\"p\"><verse number=\"1\" style=\"v\" sid=\"GEN 1:1\"/>a<verse eid=\"GEN 1:2\"/></para>"),
            ["warning mismatched-end-id 4:61"], verses: ["GEN 1:1 a"]),
        Case(
            "chapter end that does not match its start", usx(verse1 + "a</para>\n<chapter eid=\"GEN 2\"/>"),
            ["warning mismatched-end-id 5:1"], verses: ["GEN 1:1 a"]),
        Case(
            "text outside a paragraph", usx(verse1 + "a</para> stray words"),
            ["error misplaced-text 4:55"], verses: ["GEN 1:1 a"]),
        Case(
            "text outside a paragraph, CRLF line ends",
            usx(verse1 + "a</para>\n  \n  stray").replacingOccurrences(of: "\n", with: "\r\n"),
            ["note crlf-line-ends 1:20", "error misplaced-text 6:3"], verses: ["GEN 1:1 a"]),
        Case(
            "USFM attributes left in a word's text: read as attributes",
            usx(verse1 + "<char style=\"w\">ל֖⁠וֹ|lemma=\"\" strong=\"l\" x-morph=\"He,R:Sp3ms\"</char> a|b</para>"),
            ["warning malformed-attributes 4:46"], verses: ["GEN 1:1 ל֖⁠וֹ a|b"]),
        Case(
            "verse outside a paragraph", usx("<verse number=\"1\" style=\"v\"/>"),
            ["error misplaced-marker 4:1"], verses: []),
        Case(
            "external entity: never loaded",
            "<?xml version=\"1.0\"?>\n<!DOCTYPE usx [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n"
                + usx(verse1 + "a &x; b</para>"),
            ["error malformed-xml 6:51"], verses: ["GEN 1:1 a b"]),
        Case(
            "entity expansion bomb: never expanded",
            "<?xml version=\"1.0\"?>\n<!DOCTYPE usx [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;\">"
                + "<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;\"><!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;\">]>\n"
                + usx(verse1 + "a &d; b</para>"),
            ["error malformed-xml 6:51"], verses: ["GEN 1:1 a b"]),
        Case(
            "nesting deeper than 256 elements",
            usx(
                verse1 + "a" + String(repeating: "<char style=\"w\">", count: 300)
                    + String(repeating: "</char>", count: 300)),
            // (`w` in `w`, and the innermost with no word, are reported at their paragraph.)
            [
                "warning nested-word 4:1", "warning empty-word 4:1", "error nesting-too-deep 4:559",
                "error malformed-xml 4:4127",
            ], verses: ["GEN 1:1 a"]),
        Case(
            "a verse inside a sidebar: reported, kept",
            usx(
                verse1
                    + "a</para>\n<sidebar style=\"esb\"><para style=\"p\">x<verse number=\"2\" style=\"v\"/>b</para></sidebar>"
            ),
            ["warning misplaced-verse 5:39"], verses: ["GEN 1:1 a", "GEN 1:2 b"]),
        Case(
            "a sidebar inside a sidebar: its content goes to the outer one",
            usx(
                verse1
                    + "a</para>\n<sidebar style=\"esb\"><sidebar style=\"esb\"><para style=\"p\">x</para></sidebar></sidebar>"
            ),
            ["error misplaced-marker 5:22"], verses: ["GEN 1:1 a"]),
        Case(
            "a chapter inside a sidebar",
            usx(
                verse1
                    + "a</para>\n<sidebar style=\"esb\"><chapter number=\"2\" style=\"c\"/><para style=\"p\"><verse number=\"1\" style=\"v\"/>b</para></sidebar>"
            ),
            ["error misplaced-marker 5:22", "warning misplaced-verse 5:69"], verses: ["GEN 1:1 a", "GEN 2:1 b"]),
    ]

    @Test(arguments: cases)
    func reportsExactlyWhatIsWrongAndWhere(_ example: Case) {
        let result = USXParser.parse(example.bytes, path: "bad.usx")
        #expect(
            result.diagnostics.map { "\($0.severity) \($0.kind.rawValue) \($0.location.line):\($0.location.column)" }
                == example.diagnostics)
        #expect(result.diagnostics.allSatisfy { $0.location.file == "bad.usx" && !$0.message.isEmpty })
        #expect(result.books.first.map { $0.verseTexts().map { "\($0.key) \($0.text)" } } == example.verses)
    }

    /// A NUL among the first four bytes is a NUL (reported where it is), not the sign of UTF-16 or UTF-32 it
    /// was to USX's own sniffer before the package had one (`TextEncoding`: the zero bytes must fall as a
    /// wide encoding puts them).
    @Test func aNULAmongTheFirstBytesIsANUL() {
        let bytes = Array("<a>".utf8) + [0] + Array("</a>\n".utf8)
        let result = USXParser.parse(bytes, path: "bad.usx")
        #expect(result.diagnostics.contains { $0.message.contains("NUL") && $0.location.column == 4 })
        #expect(!result.diagnostics.contains { $0.message.contains("UTF-16") || $0.message.contains("UTF-32") })
    }

    @Test func malformedXMLCarriesLibxml2sMessage() {
        let result = USXParser.parse(
            Array(Self.usx(Self.verse1 + "a <char style=\"w\">b</para>").utf8), path: "bad.usx")
        #expect(
            result.diagnostics.first?.message == "malformed XML: Opening and ending tag mismatch: char line 4 and para")
        // Line 4 starts at byte 92; libxml2 reports column 72, just after `</para>`.
        #expect(result.diagnostics.first?.location.offset == 163)
    }

    /// A diagnostic is one line: text it quotes has its line breaks and white space runs made one space, and is
    /// cut at 30 characters (the message quoted the text's first 30 characters as they were, line breaks too).
    @Test func quotedTextKeepsADiagnosticOnOneLine() throws {
        let body = Self.verse1 + "a</para>\nstray\n\n   words " + String(repeating: "and more ", count: 10)
        let result = USXParser.parse(Array(Self.usx(body).utf8), path: "bad.usx")
        let stray = try #require(result.diagnostics.first { $0.kind == .misplacedText })
        #expect(
            stray.message
                == "text outside a paragraph (\"stray words and more and more…\") is not kept; put it inside a <para>")
        #expect(!stray.description.contains("\n"))
        let quoted = Diagnostic(.error, .notUSX, at: stray.location, "value \"a\r\n\t b\u{2028}c\" here ")
        #expect(quoted.message == "value \"a b c\" here ")
    }

    /// An entity of the document's DTD is left out, and the message says why rather than libxml2's "not
    /// defined" (it is defined, in a DTD Lectern does not read).
    @Test func anEntityOfTheDTDIsLeftOutAndSaysWhy() throws {
        let text =
            "<!DOCTYPE usx [<!ENTITY lord \"LORD\">]>\n"
            + Self.usx(Self.verse1 + "the &lord; said &amp; <char style=\"w\" lemma=\"&lord;\">did</char></para>")
        let result = USXParser.parse(Array(text.utf8), path: "entity.usx")
        let entity = try #require(result.diagnostics.first { $0.kind == .malformedXML })
        #expect(entity.message.hasPrefix("malformed XML: the entity &lord; is left out: Lectern reads no DTD"))
        #expect((entity.location.line, entity.location.column) == (5, 56))
        #expect(result.diagnostics.count { $0.kind == .malformedXML } == 2, "\(result.diagnostics)")
        #expect(result.books.first?.verseTexts().map(\.text) == ["the said & did"])
        // Not in an attribute's value either.
        #expect(result.books.first?.chapters.first?.blocks.map(ModelDump.block).first?.contains("lemma=)") == true)
    }

    /// After an XML error, the predefined entities and character references later in the file are still read
    /// (libxml2 2.9 drops every entity reference once a document is not well formed).
    @Test func entitiesAfterAnXMLErrorAreKept() {
        let body =
            Self.verse1 + "a <char style=\"w\">b</para>\n"
            + "<para style=\"p\">c &amp; d &lt;e&gt; &quot;f&apos; &#x2019;g</para>"
        let result = USXParser.parse(Array(Self.usx(body).utf8), path: "after.usx")
        #expect(result.diagnostics.contains { $0.kind == .malformedXML })
        #expect(result.books.first?.verseTexts().map(\.text) == ["a b c & d <e> \"f' \u{2019}g"])
    }

    /// An entity the file does not declare is left out with an error, and a reference right after it, with no
    /// text between, is still read (libxml2 2.9 would drop it: see `hasPErefs` in the shim), in text and in an
    /// attribute's value; there `&amp;` is `&` (libxml2 hands it over as `&#38;` unless told otherwise).
    @Test func aReferenceRightAfterAnUndeclaredEntityIsKept() {
        let body =
            Self.verse1 + "a &x;&amp; b &y;&#x2019;&lt;c&gt;"
            + "<char style=\"w\" lemma=\"&z;&amp;q\">d</char> &amp;</para>"
        let result = USXParser.parse(Array(Self.usx(body).utf8), path: "entities.usx")
        #expect(
            result.diagnostics.map { "\($0.severity) \($0.kind.rawValue) \($0.location.line):\($0.location.column)" }
                == ["error malformed-xml 4:51", "error malformed-xml 4:62", "error malformed-xml 4:105"])
        #expect(result.diagnostics.allSatisfy { $0.message.contains("is left out") }, "\(result.diagnostics)")
        #expect(
            result.books.first?.chapters.first?.blocks.map(ModelDump.block) == [
                #"p@4:1 [v1@4:17 "a & b ’<c>" w(lemma=&q){"d"} " &"]"#
            ])
        // And in a file without errors: each escape of `&` read as `&`, on the fast path too.
        let clean = Self.verse1 + "<char style=\"w\" lemma=\"a&amp;q&#38;r&#x26;s&lt;\">d</char></para>"
        let cleanResult = USXParser.parse(Array(Self.usx(clean).utf8), path: "clean.usx")
        #expect(cleanResult.diagnostics.isEmpty, "\(cleanResult.diagnostics)")
        #expect(
            cleanResult.books.first?.chapters.first?.blocks.map(ModelDump.block) == [
                #"p@4:1 [v1@4:17 w(lemma=a&q&r&s<){"d"}]"#
            ])
    }

    @Test func anUnknownStyleIsReportedOnceWithItsCount() {
        let body =
            Self.verse1 + "<char style=\"zz\">a</char> <char style=\"xy\">b</char> <char style=\"xy\">c</char></para>"
        let result = USXParser.parse(Array(Self.usx(body).utf8), path: "styles.usx")
        #expect(result.diagnostics.map(\.message) == ["unknown character style \"xy\"; kept (2 times in this file)"])
        #expect(result.books.first?.verseTexts().first?.text == "a b c")
    }

    @Test func manyInvalidBytesAreSummarized() {
        let latin1 =
            Array(Self.head.utf8) + Array(Self.verse1.utf8) + [UInt8](repeating: 0xE9, count: 15)
            + Array("</para></usx>".utf8)
        let result = USXParser.parse(latin1, path: "latin1.usx")
        #expect(result.diagnostics.filter { $0.kind == .invalidUTF8 }.count == 11)
        #expect(result.diagnostics.last?.message.hasPrefix("5 more") == true)
        #expect(result.books.first?.verseTexts().first?.text == String(repeating: "\u{FFFD}", count: 15))
    }
}
