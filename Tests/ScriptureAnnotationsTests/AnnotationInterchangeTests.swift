import Foundation
import ScriptureAnnotations
import ScriptureModel
import TestSupport
import Testing
import Versification

/// Export and import in both formats: a round trip into an empty store gives the same marks, importing
/// twice changes nothing, and a wrong file is an error at `file:line:col` that leaves the store as it was.
struct AnnotationInterchangeTests {
    static let web = AnnotationBible(abbreviation: "WEB", versification: .english)
    static let wlc = AnnotationBible(abbreviation: "WLC (Hebrew)", versification: .original)

    /// A store holding one of everything the formats must carry.
    static func filledStore(in folder: TemporaryDirectory, clock: StepClock) throws -> AnnotationStore {
        let store = try AnnotationStore.testStore(in: folder, name: "source.sqlite", clock: clock)
        let texts = [
            WordAnchorTests.text("1", "Yahweh is my shepherd; I shall lack nothing."),
            WordAnchorTests.text("2", "He makes me lie down in green pastures."),
        ]
        let words = try #require(WordAnchor.find("shepherd; I shall lack nothing. He makes", in: texts))
        try store.add(
            .bookmark, at: AnnotationPlace(bible: web, verses: verse("GEN", 1, 1)), labels: ["Start", "Torah"])
        try store.add(.highlight(.color(.pink)), at: AnnotationPlace(bible: web, verses: verse("PSA", 51, 1)))
        try store.add(
            .highlight(.style("exam-prep")),
            at: AnnotationPlace(bible: web, verses: VerseReferenceText.verses("PSA.23.1-2"), words: words),
            labels: ["Comfort, \"quoted\""])
        try store.add(
            .note("Line one, with a comma\nLine two with \"quotes\"\r\nאֱלֹהִים 𝔊 ; trailing space "),
            at: AnnotationPlace(bible: web, verses: VerseReferenceText.verses("JOL.2.27-JOL.3.2")),
            labels: ["Prophets", "Ἰωήλ"])
        try store.add(.note(""), at: AnnotationPlace(bible: web, verses: verse("2CO", 13, 14)))
        try store.add(.bookmark, at: AnnotationPlace(bible: wlc, verses: verse("MAL", 3, 19)), labels: ["Hebrew"])
        let doomed = try store.add(
            .note("to be deleted"), at: AnnotationPlace(bible: web, verses: verse("REV", 22, 21)))
        try store.delete(doomed.id)
        return store
    }

