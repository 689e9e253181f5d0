import Foundation
import ScriptureModel
import TestSupport
import Testing

@testable import Lectern

/// What DBL `metadata.xml` and Scripture Burrito `metadata.json` files say, and what happens when they say
/// too little or cannot be read: a warning and the sources' names, or an error and no import.
struct BundleMetadataTests {
    /// A bundle folder named `eng-lbx-usx` holding `metadata` and the DBL sample's Ruth where `kind` keeps it.
    static func bundle(_ kind: BundleMetadata.Kind, metadata: String, in directory: TemporaryDirectory) throws
        -> String
    {
        let folder = directory.path + "/eng-lbx-usx"
        let books = folder + (kind == .dbl ? "/release/USX_1" : "/ingredients")
        try FileManager.default.createDirectory(atPath: books, withIntermediateDirectories: true)
        let ruth = kind == .dbl ? "dbl-sample/release/USX_1/RUT.usx" : "burrito-sample/ingredients/RUT.usfm"
        try FileManager.default.copyItem(
            atPath: BundleImportTests.sample(ruth), toPath: books + (kind == .dbl ? "/RUT.usx" : "/RUT.usfm"))
        try Data(metadata.utf8).write(
            to: URL(fileURLWithPath: folder + (kind == .dbl ? "/metadata.xml" : "/metadata.json")))
        return folder
    }

