import Foundation
import ScriptureModel
import TestSupport
import Testing

@testable import ScriptureStore

struct LibraryTests {
    static func metadata(_ abbreviation: String) -> VersionMetadata {
        VersionMetadata(id: 0, abbreviation: abbreviation, title: "Sample \(abbreviation)", language: "en")
    }

    /// The file names and bytes in the library's versions folder.
    static func snapshot(_ library: Library) -> [String: Data] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: library.versionsDirectory)) ?? []
        var files: [String: Data] = [:]
        for name in names { files[name] = FileManager.default.contents(atPath: library.versionsDirectory + "/" + name) }
        return files
    }

    struct DirectoryCase: Sendable, CustomStringConvertible {
        var environment: [String: String]
        var expected: String
        var description: String { expected }
    }

    @Test(arguments: [
        DirectoryCase(
            environment: ["LECTERN_LIBRARY": "/srv/bibles", "XDG_DATA_HOME": "/x", "HOME": "/h"],
            expected: "/srv/bibles"),
        DirectoryCase(environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"], expected: "/x/lectern"),
        DirectoryCase(
            environment: ["LECTERN_LIBRARY": "", "XDG_DATA_HOME": "", "HOME": "/h"], expected: "/h/.local/share/lectern"
        ),
    ])
    func defaultDirectory(_ test: DirectoryCase) {
        #expect(Library.defaultDirectory(environment: test.environment) == test.expected)
    }

    @Test func idsAreAllocatedAndReplacingNeedsConsent() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = Library(directory: directory.path + "/library")
        #expect(try library.ids() == [])
        #expect(
            try library.add(books: [SampleBooks.tobit], metadata: Self.metadata("A"), id: nil, replace: false).id == 1)
        #expect(
            try library.add(books: [SampleBooks.genesis], metadata: Self.metadata("B"), id: 5, replace: false).id == 5)
        #expect(
            try library.add(books: [SampleBooks.tobit], metadata: Self.metadata("C"), id: nil, replace: false).id == 6)
        #expect(try library.ids() == [1, 5, 6])
        let before = Self.snapshot(library)
        #expect(throws: StoreError.versionExists(id: 5, path: library.path(for: 5))) {
            try library.add(books: [SampleBooks.tobit], metadata: Self.metadata("D"), id: 5, replace: false)
        }
        #expect(throws: StoreError.self) {
            try library.add(books: [SampleBooks.tobit], metadata: Self.metadata("a"), id: nil, replace: false)
        }
        #expect(Self.snapshot(library) == before)
        try library.add(books: [SampleBooks.tobit], metadata: Self.metadata("B"), id: 5, replace: true)
        #expect(try library.open(named: "b").books.map(\.id) == [.tobit])
        #expect(try library.open(5).metadata.id == 5)
        #expect(throws: StoreError.unknownVersion("NOPE")) { try library.open(named: "NOPE") }
    }

    @Test func anAbbreviationTwoFilesShareNamesTheirFiles() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = Library(directory: directory.path + "/library")
        try library.add(books: [SampleBooks.tobit], metadata: Self.metadata("A"), id: 3, replace: false)
        // A copied file keeps the metadata (id 3) it was written with; the library knows it as 4.
        try FileManager.default.copyItem(atPath: library.path(for: 3), toPath: library.path(for: 4))
        #expect(throws: StoreError.invalidVersionName("'a' names versions 3, 4; use an id")) {
            try library.open(named: "a")
        }
        #expect(library.entry(4).id == 4 && (try? library.entry(4).store.get().metadata.abbreviation) == "A")
    }

    @Test func aSecondWriterIsTurnedAwayWhileTheLockIsHeld() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = Library(directory: directory.path)
        try library.add(books: [SampleBooks.tobit], metadata: Self.metadata("A"), id: nil, replace: false)
        let before = Self.snapshot(library)
        var lock: LibraryLock? = try LibraryLock(path: directory.path + "/.lock")
        #expect(throws: StoreError.libraryBusy(path: directory.path + "/.lock")) {
            try library.add(books: [SampleBooks.genesis], metadata: Self.metadata("B"), id: nil, replace: false)
        }
        #expect(throws: StoreError.libraryBusy(path: directory.path + "/.lock")) { try library.remove(1) }
        #expect(Self.snapshot(library) == before)
        withExtendedLifetime(lock) {}
        lock = nil
        #expect(
            try library.add(books: [SampleBooks.genesis], metadata: Self.metadata("B"), id: nil, replace: false).id == 2
        )
    }

    @Test func anOpenReaderKeepsTheOldVersionAcrossReplaceAndRemove() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = Library(directory: directory.path)
        try library.add(books: [SampleBooks.genesis], metadata: Self.metadata("A"), id: 1, replace: false)
        let old = try library.open(1)
        let oldChapter = try old.chapter(.genesis, 1)
        try library.add(books: [SampleBooks.tobit], metadata: Self.metadata("A"), id: 1, replace: true)
        #expect(try old.chapter(.genesis, 1) == oldChapter)
        #expect(old.verify() == [])
        #expect(try library.open(1).books.map(\.id) == [.tobit])
        try library.remove(1)
        #expect(try library.ids() == [])
        #expect(try old.verseTexts(of: .genesis).count == 10)
        #expect(throws: StoreError.unknownVersion("1")) { try library.remove(1) }
    }

    @Test func aDamagedFileIsListedWithItsError() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = Library(directory: directory.path)
        try library.add(books: [SampleBooks.tobit], metadata: Self.metadata("A"), id: 1, replace: false)
        try library.add(books: [SampleBooks.tobit], metadata: Self.metadata("B"), id: 2, replace: false)
        try Data("not a store".utf8).write(to: URL(fileURLWithPath: library.path(for: 2)))
        try Data().write(to: URL(fileURLWithPath: library.versionsDirectory + "/notes.txt"))
        let entries = try library.entries()
        #expect(entries.map(\.id) == [1, 2])
        #expect((try? entries[0].store.get().metadata.abbreviation) == "A")
        #expect(throws: StoreError.notAStore(path: library.path(for: 2))) { try entries[1].store.get() }
    }

    @Test func leftoverTemporaryFilesAreClearedByTheNextWriter() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = Library(directory: directory.path)
        try library.add(books: [SampleBooks.tobit], metadata: Self.metadata("A"), id: 1, replace: false)
        let leftover = library.versionsDirectory + "/" + AtomicFile.temporaryPrefix + "12345-1.lectern"
        try Data("half written".utf8).write(to: URL(fileURLWithPath: leftover))
        try library.add(books: [SampleBooks.genesis], metadata: Self.metadata("B"), id: nil, replace: false)
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(Set(Self.snapshot(library).keys) == ["1.lectern", "2.lectern"])
    }

    @Test(arguments: ["", "42"])
    func unusableAbbreviationsAreRefused(_ abbreviation: String) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = Library(directory: directory.path)
        #expect(throws: StoreError.self) {
            try library.add(books: [SampleBooks.tobit], metadata: Self.metadata(abbreviation), id: nil, replace: false)
        }
        #expect(try library.ids() == [])
    }
}
