import Foundation
import Lectern
import TestSupport
import Testing

/// USFM 3.1.2 (the committee's roadmap): `\ta` (U24002), the `vid` milestone (U25008), `\pl` (U25009), the `lang`
/// attribute of `\tl` and `\wl`, and a marker of the `attribute` category (`\cat` in a note, USX's and USJ's note
/// `category`), known from the stylesheet's data (`MarkerStylesheet`): read without a warning, stored, read back
/// from the store, and written to USFM, USX, USJ and the model JSON, which parse to the same model; the USX
/// validates against `spec/usx.rng`.
@Suite struct USFM312Tests {
    static let usfm = """
        \\id MRK Fragment MRK 4:26-27
        \\usfm 3.1
        \\c 4
        \\vid |ref="MRK 4:26" h="Mark"\\*
        \\s1 The Seed Growing Secretly
        \\p \\pl Parable:\\pl* Jesus said,
        \\v 26 “The kingdom of God is like a man who scatters \\ta seed|a-uk="seede" a-aus="grain"\\ta* on the ground.
        \\v 27 Night and day\\f + \\cat Language\\cat*\\fr 4:27 \\ft Greek \\tl nyx|lang="grc"\\tl*, Romanian \\wl noapte|ro\\wl*\\f* he sleeps.

        """

    static func book() throws -> Book {
        let result = USFMParser.parse(usfm, path: "mrk.usfm")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        return try #require(result.books.first)
    }

    /// Every character span and milestone of the book's chapter, as `marker attributes`, in order.
    static func spans(_ book: Book) -> [String] {
        var found: [String] = []
        func attributes(_ list: [Attribute]) -> String { list.map { "\($0.name)=\($0.value)" }.joined(separator: " ") }
        func add(_ content: [Inline]) {
            for inline in content {
                switch inline {
                case .character(let span):
                    found.append("\(span.marker) \(attributes(span.attributes))")
                    add(span.content)
                case .note(let note): add(note.content)
                case .milestone(let milestone): found.append("\(milestone.marker) \(attributes(milestone.attributes))")
                default: break
                }
            }
        }
        for case .paragraph(let paragraph) in book.chapters.flatMap(\.blocks) { add(paragraph.content) }
        return found
    }

    static let expectedSpans = [
        "vid ref=MRK 4:26 h=Mark", "pl ", "ta a-uk=seede a-aus=grain", "cat ", "fr ", "ft ", "tl lang=grc", "wl lang=ro",
    ]