    /// A metadata file and what an import of its bundle stores, or the error it stops with.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var kind: BundleMetadata.Kind
        var metadata: String
        /// Title, abbreviation, language, copyright; nil when the import must fail.
        var stored: [String?]?
        /// A piece of each `bundle-metadata` diagnostic's message, in order.
        var messages: [String]
        var testDescription: String { name }
    }

    static func dbl(_ body: String) -> String {
        "<?xml version=\"1.0\"?>\n<DBLMetadata version=\"2.2\">\(body)</DBLMetadata>"
    }
    static func burrito(_ body: String) -> String {
        #"{"format":"scripture burrito","meta":{"version":"1.0.0"}"# + body + "}"
    }
    static let ingredient = #","ingredients":{"ingredients/RUT.usfm":{"mimeType":"text/x-usfm"}}"#
    /// The sources' own names for the bundle above (`\id` text, the folder's name).
    static let fromSources: [String?] = ["Bundle sample source", "LBX", "en"]

    static let cases: [Case] = [
        Case(
            name: "DBL without names", kind: .dbl, metadata: dbl("<identification/>"),
            stored: fromSources + [nil],
            messages: ["no identification/abbreviation", "no identification/name", "no language/iso"]),
        Case(
            name: "DBL name and abbreviation without local ones, 1.x copyright", kind: .dbl,
            metadata: dbl(
                "<identification><name>Plain Name</name><abbreviation>PN</abbreviation></identification>"
                    + "<language><iso>spa</iso></language><copyright><statement contentType=\"xhtml\">"
                    + "<p>Copyright © 1999</p><p>Used by <em>permission</em>.</p></statement></copyright>"),
            stored: ["Plain Name", "PN", "es", "Copyright © 1999 Used by permission."], messages: []),
        Case(
            name: "DBL language that is no tag", kind: .dbl,
            metadata: dbl(
                "<identification><name>N</name><abbreviation>A</abbreviation></identification>"
                    + "<language><iso>english!</iso></language>"),
            stored: ["N", "A", "en", nil], messages: ["its language 'english!' is not a BCP 47 tag"]),
        Case(
            name: "DBL empty local names, a language only in ldml", kind: .dbl,
            metadata: dbl(
                "<identification><name>N</name><nameLocal> </nameLocal><abbreviation>A</abbreviation>"
                    + "<abbreviationLocal/></identification><language><iso>??</iso><ldml>pt-BR</ldml></language>"),
            stored: ["N", "A", "pt-BR", nil], messages: []),
        Case(
            name: "DBL that is not well formed", kind: .dbl, metadata: dbl("<identification><name>N</identification>"),
            stored: nil, messages: ["it is not well-formed XML"]),
        // Another tool's metadata.xml: the folder is a plain one, its names from the sources.
        Case(
            name: "XML that is not DBL metadata", kind: .dbl, metadata: "<settings><name>Other</name></settings>",
            stored: fromSources + [nil], messages: []),
        Case(
            name: "Burrito names in the bundle's language", kind: .burrito,
            metadata: burrito(
                #","identification":{"name":{"en":"English name","fr":"Nom français"},"abbreviation":{"fr":"NF"}}"#
                    + #","languages":[{"tag":"fr-CA"}],"copyright":{"fullStatementPlain":{"fr":"Domaine public"}}"#
                    + ingredient),
            stored: ["Nom français", "NF", "fr-CA", "Domaine public"], messages: []),
        Case(
            name: "Burrito without names, public domain", kind: .burrito,
            metadata: burrito(#","copyright":{"publicDomain":true}"# + ingredient),
            stored: fromSources + ["Public domain"],
            messages: ["no identification.abbreviation", "no identification.name", "no languages[0].tag"]),
        Case(
            name: "Burrito ingredient missing from the folder", kind: .burrito,
            metadata: burrito(
                #","identification":{"name":{"en":"N"},"abbreviation":{"en":"A"}},"languages":[{"tag":"en"}]"#
                    + #","ingredients":{"ingredients/RUT.usfm":{},"ingredients/JON.usfm":{}}"#),
            stored: nil, messages: []),
    ]

    @Test(arguments: cases)
    func importOfABundleWhoseMetadataIs(_ test: Case) async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let folder = try Self.bundle(test.kind, metadata: test.metadata, in: directory)
        let reading = VersionSource.read(paths: [folder])
        let notes = reading.result.diagnostics.filter { $0.kind == .bundleMetadata }
        #expect(notes.count == test.messages.count, "\(notes)")
        for (note, piece) in zip(notes.sorted { $0.message < $1.message }, test.messages) {
            #expect(note.message.contains(piece), "\(note)")
            #expect(note.location.file == folder + (test.kind == .dbl ? "/metadata.xml" : "/metadata.json"))
        }
        let library = Library(directory: directory.path + "/library")
        guard let stored = test.stored else {
            await #expect(throws: ImportError.self) { try await library.importBible(from: [folder]).store }
            #expect(try library.ids().isEmpty)
            return
        }
        let metadata = try await library.importBible(from: [folder]).store.metadata
        #expect([metadata.title, metadata.abbreviation, metadata.language, metadata.copyright] == stored)
    }

    @Test func aFileWhoseRootIsNotDBLMetadataIsRefusedByTheReader() {
        let (metadata, diagnostics) = DBLMetadataReader.read(Array("<usx version=\"3.0\"/>".utf8), path: "m.xml")
        #expect(metadata == nil)
        #expect(diagnostics.map(\.message) == ["it is not DBL metadata (its root is <usx>, not <DBLMetadata>)"])
        #expect(!DBLMetadataReader.mayBeDBL(Array("<usx version=\"3.0\"/>".utf8)))
        #expect(DBLMetadataReader.mayBeDBL(Array("<DBLMetadata><x></DBLMetadata>".utf8)))
    }

    @Test func aMalformedDBLFileIsReportedAtItsLineAndColumn() throws {
        let text = "<?xml version=\"1.0\"?>\n<DBLMetadata>\n  <identification><name>N</identification>\n</DBLMetadata>"
        let (metadata, diagnostics) = DBLMetadataReader.read(Array(text.utf8), path: "b/metadata.xml")
        #expect(metadata == nil)
        #expect(diagnostics.map(\.severity) == [.error])
        #expect(diagnostics.first?.location.file == "b/metadata.xml")
        #expect(diagnostics.first?.location.line == 3)
        #expect((diagnostics.first?.location.column ?? 0) > 1)
    }

    @Test func aBurritoFolderIsNotTakenForLecternsOwnMetadata() throws {
        #expect(try ExportMetadata.read(from: BundleImportTests.sample("burrito-sample")) == nil)
        #expect(
            BurritoMetadataReader.isBurrito(ExportMetadata(abbreviation: "A", title: "T", language: "en").json) == false
        )
        #expect(ExportMetadata.isLectern(ExportMetadata(abbreviation: "A", title: "T", language: "en").json))
    }

    @Test(arguments: [
        (
            "<p>Copyright &copy; 2001 <b>Bible</b> Society</p><p>All rights reserved.</p>",
            "Copyright © 2001 Bible Society All rights reserved."
        ),
        ("&#169; &#x41;B &amp; C &unknown; & D", "© AB & C &unknown; & D"), ("<br/>", nil),
    ])
    func markupIsTakenOutOfStatements(_ html: String, _ text: String?) {
        #expect(BundleMetadata.plainText(html) == text)
    }
}
