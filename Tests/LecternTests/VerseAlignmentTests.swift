import Foundation
import Lectern
import TestSupport
import Testing

/// Versions side by side: the sample read as English-numbered and as Hebrew-numbered, and WEB with WLC.
@Suite struct VerseAlignmentTests {
    /// Each row as `ENG 3:1 | HEB 3:2`-style labels, cells joined with `+`.
    static func describe(_ rows: [AlignedRow]) -> [String] {
        rows.map { row in
            row.cells.map { cell in
                cell.isEmpty ? "-" : cell.map { "\($0.key.chapter):\($0.key.verse)" }.joined(separator: "+")
            }
            .joined(separator: " | ")
        }
    }

    @Test func alignsTheSampleByMappedVerse() async throws {
        let temporary = PassageTests.TemporaryLibrary()
        let sample = TestCorpus.sample("sample/usfm").path
        let english = try await temporary.library.importBible(from: [sample], options: ImportOptions(abbreviation: "ENG", versification: "english")).store
        let hebrew = try await temporary.library.importBible(from: [sample], options: ImportOptions(abbreviation: "HEB", versification: "original")).store
        // English 3:1 is Hebrew 3:2; the sample's Hebrew-numbered copy has no 3:4 for English 3:3.
        #expect(
            Self.describe(try VerseAlignment.chapter(.psalms, 3, versions: [english, hebrew])) == [
                "3:1 | 3:2", "3:2 | 3:3", "3:3 | -",
            ])
        // Hebrew 3:1 (the title) is English 3:0, which the text does not number: an empty cell.
        #expect(
            Self.describe(try VerseAlignment.chapter(.psalms, 3, versions: [hebrew, english])) == [
                "3:1 | -", "3:2 | 3:1", "3:3 | 3:2",
            ])
        #expect(
            Self.describe(try VerseAlignment.chapter(.psalms, 23, versions: [english, hebrew, english])) == [
                "23:1 | 23:1 | 23:1", "23:2 | 23:2 | 23:2", "23:3 | 23:3 | 23:3",
            ])
        let rows = try VerseAlignment.chapter(.psalms, 3, versions: [english, hebrew])
        #expect(rows[0].original == [SchemeVerse(.psalms, 3, 2)])
    }

    @Test func switchingBiblesKeepsTheMappedVerse() async throws {
        let temporary = PassageTests.TemporaryLibrary()
        let sample = TestCorpus.sample("sample/usfm").path
        let english = try await temporary.library.importBible(from: [sample], options: ImportOptions(abbreviation: "ENG", versification: "english")).store
        let hebrew = try await temporary.library.importBible(from: [sample], options: ImportOptions(abbreviation: "HEB", versification: "original")).store
        var session = try ReaderSession(
            library: temporary.library, store: english, at: try ReferenceParser.parse("PSA 3:1"))
        try session.switchVersion(to: hebrew)
        #expect(session.current.id == "PSA.3.2", "English 3:1 is Hebrew 3:2, not the title at Hebrew 3:1")
        try session.switchVersion(to: english)
        #expect(session.current.id == "PSA.3.1", "and back")
        try session.go(to: try ReferenceParser.parse("PSA 23"))
        try session.switchVersion(to: hebrew)
        #expect(session.current.id == "PSA.23", "a chapter whose numbers agree stays")
    }
}
