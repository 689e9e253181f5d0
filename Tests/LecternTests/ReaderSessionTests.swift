import Foundation
import Lectern
import TestSupport
import Testing

/// The reader session over stored versions: moving, version switching and the remembered passage.
@Suite struct ReaderSessionTests {
    final class TemporaryLibrary {
        let library = Library(
            directory: FileManager.default.temporaryDirectory.appendingPathComponent("lectern-session-\(UUID().uuidString)").path)
        deinit { try? FileManager.default.removeItem(atPath: library.directory) }

        func add(_ books: [Book], id: Int, abbreviation: String) throws -> VersionStore {
            let metadata = VersionMetadata(id: id, abbreviation: abbreviation, title: abbreviation, language: "en", sourceFormat: "usfm", importedAt: "")
            try library.add(books: books, metadata: metadata, id: id, replace: false)
            return try library.open(id)
        }
    }

    static func sampleBooks() -> [Book] {
        VersionSource.parse(paths: [TestCorpus.sample("sample/usfm").path]).books
    }

    @Test func movesPageByPageAndKnowsTheEnds() throws {
        let temporary = TemporaryLibrary()
        let store = try temporary.add(Self.sampleBooks(), id: 1, abbreviation: "SMP")
        var session = try ReaderSession.restoringLastPassage(library: temporary.library, store: store)
        #expect(session.current.id == "GEN.1")
        #expect(!session.canGoPrevious && session.canGoNext)
        var visited = [session.current.id]
        while session.goNext() { visited.append(session.current.id) }
        #expect(visited == ["GEN.1", "GEN.2", "PSA.3", "PSA.23", "JHN.INTRO", "JHN.1", "JHN.2", "TOB.1"])
        #expect(session.canGoPrevious && !session.canGoNext)
        let movedPastTheEnd = session.goNext()
        #expect(!movedPastTheEnd)
        #expect(session.current.id == "TOB.1")
        session.goPrevious()
        #expect(session.current.id == "JHN.2")
        #expect(try session.content().count == (try store.chapter(.john, 2)).blocks.count)
    }

    @Test func savesAndRestoresTheLastPassageAtomically() throws {
        let temporary = TemporaryLibrary()
        let store = try temporary.add(Self.sampleBooks(), id: 1, abbreviation: "SMP")
        var session = try ReaderSession(library: temporary.library, store: store, at: try ReferenceParser.parse("Psalm 23:2"))
        try session.save()
        #expect(try ReaderSession.restoringLastPassage(library: temporary.library, store: store).current.id == "PSA.23.2")
        try session.go(to: .introduction(.john))
        try session.save()
        let restored = try ReaderSession.restoringLastPassage(library: temporary.library, store: store)
        #expect(restored.current.id == "JHN.INTRO")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: temporary.library.directory).filter { $0.hasPrefix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func badPlacesNameTheNearestValidOnes() throws {
        let temporary = TemporaryLibrary()
        let store = try temporary.add(Self.sampleBooks(), id: 1, abbreviation: "SMP")
        var session = try ReaderSession.restoringLastPassage(library: temporary.library, store: store)
        let outOfRange = try ReferenceParser.parse("John 1:99")
        do {
            try session.go(to: outOfRange)
            Issue.record("John 1:99 is out of range")
        } catch {
            #expect(error is ReferenceError)
        }
        #expect(session.current.id == "GEN.1", "a failed move leaves the session where it was")
        try session.go(to: try ReferenceParser.parse("John 1:4"))
        #expect(session.current.id == "JHN.1.4", "a verse inside a bridge (4-5) is a valid place")
    }

    @Test func switchingVersionsKeepsThePlaceOrFallsBack() throws {
        let temporary = TemporaryLibrary()
        let full = try temporary.add(Self.sampleBooks(), id: 1, abbreviation: "SMP")
        let short = try temporary.add(Self.sampleBooks().filter { $0.id != .john }, id: 2, abbreviation: "SHORT")
        var session = try ReaderSession(library: temporary.library, store: full, at: .chapter(.psalms, 23))
        #expect(try session.switchVersion(to: short) == .exact)
        #expect(session.current.id == "PSA.23" && session.current.versionID == 2)
        session = try ReaderSession(library: temporary.library, store: full, at: .chapter(.john, 2))
        #expect(try session.switchVersion(to: short) == .versionFirstChapter)
        #expect(session.current.id == "GEN.1")
    }
}
