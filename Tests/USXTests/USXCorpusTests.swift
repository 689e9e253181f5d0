import Foundation
import ScriptureModel
import TestSupport
import Testing
import USX

/// One corpus folder parsed with `USXParser`: its books, verse texts and diagnostics.
struct ParsedFolder: Sendable {
    var books: [Book] = []
    var verses: [VerseKey: String] = [:]
    var duplicateKeys: [VerseKey] = []
    var diagnostics: [Diagnostic] = []

    /// Parses every `.usx.gz` file of a corpus folder, once per test run.
    static func load(_ folder: String) throws -> ParsedFolder {
        let loaded: Result<ParsedFolder, any Error>
        switch folder {
        case "eng-web-usx": loaded = engWeb
        case "eng-web-usx-usfmtc": loaded = engWebUsfmtc
        case "eng-bsb-usx": loaded = engBSB
        case "grc-ugnt-usx": loaded = greek
        case "hbo-uhb-usx": loaded = hebrew
        default: loaded = Result { try parse(folder) }
        }
        return try loaded.get()
    }

    // Each folder is parsed once, however many tests ask for it at the same time.
    private static let engWeb = Result { try parse("eng-web-usx") }
    private static let engWebUsfmtc = Result { try parse("eng-web-usx-usfmtc") }
    private static let engBSB = Result { try parse("eng-bsb-usx") }
    private static let greek = Result { try parse("grc-ugnt-usx") }
    private static let hebrew = Result { try parse("hbo-uhb-usx") }

    private static func parse(_ folder: String) throws -> ParsedFolder {
        var parsed = ParsedFolder()
        for file in try TestCorpus.files(in: folder, endingWith: ".usx.gz") {
            let result = USXParser.parse(try TestCorpus.bytes(of: file), path: file.lastPathComponent)
            parsed.diagnostics += result.diagnostics
            for book in result.books {
                parsed.books.append(book)
                for verse in book.verseTexts() where parsed.verses.updateValue(verse.text, forKey: verse.key) != nil {
                    parsed.duplicateKeys.append(verse.key)
                }
            }
        }
        return parsed
    }
}