    @Test(arguments: AnnotationFormat.allCases)
    func anExportImportedIntoAnEmptyStoreGivesTheSameMarks(_ format: AnnotationFormat) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let source = try Self.filledStore(in: folder, clock: StepClock())
        let exported = try source.export(format)
        let target = try AnnotationStore.testStore(in: folder, name: "target.sqlite", clock: StepClock())
        let report = try target.importMarks(Array(exported.utf8), file: "marks", format: format)
        #expect(report == MergeReport(added: 7, updated: 0, deleted: 0, unchanged: 0))
        let before = try source.allAnnotations(includingDeleted: true)
        #expect(before.count == 7)
        #expect(try target.allAnnotations(includingDeleted: true) == before)
        #expect(try target.export(format) == exported)
        // Importing the same file again changes nothing.
        let again = try target.importMarks(Array(exported.utf8), file: "marks", format: format)
        #expect(again.changedNothing && again.unchanged == 7)
        #expect(try target.allAnnotations(includingDeleted: true) == before)
        #expect(try target.verify() == [])
        // The other format read back from this one's import gives the same marks too.
        let other: AnnotationFormat = format == .csv ? .w3c : .csv
        #expect(try other.read(Array(target.export(other).utf8), file: "x") == before)
    }

    @Test func theW3CExportIsJSONLDWithVerseReferenceTargets() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let store = try AnnotationStore.testStore(in: folder, clock: StepClock(start: 1_780_000_000_000))
        try store.add(
            .highlight(.color(.yellow)), at: AnnotationPlace(bible: Self.web, verses: verse("PSA", 51, 1)),
            labels: ["Prayer"])
        let lines = try store.export(.w3c).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(
            lines[0]
                == #"{"@context":["http://www.w3.org/ns/anno.jsonld",{"lectern":"urn:lectern:annotation:"}],"type":"AnnotationCollection","label":"Lectern annotations","total":1,"first":{"type":"AnnotationPage","startIndex":0,"items":["#
        )
        let item = String(lines[1])
        #expect(
            item.contains(#""type":"Annotation","motivation":"highlighting","created":"2026-05-28T20:26:40.000Z""#),
            "\(item)")
        #expect(item.contains(#""body":[{"type":"TextualBody","purpose":"tagging","value":"Prayer"}]"#))
        #expect(
            item.contains(
                #""target":{"type":"SpecificResource","source":"urn:lectern:bible:WEB","selector":{"type":"FragmentSelector","conformsTo":"urn:lectern:verse-reference","value":"PSA.51.1"},"styleClass":"yellow","lectern:versification":"english","lectern:original":"PSA.51.3"}"#
            ), "\(item)")
    }

    /// Wrong files: where the error is and what it says.
    struct BadFile: Sendable, CustomTestStringConvertible {
        var name: String
        var format: AnnotationFormat
        var text: String
        var location: String
        var message: String
        var testDescription: String { name }
    }

    static let header = AnnotationCSV.columns.joined(separator: ",")
    static let goodRow =
        "0b8c5e4e-7b1f-4a57-9a37-2b8f1f7d6a01,bookmark,2026-01-01T00:00:00.000Z,2026-01-01T00:00:00.000Z,false,WEB,english,PSA.51.1,PSA.51.3,,,,,,,,"
    static let badFiles: [BadFile] = [
        BadFile(name: "empty CSV", format: .csv, text: "", location: "f:1:1", message: "the file is empty"),
        BadFile(
            name: "no verses column", format: .csv, text: "id,kind,created,bible,versification\n", location: "f:1:1",
            message: "no 'verses' column"),
        BadFile(
            name: "unclosed quote", format: .csv, text: header + "\n" + goodRow + "\n\"abc,def\n", location: "f:3:1",
            message: "not closed"),
        BadFile(
            name: "bad UUID on the third line", format: .csv,
            text: header + "\n" + goodRow + "\nnot-a-uuid" + goodRow.drop { $0 != "," }, location: "f:3:1",
            message: "is not a UUID"),
        BadFile(
            name: "bad verse reference", format: .csv,
            text: header + "\n" + goodRow.replacingOccurrences(of: "PSA.51.1,", with: "PSA.51:1,"), location: "f:2:115",
            message: "is not a verse reference"),
        BadFile(
            name: "bad time", format: .csv,
            text: header + "\n"
                + goodRow.replacingOccurrences(of: "2026-01-01T00:00:00.000Z,false", with: "yesterday,false"),
            location: "f:2:72", message: "not an ISO 8601 time"),
        BadFile(
            name: "unknown colour", format: .csv,
            text: header + "\n"
                + goodRow.replacingOccurrences(of: "bookmark", with: "highlight").replacingOccurrences(
                    of: "PSA.51.3,,", with: "PSA.51.3,mauve fog,"),
            location: "f:2:134", message: "not a highlight colour"),
        BadFile(
            name: "JSON syntax", format: .w3c, text: "{\"type\": \"AnnotationCollection\",\n  \"first\": [1,}",
            location: "f:2:15", message: "expected a value"),
        BadFile(
            name: "JSON motivation", format: .w3c,
            text:
                #"[{"id":"urn:uuid:0b8c5e4e-7b1f-4a57-9a37-2b8f1f7d6a01","motivation":"liking","created":"2026-01-01T00:00:00Z"}]"#,
            location: "f:1:69", message: "motivation"),
        BadFile(
            name: "JSON without target", format: .w3c,
            text:
                #"[{"id":"urn:uuid:0b8c5e4e-7b1f-4a57-9a37-2b8f1f7d6a01","motivation":"bookmarking","created":"2026-01-01T00:00:00Z"}]"#,
            location: "f:1:2", message: "no target"),
        BadFile(
            name: "JSON custom scheme without Original verses", format: .w3c,
            text:
                #"[{"id":"urn:uuid:0b8c5e4e-7b1f-4a57-9a37-2b8f1f7d6a01","motivation":"bookmarking","created":"2026-01-01T00:00:00Z","target":{"source":"urn:lectern:bible:X","selector":{"type":"FragmentSelector","value":"PSA.51.1"},"lectern:versification":"vulgate"}}]"#,
            location: "f:1:239", message: "not a shipped scheme"),
    ]

    @Test(arguments: badFiles)
    func aWrongFileIsAnErrorAtItsPlaceAndChangesNothing(_ test: BadFile) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let store = try AnnotationStore.testStore(in: folder, clock: StepClock())
        try store.add(.bookmark, at: AnnotationPlace(bible: Self.web, verses: verse("GEN", 1, 1)))
        let before = try store.allAnnotations(includingDeleted: true)
        let error = try #require(throws: AnnotationError.self) {
            try store.importMarks(Array(test.text.utf8), file: "f", format: test.format)
        }
        guard case .badInput(let location, let message) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(location == test.location, "\(message)")
        #expect(message.contains(test.message), "\(message)")
        #expect("\(error)".hasPrefix("\(test.location): error: "))
        #expect(try store.allAnnotations(includingDeleted: true) == before)
    }

    /// A file from another program that leaves out what Lectern can work out: no `original` for a shipped scheme
    /// (computed), no `modified` (the creation time).
    @Test func missingOriginalVersesAreComputedForAShippedScheme() throws {
        let text =
            Self.header + "\n"
            + Self.goodRow.replacingOccurrences(of: "PSA.51.3,", with: ",")
            .replacingOccurrences(of: "2026-01-01T00:00:00.000Z,false", with: ",false")
        let marks = try AnnotationCSV.read(Array(text.utf8), file: "f")
        #expect(marks.map { VerseReferenceText.text($0.place.original) } == ["PSA.51.3"])
        #expect(marks.map(\.modified) == marks.map(\.created))
    }

    @Test func timesReadAndWriteISO8601() throws {
        for (text, milliseconds) in [
            ("1970-01-01T00:00:00.000Z", Int64(0)), ("2026-05-16T10:00:00.123Z", 1_778_925_600_123),
            ("2026-05-16T12:00:00.123+02:00", 1_778_925_600_123), ("2000-02-29T23:59:59Z", 951_868_799_000),
            ("1969-12-31T23:59:59.999Z", -1),
        ] {
            #expect(AnnotationTime(iso8601: text)?.milliseconds == milliseconds, "\(text)")
        }
        #expect(AnnotationTime(milliseconds: 1_778_925_600_123).description == "2026-05-16T10:00:00.123Z")
        #expect(AnnotationTime(milliseconds: -1).description == "1969-12-31T23:59:59.999Z")
        for bad in ["2026-13-01T00:00:00Z", "2026-05-16 10:00:00Z", "2026-05-16T10:00:00", "2026-05-16T10:00:00.Z", ""]
        {
            #expect(AnnotationTime(iso8601: bad) == nil, "\(bad)")
        }
    }
}