    @Test func theMarkersAreReadWithTheirAttributes() throws {
        let book = try Self.book()
        #expect(Self.spans(book) == Self.expectedSpans)
        // A textual alternative's main text is the verse text; a paragraph label is not in any verse.
        #expect(
            book.verseTexts().map(\.text) == [
                "“The kingdom of God is like a man who scatters seed on the ground.", "Night and day he sleeps.",
            ])
    }

    @Test func theStoreGivesThemBack() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let book = try Self.book()
        let store = try SidebarTests.stored(book, in: directory)
        let full = try store.fullBook(.mark)
        #expect(Self.spans(full) == Self.expectedSpans)
        #expect(full.normalizedForStore() == book.normalizedForStore())
    }

    /// Where a book is exported from: the parsed file, or the store it was imported into (as `lectern export`).
    enum Origin: String, CaseIterable, Sendable {
        case parsed, stored
    }

    /// The book as `origin` gives it to the writers.
    static func book(from origin: Origin, in directory: TemporaryDirectory) throws -> Book {
        let book = try Self.book()
        guard origin == .stored else { return book }
        return try SidebarTests.stored(book, in: directory).fullBook(.mark)
    }

    static let exports = ["usfm", "usx", "usj"].flatMap { format in Origin.allCases.map { (format, $0) } }

    @Test(arguments: exports)
    func exportsParseToTheSameModel(_ format: String, _ origin: Origin) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let book = try Self.book(from: origin, in: directory)
        let text: String
        let result: ParseResult
        let written: [String]
        switch format {
        case "usx":
            text = USXWriter.write(book)
            result = USXParser.parse(Array(text.utf8), path: "out.usx")
            written = [
                #"<ms style="vid" ref="MRK 4:26" h="Mark"/>"#, #"<char style="pl">Parable:</char>"#,
                #"<char style="ta" a-uk="seede" a-aus="grain">seed</char>"#, #"<char style="wl" lang="ro">noapte</char>"#,
                #"<note caller="+" style="f" category="Language"><char style="fr""#,
            ]
        case "usj":
            text = USJWriter.write(book)
            result = USJParser.parse(Array(text.utf8), path: "out.usj")
            written = [
                #"{"type":"ms","marker":"vid","ref":"MRK 4:26","h":"Mark"}"#,
                #"{"type":"char","marker":"ta","a-uk":"seede","a-aus":"grain","content":["seed"]}"#,
                #"{"type":"char","marker":"wl","lang":"ro","content":["noapte"]}"#,
                #"{"type":"note","marker":"f","caller":"+","category":"Language","content":[{"type":"char","marker":"fr""#,
            ]
        default:
            text = USFMWriter.write(book)
            result = USFMParser.parse(text, path: "out.usfm")
            written = [
                #"\vid |ref="MRK 4:26" h="Mark"\*"#, #"\ta seed|a-uk="seede" a-aus="grain"\ta*"#, #"\pl Parable:\pl*"#,
                #"\f + \cat Language\cat*\fr 4:27"#,
            ]
        }
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        var reread = try #require(result.books.first)
        reread.formatVersion = book.formatVersion
        #expect(Self.spans(reread) == Self.expectedSpans)
        #expect(reread.normalizedForStore() == (try Self.book()).normalizedForStore())
        for piece in written { #expect(text.contains(piece), "\(piece) not in \(text)") }
    }

    @Test func theModelJSONCarriesThem() throws {
        let json = ModelJSON.book(try Self.book())
        for piece in [#""marker":"vid""#, #""marker":"ta""#, #""marker":"pl""#, #""a-aus""#, #""lang""#] {
            #expect(json.contains(piece), "\(piece)")
        }
    }

    @Test(
        .enabled(if: RelaxNGCheck.isAvailable, Comment(rawValue: RelaxNGCheck.missingMessage)),
        arguments: Origin.allCases)
    func theUSXValidates(_ origin: Origin) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let book = try Self.book(from: origin, in: directory)
        _ = try directory.write(Array(USXWriter.write(book).utf8), to: "mrk.usx")
        let outcome = try RelaxNGCheck.validate(["mrk.usx"], in: directory.path)
        #expect(outcome.status == 0, "\(outcome.summary())")
    }

    @Test func theStylesheetHoldsThe312Additions() {
        let sheet = MarkerStylesheet.usfm
        #expect(sheet.definition(of: "ta")?.styleType == .character)
        #expect(sheet.definition(of: "pl")?.category == .char)
        #expect(sheet.definition(of: "wl")?.defaultAttribute == "lang")
        #expect(sheet.definition(of: "tl")?.defaultAttribute == "lang")
        #expect(sheet.definition(of: "vid")?.isMilestone == true)
        #expect(sheet.definition(of: "vid")?.defaultAttribute == "ref")
        #expect(["cp", "vp", "ca", "va", "usfm", "cat"].allSatisfy { sheet.definition(of: $0)?.category == .attribute })
        #expect((1...12).allSatisfy { sheet.definition(of: "tc\($0)")?.category == .cell })
        #expect(sheet.definition(of: "ft")?.category == .footnotechar)
        #expect(sheet.allows("xt", under: "f") == false)
        #expect(sheet.allows("xt", under: "x") == true)
        #expect(sheet.allows("zzz", under: "f") == nil)
    }
}