@Suite(.enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
struct USXCorpusTests {
    struct Folder: Sendable, CustomTestStringConvertible {
        var name: String
        var books: Int
        var verseKeys: Int
        /// The warnings the folder really deserves: how many files have one of each kind.
        var warnings: [Diagnostic.Kind: Int] = [:]
        /// Whether the files are Paratext exports, which start with a BOM and end lines with CRLF.
        var isParatextExport = true
        var testDescription: String { name }
    }

    // Figures from SOURCES.md.
    static let folders = [
        Folder(name: "eng-web-usx", books: 83, verseKeys: 38_058),
        Folder(name: "eng-web-usx-usfmtc", books: 83, verseKeys: 38_058, isParatextExport: false),
        // EPH 3:14 is `<verse number="14...">`: kept as written, with a warning.
        // (And HAB 3:19's subscription inside `<para style="b">`, issue 47's content-in-blank-line.)
        Folder(
            name: "eng-bsb-usx", books: 66, verseKeys: 31_052,
            warnings: [.invalidVerseNumber: 1, .contentInBlankLine: 1]),
        Folder(name: "grc-ugnt-usx", books: 27, verseKeys: 7_958),
        // Every book has words whose USFM attributes Paratext left in the text (`…|lemma="" strong="l"`).
        Folder(name: "hbo-uhb-usx", books: 39, verseKeys: 23_145, warnings: [.malformedAttributes: 39]),
    ]

    @Test(arguments: folders)
    func everyBookAndVerseIsReadWithoutErrors(folder: Folder) throws {
        let parsed = try ParsedFolder.load(folder.name)
        let errors = parsed.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.prefix(5).map(\.description))")
        let warnings = parsed.diagnostics.filter { $0.severity == .warning }
        #expect(Dictionary(grouping: warnings, by: \.kind).mapValues(\.count) == folder.warnings)
        #expect(Set(warnings.map(\.location.file)).count == warnings.count, "at most one warning of a kind per file")
        // A BOM and CRLF line ends are a note each, once per file.
        let notes = parsed.diagnostics.filter { $0.severity == .note }
        let perFile = folder.isParatextExport ? [Diagnostic.Kind.byteOrderMark, .crlfLineEnds] : []
        #expect(notes.map(\.kind) == Array(repeatElement(perFile, count: folder.books).joined()))
        #expect(parsed.books.count == folder.books)
        #expect(Set(parsed.books.map(\.id)).count == folder.books)
        #expect(parsed.verses.count == folder.verseKeys)
        #expect(parsed.duplicateKeys.isEmpty, "\(parsed.duplicateKeys.prefix(5))")
    }

    @Test func anUnusualVerseNumberIsKeptAsWritten() throws {
        let parsed = try ParsedFolder.load("eng-bsb-usx")
        let warning = try #require(parsed.diagnostics.first { $0.kind == .invalidVerseNumber })
        #expect("\(warning.location)" == "049EPH.usx.gz:90:5")
        let text = try #require(parsed.verses[VerseKey(book: .ephesians, chapter: 3, verse: "14...")])
        #expect(text.hasPrefix("for this reason I bow my knees before the Father,"))
    }

    @Test func attributesLeftInHebrewWordsAreReadAsAttributes() throws {
        let parsed = try ParsedFolder.load("hbo-uhb-usx")
        #expect(!parsed.verses.values.contains { $0.contains("|") || $0.contains("lemma=") })
        var repaired = 0
        func visit(_ content: [Inline]) {
            for inline in content {
                switch inline {
                case .character(let span):
                    if span.attribute("lemma") == "" {
                        #expect(span.attributes.map(\.name) == ["lemma", "strong", "x-morph"])
                        #expect(
                            span.content.allSatisfy {
                                if case .text(let text) = $0 { !text.contains("|") } else { true }
                            })
                        repaired += 1
                    }
                    visit(span.content)
                case .note(let note): visit(note.content)
                default: continue
                }
            }
        }
        for book in parsed.books {
            for chapter in book.chapters {
                for case .paragraph(let paragraph) in chapter.blocks { visit(paragraph.content) }
            }
        }
        // Counted independently in the files: `|lemma=""` inside a `<char>`.
        var inFiles = 0
        for file in try TestCorpus.files(in: "hbo-uhb-usx", endingWith: ".usx.gz") {
            let bytes = try TestCorpus.bytes(of: file)
            inFiles += String(decoding: bytes, as: UTF8.self).components(separatedBy: "|lemma=\"\"").count - 1
        }
        #expect(repaired == inFiles)
        #expect(repaired > 5_000)
    }

    @Test func paratextAndUsfmtcExportsOfTheWEBHaveTheSameVerses() throws {
        let paratext = try ParsedFolder.load("eng-web-usx")
        let usfmtc = try ParsedFolder.load("eng-web-usx-usfmtc")
        #expect(Set(paratext.verses.keys) == Set(usfmtc.verses.keys))
        // The Paratext export is an older edition: SOURCES.md counts 244–279 verses reworded since.
        let reworded = paratext.verses.filter { usfmtc.verses[$0.key] != $0.value }.count
        #expect((244...279).contains(reworded), "\(reworded) verses differ")
    }

    @Test(arguments: [
        ("GEN", 1, "1", "In the beginning, God created the heavens and the earth."),
        ("JHN", 11, "35", "Jesus wept."),
        ("PSA", 23, "1", "Yahweh is my shepherd; I shall lack nothing."),
    ])
    func usfmtcVerseTextIsExact(book: String, chapter: Int, verse: String, text: String) throws {
        let parsed = try ParsedFolder.load("eng-web-usx-usfmtc")
        let key = try VerseKey(book: #require(BookID(code: book)), chapter: chapter, verse: verse)
        #expect(parsed.verses[key] == text)
    }

    @Test func aNoteBetweenTwoWordsKeepsThemApart() throws {
        let parsed = try ParsedFolder.load("eng-web-usx-usfmtc")
        let text = try #require(parsed.verses[VerseKey(book: .secondEsdras, chapter: 7, verse: "36")])
        #expect(text.contains("hell will"))
        #expect(!text.contains("hellwill"))
    }

    @Test func bookFieldsComeFromHeaderParagraphs() throws {
        let parsed = try ParsedFolder.load("eng-web-usx")
        let genesis = try #require(parsed.books.first { $0.id == .genesis })
        #expect(genesis.identification == "World English Bible (WEB)")
        #expect(genesis.formatVersion == "3.0")
        #expect(genesis.names.header == "Genesis")
        #expect(genesis.names.long == "The First Book of Moses, Commonly Called Genesis")
        #expect(genesis.chapters.count == 50)
        #expect(genesis.introduction.map(\.paragraphKind) == [.title, .title, .title])
    }
}
