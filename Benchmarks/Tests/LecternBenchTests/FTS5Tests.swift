import Foundation
import Lectern
import Testing

@testable import lectern_bench

/// FTS5 over real verses: Genesis and Hebrews of eng-web, parsed by Lectern.
struct FTS5Tests {
    static let corpus: URL =
        (try? RunOptions([], environment: ProcessInfo.processInfo.environment))?.corpus
        ?? URL(fileURLWithPath: "/nonexistent")
    static let isAvailable = FileManager.default.fileExists(
        atPath: corpus.appendingPathComponent("eng-web-usfm/02-GENeng-web.usfm").path)

    static func books() throws -> [Book] {
        let folder = corpus.appendingPathComponent("eng-web-usfm")
        return try ["02-GENeng-web.usfm", "88-HEBeng-web.usfm"].flatMap { name in
            let path = folder.appendingPathComponent(name).path
            return USFMParser.parse(try VersionSource.read(path), path: path).books
        }
    }

    static func index() throws -> FTS5Index {
        try FTS5Index(verses: VerseList(vref: Vref.format(books())))
    }

    struct QueryCase: Sendable, CustomTestStringConvertible {
        var match: String
        var total: Int
        var first: String
        var testDescription: String { match }
    }

    @Test(
        .enabled(if: isAvailable, "the shared corpus is absent; set LECTERN_CORPUS"),
        arguments: [
            QueryCase(match: "Melchizedek", total: 10, first: "GEN 14:18"),
            QueryCase(match: "\"in the beginning\"", total: 2, first: "GEN 1:1"),
            QueryCase(match: "faith AND Abraham", total: 2, first: "HEB 11:8"),
        ])
    func queriesFindRealVerses(_ example: QueryCase) throws {
        let index = try Self.index()
        let all = try index.allHits(example.match)
        let page = try index.firstPage(example.match)
        #expect(all.count == example.total)
        #expect(page.total == example.total)
        #expect(page.rows.first?.reference == example.first)
        #expect(page.rows.map(\.rowid) == Array(all.prefix(FTS5Index.pageSize)))
    }

    @Test(.enabled(if: isAvailable, "the shared corpus is absent; set LECTERN_CORPUS"))
    func pagesStopAtTwentyAndCountEverything() throws {
        let index = try Self.index()
        let all = try index.allHits("God")
        let page = try index.firstPage("God")
        #expect(all.count > 200)
        #expect(all == all.sorted())
        #expect(page.rows.count == FTS5Index.pageSize)
        #expect(page.total == all.count)
        #expect(try index.sizeBytes() > 100_000)
    }

    @Test(.enabled(if: isAvailable, "the shared corpus is absent; set LECTERN_CORPUS"))
    func thePageWithTextMarksEveryMatchInTheVerse() throws {
        let index = try Self.index()
        let bare = try index.firstPage("Melchizedek")
        let page = try index.firstPageWithText("Melchizedek")
        #expect(page.total == bare.total)
        #expect(page.rows.map(\.rowid) == bare.rows.map(\.rowid))
        #expect(page.rows.map(\.reference) == bare.rows.map(\.reference))
        let first = try #require(page.rows.first)
        #expect(first.marked.hasPrefix("[Melchizedek] king of Salem brought out bread"))
        for row in page.rows {
            #expect(row.marked.components(separatedBy: "[Melchizedek]").count >= 2, "\(row.reference)")
        }
    }

    /// The merged table (`optimize`), the table as the bulk load leaves it and the one with a prefix index
    /// answer every shape alike: the fix changes the speed, not the answers.
    @Test(
        .enabled(if: isAvailable, "the shared corpus is absent; set LECTERN_CORPUS"),
        arguments: ["God", "Melchizedek", "\"in the beginning\"", "faith AND Abraham", "bless*", "ble*", "a*"])
    func mergedUnmergedAndPrefixTablesAgree(_ match: String) throws {
        let merged = try Self.index()
        let verses = try VerseList(vref: Vref.format(Self.books()))
        for other in [
            try FTS5Index(verses: verses, merged: false),
            try FTS5Index(verses: verses, prefixLengths: FTS5Index.prefixLengths),
        ] {
            #expect(try other.allHits(match) == merged.allHits(match))
            #expect(try other.firstPage(match).rows.map(\.rowid) == merged.firstPage(match).rows.map(\.rowid))
            #expect(try other.firstPage(match).total == merged.firstPage(match).total)
            #expect(try other.topPage(match).rows.map(\.rowid) == merged.topPage(match).rows.map(\.rowid))
            #expect(
                try other.firstPageWithText(match).rows.map(\.marked)
                    == merged.firstPageWithText(match).rows.map(\.marked))
        }
        #expect(try merged.allHits(match).count > 0)
    }

    @Test func removesDiacriticsAndSplitsReferences() throws {
        let index = try FTS5Index(verses: VerseList(vref: "ACT 7:2\tAbrahám went\nACT 7:3\tto Haran\n"))
        #expect(try index.allHits("Abraham") == [1])
        #expect(try index.allHits("abrah*") == [1])
        #expect(FTS5Index.split("SIR 11:15-16") == ("SIR", "11", "15-16"))
        #expect(FTS5Index.split("GEN") == ("GEN", "", ""))
    }

    @Test func aBadQueryIsAnError() throws {
        let index = try FTS5Index(verses: VerseList(vref: "GEN 1:1\tIn the beginning\n"))
        #expect(throws: SQLiteError.self) { try index.allHits("\"unterminated") }
    }
}
