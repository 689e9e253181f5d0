import Foundation
import Lectern
import LecternTestSupport
import TestSupport
import Testing

/// The shipped schemes against real Bibles: the scheme each corpus folder is detected as, and WEB (English)
/// aligned with the Hebrew WLC (Original) verse by verse.
@Suite(.enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
struct VersificationCorpusTests {
    /// A corpus folder and the scheme its chapter and verse counts fit best.
    struct Detection: Sendable, CustomTestStringConvertible {
        var folder: String
        var scheme: String
        var fits: [String] = []
        var testDescription: String { "\(folder) → \(scheme)" }
    }

    // The Hebrew folders are numbered like English Bibles (Malachi has 4 chapters, Psalm titles share verse 1),
    // so they fit English; Russian Synodal follows the Septuagint's Psalms, which neither shipped scheme has.
    static let detections = [
        Detection(folder: "eng-web-usfm", scheme: "english", fits: ["english 1385/1402", "original 1219/1402"]),
        Detection(folder: "eng-web-usx", scheme: "english", fits: ["english 1385/1402", "original 1219/1402"]),
        Detection(folder: "eng-web-usx-usfmtc", scheme: "english", fits: ["english 1385/1402", "original 1219/1402"]),
        Detection(folder: "eng-bsb-usfm", scheme: "english", fits: ["english 1187/1189", "original 1047/1189"]),
        Detection(folder: "eng-bsb-usx", scheme: "english", fits: ["english 1187/1189", "original 1047/1189"]),
        Detection(folder: "spa-rv1909-usfm", scheme: "english", fits: ["english 1187/1189", "original 1047/1189"]),
        Detection(folder: "cmn-cu89s-usfm", scheme: "english", fits: ["english 1188/1189", "original 1048/1189"]),
        Detection(folder: "kor-1910-usfm", scheme: "english", fits: ["english 1144/1188", "original 1015/1188"]),
        Detection(folder: "rus-synodal-usfm", scheme: "english", fits: ["english 1017/1189", "original 979/1189"]),
        Detection(folder: "vie-1934-usfm", scheme: "english", fits: ["english 1187/1189", "original 1047/1189"]),
        Detection(folder: "grc-ugnt-usx", scheme: "original", fits: ["original 259/260", "english 259/260"]),
        Detection(folder: "grc-nestle1904-usfm", scheme: "english", fits: ["english 258/260", "original 256/260"]),
        Detection(folder: "hbo-uhb-usx", scheme: "english", fits: ["english 929/929", "original 791/929"]),
        Detection(folder: "hbo-wlc-usfm", scheme: "english", fits: ["english 921/923", "original 787/923"]),
    ]

    @Test(arguments: detections)
    func detectsTheSchemeOfEachCorpusFolder(_ test: Detection) throws {
        let books = CorpusParses.books(test.folder)
        try #require(!books.isEmpty, "no books in \(test.folder)")
        let fits = VersificationScheme.fits(lastVerses: VersificationScheme.lastVerses(of: books))
        let summary = fits.map { "\($0.scheme.name) \($0.matchingChapters)/\($0.comparedChapters)" }
        #expect(fits.first?.scheme.name == test.scheme, "\(summary)")
        #expect(summary == test.fits)
    }

    static let web = CorpusParses.books("eng-web-usfm")
    static let wlc = CorpusParses.books("hbo-wlc-usfm")

    /// Every verse of parsed books, by number (a bridge gives each of its verses).
    static func verses(_ books: [Book]) -> [SchemeVerse] {
        books.filter(\.id.isCanonicalText).flatMap { book in
            book.verseTexts().flatMap { text in
                let first = VerseKey.leadingNumber(text.key.verse)
                let last = max(first, VersificationScheme.lastNumber(ofLabel: text.key.verse))
                return (first...last).map { SchemeVerse(book.id, text.key.chapter, $0) }
            }
        }
    }

    /// WEB's Psalms against WLC's: as detected (both English-numbered) each verse keeps its number; read as
    /// Hebrew-numbered (`--versification original`), every titled Psalm's verses move by its title's verses.
    @Test func webAndWLCAlignOverEveryPsalmWithATitle() throws {
        let webLast = try #require(VersificationScheme.lastVerses(of: Self.web)[.psalms])
        let wlcLast = try #require(VersificationScheme.lastVerses(of: Self.wlc)[.psalms])
        #expect(webLast == wlcLast, "the corpus WLC numbers Psalms like WEB")
        let english = VersificationScheme.english
        var shifts: [Int: Int] = [:]
        var unshifted: [String] = []
        for psalm in 1...150 {
            let title = english.contains(SchemeVerse(.psalms, psalm, 0))
            for verse in 1...webLast[psalm - 1] {
                let key = SchemeVerse(.psalms, psalm, verse)
                #expect(english.map(key, to: english) == .one(key))
                let hebrew = english.map(key, to: .original).verses
                try #require(hebrew.count == 1, "\(key) → \(hebrew)")
                #expect(hebrew[0].chapter == psalm)
                let shift = hebrew[0].verse - verse
                if verse == 1 { shifts[psalm] = shift }
                if shift == 0, shifts[psalm] != 0 {
                    unshifted.append(key.description)
                } else {
                    #expect(shift == shifts[psalm], "\(key) → \(hebrew[0])")
                }
                if verse == 1 { #expect((shift > 0) == title, "\(key) → \(hebrew[0])") }
            }
        }
        let twoVerseTitles = shifts.filter { $0.value == 2 }.keys.sorted()
        #expect(twoVerseTitles == [51, 52, 54, 60])
        #expect(shifts.count { $0.value == 1 } == 59)
        // eng.vrs maps these Psalms' titles but not their last verse, which keeps its number (RSV-style halves).
        #expect(unshifted == ["PSA 13:6"])
        #expect(english.map(SchemeVerse(.psalms, 51, 1), to: .original).description == "PSA 51:3")
        #expect(english.map(SchemeVerse(.psalms, 3, 8), to: .original).description == "PSA 3:9")
        #expect(english.map(SchemeVerse(.psalms, 142, 7), to: .original).description == "PSA 142:8")
    }

    /// A chapter of WEB and where it lands in WLC read as Hebrew-numbered, piece by piece.
    struct Passage: Sendable, CustomTestStringConvertible {
        var web: String
        var hebrew: [String]
        var testDescription: String { "\(web) → \(hebrew)" }
    }

    @Test(arguments: [
        Passage(web: "MAL.3", hebrew: ["MAL.3.1-18"]), Passage(web: "MAL.4", hebrew: ["MAL.3.19-24"]),
        Passage(web: "MAL.4.5", hebrew: ["MAL.3.23"]), Passage(web: "JOL.2", hebrew: ["JOL.2.1-27", "JOL.3.1-5"]),
        Passage(web: "JOL.2.28-32", hebrew: ["JOL.3.1-5"]), Passage(web: "JOL.3", hebrew: ["JOL.4.1-21"]),
        Passage(web: "PSA.51", hebrew: ["PSA.51.1-21"]), Passage(web: "PSA.51.1-2", hebrew: ["PSA.51.3-4"]),
    ])
    func malachiAndJoelMapExactly(_ test: Passage) throws {
        let reference = try ReferenceParser.parse(test.web)
        #expect(VersificationScheme.english.map(reference, to: .original, version: nil).map(\.id) == test.hebrew)
        #expect(VersificationScheme.english.map(reference, to: .english, version: nil).map(\.id) == [test.web])
    }

    @Test func everyVerseOfWEBAndWLCComesBack() throws {
        let webScheme = VersificationScheme.detect(lastVerses: VersificationScheme.lastVerses(of: Self.web))
        let wlcScheme = VersificationScheme.detect(lastVerses: VersificationScheme.lastVerses(of: Self.wlc))
        #expect(webScheme.name == "english")
        #expect(wlcScheme.name == "english")
        let webVerses = Self.verses(Self.web)
        let wlcVerses = Self.verses(Self.wlc)
        let wlcSet = Set(wlcVerses)
        #expect(webVerses.count > 37_000)
        #expect(wlcVerses.count > 22_000)
        // As detected, and with WLC read as Hebrew-numbered.
        for wlcAs in [wlcScheme, VersificationScheme.original] {
            var lost: [SchemeVerse] = []
            var inWLC = 0
            for verse in webVerses where verse.book.testament == .old {
                let there = webScheme.map(verse, to: wlcAs).verses
                if there.contains(where: wlcSet.contains) { inWLC += 1 }
                if !there.flatMap({ wlcAs.map($0, to: webScheme).verses }).contains(verse) { lost.append(verse) }
            }
            #expect(lost.isEmpty, "\(wlcAs.name): \(lost.prefix(5))")
            #expect(inWLC > 22_000, "\(wlcAs.name)")
            lost = []
            // WLC read as Hebrew-numbered has verses that scheme lacks (GEN 31:55): only those it numbers.
            for verse in wlcVerses where wlcAs.contains(verse) {
                let there = wlcAs.map(verse, to: webScheme).verses
                if !there.flatMap({ webScheme.map($0, to: wlcAs).verses }).contains(verse) { lost.append(verse) }
            }
            // Hebrew halves of English verses (splits `.vrs` cannot say) have no English verse of their own.
            let halves = wlcAs.name == "original" ? ["1SA 20:42", "1KI 22:43", "1CH 12:4"] : []
            #expect(lost.map(\SchemeVerse.description) == halves, "\(wlcAs.name)")
        }
    }

    /// WEB and WLC stored and aligned: as detected every row is one verse each; with WLC read as
    /// Hebrew-numbered, WEB's Psalm 51:1 sits beside WLC 51:3 and Malachi 4 beside Malachi 3:19-24.
    @Test func webAndWLCStoresAlignSideBySide() throws {
        let temporary = PassageTests.TemporaryLibrary()
        var web = VersionMetadata(id: 1, abbreviation: "WEB", title: "WEB")
        web.versification = "english"
        var wlc = VersionMetadata(id: 2, abbreviation: "WLC", title: "WLC")
        wlc.versification = "original"
        let books = Self.wlc.filter { [.psalms, .malachi, .joel].contains($0.id) }
        let webBooks = Self.web.filter { [.psalms, .malachi, .joel].contains($0.id) }
        try temporary.library.add(books: webBooks, metadata: web, id: 1, replace: false)
        try temporary.library.add(books: books, metadata: wlc, id: 2, replace: false)
        let stores = [try temporary.library.open(1), try temporary.library.open(2)]
        let psalm = try VerseAlignment.chapter(.psalms, 51, versions: stores)
        #expect(psalm.count == 19)
        #expect(VerseAlignmentTests.describe(psalm).prefix(2) == ["51:1 | 51:3", "51:2 | 51:4"])
        #expect(VerseAlignmentTests.describe(psalm).last == "51:19 | -")
        let malachi = try VerseAlignment.chapter(.malachi, 4, versions: stores)
        #expect(
            VerseAlignmentTests.describe(malachi) == ["4:1 | -", "4:2 | -", "4:3 | -", "4:4 | -", "4:5 | -", "4:6 | -"])
        #expect(malachi.map { $0.original.map(\.description) } == (19...24).map { ["MAL 3:\($0)"] })
    }
}
