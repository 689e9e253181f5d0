import ScriptureModel
import TestSupport
import Testing

@testable import USX

/// USJ read into the model: the same model as the same text in USX, and bad input reported at its place.
struct USJParserTests {
    /// A bad USJ file and the first diagnostic it must give.
    struct BadFile: Sendable, CustomTestStringConvertible {
        var name: String
        var json: String
        var kind: Diagnostic.Kind
        var severity: Diagnostic.Severity
        var line: Int
        var column: Int
        var message: String
        /// Whether the book is still read (warnings) or not (the document is not usable).
        var keepsBook: Bool
        var testDescription: String { name }
    }

    static let book = #"{"type":"book","marker":"id","code":"GEN","content":["Test"]}"#
    static let chapter = #"{"type":"chapter","marker":"c","number":"1"}"#

    static func document(_ content: String...) -> String {
        #"{"type":"USJ","version":"3.1","content":["# + content.joined(separator: ",\n") + "]}"
    }

    static let badFiles: [BadFile] = [
        BadFile(
            name: "a trailing comma", json: "{\"type\":\"USJ\",\n\"version\":\"3.1\",\n\"content\":[1,]}",
            kind: .malformedJSON, severity: .error, line: 3, column: 14, message: "malformed JSON: expected a value",
            keepsBook: false),
        BadFile(
            name: "an unterminated string", json: "{\"type\":\"USJ\",\"version\":\"3.1\",\"content\":[\"In the",
            kind: .malformedJSON, severity: .error, line: 1, column: 49, message: "unterminated string",
            keepsBook: false),
        BadFile(
            name: "bytes that are not UTF-8", json: "{\"type\":\"USJ\",\"version\":\"3.1\",\"content\":[\"\u{FFFD}\"]}",
            kind: .malformedJSON, severity: .error, line: 1, column: 44, message: "invalid UTF-8 in string",
            keepsBook: false),
        BadFile(
            name: "nesting deeper than the limit",
            json: String(repeating: "[", count: USJParser.maximumDepth + 1) + String(repeating: "]", count: 129),
            kind: .malformedJSON, severity: .error, line: 1, column: USJParser.maximumDepth + 1,
            message: "nested deeper than \(USJParser.maximumDepth) levels", keepsBook: false),
        BadFile(
            name: "USX's root in JSON", json: #"{"type":"usx","version":"3.1","content":[]}"#, kind: .notUSJ,
            severity: .error, line: 1, column: 1, message: "this is not a USJ file", keepsBook: false),
        BadFile(
            name: "an array as the document", json: "\n  [1, 2]", kind: .notUSJ, severity: .error, line: 2, column: 3,
            message: "the document is an array", keepsBook: false),
        BadFile(
            name: "content that is not an array",
            json: "{\"type\":\"USJ\",\"version\":\"3.1\",\n\"content\":{\"type\":\"book\"}}", kind: .notUSJ,
            severity: .error, line: 2, column: 1, message: "\"content\" is an object; USJ wants an array here",
            keepsBook: false),
        BadFile(
            name: "an unknown paragraph marker",
            json: document(book, chapter, #"{"type":"para","marker":"pp7","content":["x"]}"#), kind: .unknownStyle,
            severity: .warning, line: 3, column: 1, message: "unknown paragraph style \"pp7\"", keepsBook: true),
        BadFile(
            name: "an unknown character marker",
            json: document(book, chapter, #"{"type":"para","marker":"p","content":[{"type":"char","marker":"wow"}]}"#),
            kind: .unknownStyle, severity: .warning, line: 3, column: 40, message: "unknown character style \"wow\"",
            keepsBook: true),
        BadFile(
            name: "an unknown element type", json: document(book, #"{"type":"gadget","content":[]}"#),
            kind: .unknownElement, severity: .warning, line: 2, column: 1, message: "unknown element type \"gadget\"",
            keepsBook: true),
        BadFile(
            name: "a number where USJ has a string",
            json: document(book, #"{"type":"chapter","marker":"c","number":1}"#), kind: .malformedAttributes,
            severity: .warning, line: 2, column: 32, message: "\"number\" is a number; USJ writes it as a string",
            keepsBook: true),
        BadFile(
            name: "an element without a type", json: document(book, #"{"marker":"p","content":[]}"#), kind: .notUSJ,
            severity: .error, line: 2, column: 1, message: "an object without a string \"type\"", keepsBook: true),
        BadFile(
            name: "a book without a code", json: document(#"{"type":"book","marker":"id"}"#),
            kind: .missingAttribute, severity: .error, line: 1, column: 42, message: "has no code", keepsBook: false),
        BadFile(
            name: "an unknown book code", json: document(#"{"type":"book","marker":"id","code":"XYZ"}"#),
            kind: .unknownBook, severity: .error, line: 1, column: 42, message: "unknown book code \"XYZ\"",
            keepsBook: false),
        BadFile(
            name: "no book element", json: document(chapter), kind: .missingID, severity: .error, line: 1, column: 1,
            message: "no book element", keepsBook: false),
        BadFile(
            name: "a verse before the first chapter",
            json: document(
                book, #"{"type":"para","marker":"p","content":[{"type":"verse","marker":"v","number":"1"}]}"#),
            kind: .verseBeforeChapter, severity: .error, line: 2, column: 40, message: "verse 1 comes before",
            keepsBook: true),
        BadFile(
            name: "text between paragraphs", json: document(book, chapter, #""stray""#), kind: .misplacedText,
            severity: .error, line: 3, column: 1, message: "text outside a paragraph", keepsBook: true),
        BadFile(
            name: "a verse in a note",
            json: document(
                book, chapter,
                #"{"type":"para","marker":"p","content":[{"type":"note","marker":"f","caller":"+","content":[{"type":"verse","marker":"v","number":"2"}]}]}"#
            ), kind: .misplacedMarker, severity: .error, line: 3, column: 92, message: "a verse inside a note",
            keepsBook: true),
        BadFile(
            name: "a key given twice",
            json: document(book, chapter, #"{"type":"para","marker":"p","content":["a"],"content":["b"]}"#),
            kind: .notUSJ, severity: .error, line: 3, column: 45,
            message: "\"content\" appears again in this object (first at 3:29); this one is ignored", keepsBook: true),
        BadFile(
            name: "an attribute with an empty value",
            json: document(
                book, chapter,
                #"{"type":"para","marker":"p","content":[{"type":"char","marker":"w","strong":"","content":["a"]}]}"#),
            kind: .emptyAttributeValue, severity: .warning, line: 3, column: 68,
            message: "\"strong\" of the char element is empty", keepsBook: true),
    ]

    @Test(arguments: badFiles)
    func badInputIsReportedAtItsPlace(_ file: BadFile) throws {
        var bytes = Array(file.json.utf8)
        if file.name == "bytes that are not UTF-8" {
            // U+FFFD's three bytes become one stray continuation byte.
            if let index = bytes.firstIndex(of: 0xEF) { bytes.replaceSubrange(index..<index + 3, with: [0x80]) }
        }
        let result = USJParser.parse(bytes, path: "bad.usj")
        let first = try #require(result.diagnostics.first { $0.kind == file.kind }, "\(result.diagnostics)")
        #expect(first.severity == file.severity)
        #expect(first.location.file == "bad.usj")
        #expect((first.location.line, first.location.column) == (file.line, file.column), "\(first)")
        #expect(first.message.contains(file.message), "\(first.message)")
        #expect(result.books.isEmpty == !file.keepsBook, "\(result.diagnostics)")
    }

    /// A repeated key is reported where it repeats and the first one is read: in an element of a few keys and in
    /// one of many (which finds repeats another way), for `content`, `type` and an attribute.
    @Test(arguments: [0, 12])
    func aRepeatedKeyKeepsTheFirst(padding: Int) throws {
        let extra = (0..<padding).map { #""x-\#($0)":"\#($0)","# }.joined()
        let json = Self.document(
            Self.book, Self.chapter,
            #"{"type":"para",\#(extra)"marker":"p","type":"figure","content":["#
                + #"{"type":"verse","marker":"v","number":"1"},"kept"],"content":["lost"]}"#,
            #"{"type":"para","marker":"p","content":[{"type":"char","marker":"w","strong":"H1","strong":"H2","#
                + #""content":["word"]}]}"#)
        let result = USJParser.parse(Array(json.utf8), path: "twice.usj")
        let repeats = result.diagnostics.filter { $0.message.contains("appears again") }
        #expect(repeats.map(\.location.line) == [3, 3, 4], "\(result.diagnostics)")
        #expect(repeats.allSatisfy { $0.severity == .error && $0.kind == .notUSJ })
        let book = try #require(result.books.first)
        let verses = book.verseTexts()
        #expect(verses.map(\.text) == ["kept word"], "\(verses)")
        let words = verses.flatMap(\.words)
        #expect(words.map(\.strong) == ["H1"], "\(words)")
    }

    /// One book in USX, and the same in USJ.
    static let sampleUSX = """
        <usx version="3.1"><book code="JHN" style="id">Sample</book>\
        <para style="h">John</para><para style="toc1">The Gospel of John</para><para style="mt1">John</para>\
        <chapter number="1" style="c" sid="JHN 1" altnumber="1a"/><para style="cl">Chapter One</para>\
        <para style="s1">The Word</para>\
        <para style="p"><verse number="1" style="v" sid="JHN 1:1"/>In the <char style="w" strong="G3056">Word</char>\
        <note caller="+" style="f"><char style="fr">1:1 </char><char style="ft">Or  message</char></note>, \
        <ref loc="GEN 1:1">see Genesis</ref><ms style="qt-s" who="John"/>said<ms style="qt-e"/><optbreak/>\
        <char style="wj" closed="false">here</char></para>\
        <table><row style="tr"><verse number="2" style="v" sid="JHN 1:2"/><cell style="th1" align="start">A</cell>\
        <cell style="tcr2" align="end" colspan="2">B</cell></row></table>\
        <para style="p"><figure style="fig" file="a.png" size="col">A picture</figure></para>\
        </usx>
        """
    static let sampleUSJ = """
        {"type":"USJ","version":"3.1","content":[
        {"type":"book","marker":"id","code":"JHN","content":["Sample"]},
        {"type":"para","marker":"h","content":["John"]},{"type":"para","marker":"toc1","content":["The Gospel of John"]},
        {"type":"para","marker":"mt1","content":["John"]},
        {"type":"chapter","marker":"c","number":"1","sid":"JHN 1","altnumber":"1a"},
        {"type":"para","marker":"cl","content":["Chapter One"]},
        {"type":"para","marker":"s1","content":["The Word"]},
        {"type":"para","marker":"p","content":[{"type":"verse","marker":"v","number":"1","sid":"JHN 1:1"},"In the ",
        {"type":"char","marker":"w","strong":"G3056","content":["Word"]},
        {"type":"note","marker":"f","caller":"+","content":[{"type":"char","marker":"fr","content":["1:1 "]},
        {"type":"char","marker":"ft","content":["Or  message"]}]},", ",
        {"type":"ref","loc":"GEN 1:1","content":["see Genesis"]},{"type":"ms","marker":"qt-s","who":"John"},"said",
        {"type":"ms","marker":"qt-e"},{"type":"optbreak"},{"type":"char","marker":"wj","closed":"false","content":["here"]}]},
        {"type":"table","content":[{"type":"table:row","marker":"tr","content":[
        {"type":"verse","marker":"v","number":"2","sid":"JHN 1:2"},
        {"type":"table:cell","marker":"th1","align":"start","content":["A"]},
        {"type":"table:cell","marker":"tcr2","align":"end","colspan":"2","content":["B"]}]}]},
        {"type":"para","marker":"p","content":[{"type":"figure","marker":"fig","file":"a.png","size":"col","content":["A picture"]}]}
        ]}
        """

    /// The same book in USX and in USJ builds the same model (locations aside).
    @Test func usjBuildsWhatUSXBuilds() throws {
        let fromUSX = USXParser.parse(Array(Self.sampleUSX.utf8), path: "a.usx")
        let fromUSJ = USJParser.parse(Array(Self.sampleUSJ.utf8), path: "a.usj")
        #expect(fromUSX.diagnostics == [])
        #expect(fromUSJ.diagnostics == [])
        let expected = try #require(fromUSX.books.first).normalizedForStore(collapsing: false)
        let actual = try #require(fromUSJ.books.first).normalizedForStore(collapsing: false)
        #expect(actual == expected)
        #expect(actual.chapters.first?.blocks.count == 4)
    }

    /// Damaged USJ (cut short, bytes changed, pieces cut out) never crashes, every diagnostic points into the
    /// file and what is read can be stored (`FuzzProperties`, as the fuzz targets check); a document cut short
    /// is always malformed JSON.
    @Test func damagedUSJIsReportedNeverACrash() throws {
        let original = Array(Self.sampleUSJ.utf8)
        var random = SplitMix64(seed: 0x05_1A)
        for round in 0..<400 {
            var bytes = original
            let at = Int(random.next() % UInt64(bytes.count))
            switch round % 3 {
            case 0: bytes.removeSubrange(at...)
            case 1: bytes[at] = UInt8(truncatingIfNeeded: random.next())
            default: bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(random.next() % 40)))
            }
            let result = USJParser.parse(bytes, path: "d.usj")
            // The promises the fuzz targets check: diagnostics inside the input, and what parses stores.
            let problems = bytes.withUnsafeBytes { FuzzProperties.diagnostics(result.diagnostics, input: $0) }
            #expect(problems == [], "round \(round)")
            if round % 20 == 1 { #expect(FuzzProperties.storeRoundTrip(result.books) == [], "round \(round)") }
            if round % 3 == 0 { #expect(result.diagnostics.contains { $0.kind == .malformedJSON }, "cut at \(at)") }
        }
    }

    @Test(arguments: [
        (#"{"type":"USJ","version":"3.1","content":[]}"#, true), (#"{ "type" : "USJ" }"#, true),
        ("{\"version\":\"3.1\",\n\"type\":\t\"USJ\"}", true), (#"{"schemaVersion":1,"abbreviation":"WEB"}"#, false),
        (#"{"type":"USX"}"#, false), (#"{"type":"USJX"}"#, false),
    ])
    func usjIsRecognisedByItsType(_ text: String, _ isUSJ: Bool) {
        #expect(USJParser.looksLikeUSJ(Array(text.utf8)) == isUSJ)
    }

    /// The document's content is read element by element as the JSON streams, whatever the order of the root's
    /// members: the same book and diagnostics with `content` first or last; a root that turns out not to be
    /// USJ drops what its content gave; a second `content` is reported, not read.
    @Test func streamedContentGivesTheSameBookInAnyMemberOrder() throws {
        let content = #"[\#(Self.book),\#(Self.chapter),{"type":"para","marker":"p","content":[{"type":"verse","marker":"v","number":"1"},"In the beginning.",7]}]"#
        let last = USJParser.parse(Array(#"{"type":"USJ","version":"3.1","content":\#(content)}"#.utf8), path: "a.usj")
        let first = USJParser.parse(Array(#"{"content":\#(content),"version":"3.1","type":"USJ"}"#.utf8), path: "a.usj")
        #expect(last.books.count == 1)
        #expect(
            try #require(first.books.first).normalizedForStore(collapsing: false)
                == #require(last.books.first).normalizedForStore(collapsing: false))
        #expect(first.diagnostics.map(\.message) == ["a number where a USJ element or text should be"])
        #expect(last.diagnostics.map(\.message) == first.diagnostics.map(\.message))
        let notUSJ = USJParser.parse(Array(#"{"content":\#(content),"type":"USX"}"#.utf8), path: "a.usj")
        #expect(notUSJ.books.isEmpty)
        #expect(notUSJ.diagnostics.map(\.kind) == [.notUSJ])
        #expect(notUSJ.diagnostics.first?.message.hasSuffix("this is not a USJ file") == true)
        let twice = USJParser.parse(
            Array(#"{"type":"USJ","version":"3.1","content":\#(content),"content":[7]}"#.utf8), path: "a.usj")
        #expect(twice.books.count == 1)
        #expect(twice.diagnostics.map(\.message).last?.hasPrefix("\"content\" appears again in this object") == true)
    }

    /// Past 199 diagnostics a file's problems are counted in one more, not kept: USX and USJ alike.
    @Test func aFileKeepsItsFirst199DiagnosticsAndCountsTheRest() {
        let usj = USJParser.parse(
            Array(Self.document(Self.book, Self.chapter, Array(repeating: "true", count: 1000).joined(separator: ",")).utf8),
            path: "a.usj")
        #expect(usj.diagnostics.count == 200)
        #expect(
            usj.diagnostics.last?.message
                == "801 more problems in this file (801 errors) are not listed: a file keeps its first 199; fix those first")
        let verses = (1...1000).map { _ in #"<verse number="1" style="v"/>"# }.joined()
        let usx = USXParser.parse(
            Array(#"<usx version="3.1"><book code="GEN" style="id"/><chapter number="1" style="c"/><para style="p">\#(verses)</para></usx>"#.utf8),
            path: "a.usx")
        #expect(usx.diagnostics.count == 200, "\(usx.diagnostics.prefix(3))")
        #expect(usx.diagnostics.last?.message.hasSuffix("are not listed: a file keeps its first 199; fix those first") == true)
        #expect(usx.books.count == 1)
    }
}
