import Foundation
import ScriptureModel
import TestSupport
import Testing

@testable import ScriptureStore

#if canImport(Glibc)
    import Glibc
#endif

/// A library's file names are its versions' identity, its ids are bounded, and it does not trust what others
/// could have put in or around it.
struct LibrarySafetyTests {
    static func metadata(_ abbreviation: String) -> VersionMetadata { LibraryTests.metadata(abbreviation) }

    /// A library holding A as version 1 and B as version 2.
    static func twoVersions(in directory: TemporaryDirectory) throws -> Library {
        let library = Library(directory: directory.path + "/library")
        try library.add(books: [SampleBooks.tobit], metadata: metadata("A"), id: 1, replace: false)
        try library.add(books: [SampleBooks.genesis], metadata: metadata("B"), id: 2, replace: false)
        return library
    }

    @Test func aStoreCopiedInUnderAnotherNameIsKnownByItsName() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = try Self.twoVersions(in: directory)
        try FileManager.default.copyItem(atPath: library.path(for: 1), toPath: library.path(for: 3))
        try FileManager.default.removeItem(atPath: library.path(for: 1))
        let mismatch = LibraryIDMismatch(path: library.path(for: 3), fileID: 3, storedID: 1)
        #expect(try library.entries().map(\.idMismatch) == [nil, mismatch])
        #expect(mismatch.description.contains("lectern remove 3"))
        // Every way of opening it says 3, the name; the id written inside is still there to see.
        #expect(try library.open(named: "a").metadata.id == 3)
        #expect(try library.open(3).metadata.id == 3)
        #expect(try library.open(3).storedID == 1)
        #expect(try library.entries().map { try $0.store.get().metadata.id } == [2, 3])
        // Import is refused, naming the file, and nothing is written.
        let before = LibraryTests.snapshot(library)
        #expect(throws: StoreError.idMismatch(path: library.path(for: 3), fileID: 3, storedID: 1)) {
            try library.add(books: [SampleBooks.tobit], metadata: Self.metadata("C"), id: nil, replace: false)
        }
        #expect(LibraryTests.snapshot(library) == before)
        // Removing the version found by its abbreviation removes that file, and imports work again.
        try library.remove(try library.open(named: "A").metadata.id)
        #expect(try library.ids() == [2])
        #expect(
            try library.add(books: [SampleBooks.tobit], metadata: Self.metadata("C"), id: nil, replace: false).id == 3)
    }

    struct IDCase: Sendable, CustomStringConvertible {
        var id: Int
        var description: String { String(id) }
    }

    @Test(arguments: [0, -1, 1_000_000_000, Int.max].map(IDCase.init))
    func anIDOutsideTheRangeIsRefused(_ test: IDCase) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = Library(directory: directory.path + "/library")
        #expect(throws: StoreError.invalidVersionName("a version id must be a whole number from 1 to 999999999")) {
            try library.add(books: [SampleBooks.tobit], metadata: Self.metadata("A"), id: test.id, replace: false)
        }
        #expect(throws: StoreError.unknownVersion(String(test.id))) { try library.open(test.id) }
    }

    @Test func aFileNamedOutsideTheRangeIsNotAVersion() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = try Self.twoVersions(in: directory)
        for id in [Int.max, 1_000_000_000] {
            try FileManager.default.copyItem(atPath: library.path(for: 2), toPath: library.path(for: id))
        }
        #expect(try library.ids() == [1, 2])
        #expect(
            try library.add(books: [SampleBooks.tobit], metadata: Self.metadata("C"), id: nil, replace: false).id == 3)
    }

    @Test func afterTheHighestIDANewVersionNeedsAnID() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = Library(directory: directory.path + "/library")
        try library.add(books: [SampleBooks.tobit], metadata: Self.metadata("A"), id: 999_999_999, replace: false)
        #expect(
            throws: StoreError.invalidVersionName(
                "version 999999999 is the highest id a library can hold; give a free id with --id")
        ) {
            try library.add(books: [SampleBooks.genesis], metadata: Self.metadata("B"), id: nil, replace: false)
        }
        #expect(
            try library.add(books: [SampleBooks.genesis], metadata: Self.metadata("B"), id: 7, replace: false).id == 7)
    }

    @Test func aLockThatIsASymbolicLinkIsNotFollowed() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = Library(directory: directory.path + "/library")
        try FileManager.default.createDirectory(atPath: library.directory, withIntermediateDirectories: true)
        let outside = directory.path + "/outside"
        try FileManager.default.createSymbolicLink(atPath: library.directory + "/.lock", withDestinationPath: outside)
        #expect(
            throws: StoreError.unsafeFile(
                path: library.directory + "/.lock",
                reason: "the library's lock is a symbolic link, which lectern does not follow; remove it")
        ) {
            try library.add(books: [SampleBooks.tobit], metadata: Self.metadata("A"), id: nil, replace: false)
        }
        #expect(!FileManager.default.fileExists(atPath: outside))
        #expect(try library.ids() == [])
    }

    struct LongPathCase: Sendable, CustomStringConvertible {
        var name: String
        /// The library's path below the temporary folder.
        var below: String
        var description: String { name }
    }

    @Test(arguments: [
        LongPathCase(name: "a folder name over NAME_MAX", below: "a/b/" + String(repeating: "x", count: 300)),
        LongPathCase(
            name: "a path over PATH_MAX",
            below: "a/" + Array(repeating: String(repeating: "y", count: 200), count: 21).joined(separator: "/")),
    ])
    func aTooLongLibraryPathLeavesNoFolders(_ test: LongPathCase) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = Library(directory: directory.path + "/" + test.below)
        #expect(throws: StoreError.self) {
            try library.add(books: [SampleBooks.tobit], metadata: Self.metadata("A"), id: nil, replace: false)
        }
        #expect(throws: StoreError.self) { try library.saveReadingState(ReadingState(lastPassage: "JHN.3")) }
        #expect(throws: StoreError.self) { try library.writeFile("recent-searches.json", bytes: [0x5B, 0x5D]) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
    }

    struct ModeCase: Sendable, CustomStringConvertible {
        var library: mode_t
        var versions: mode_t
        /// The folder the warning names, relative to the library; nil for no warning.
        var warns: String?
        var description: String { String(library, radix: 8) + "/" + String(versions, radix: 8) }
    }

    @Test(arguments: [
        ModeCase(library: 0o755, versions: 0o755, warns: nil),
        ModeCase(library: 0o777, versions: 0o755, warns: ""),
        ModeCase(library: 0o1777, versions: 0o755, warns: nil),
        ModeCase(library: 0o755, versions: 0o777, warns: "/versions"),
        ModeCase(library: 0o775, versions: 0o775, warns: nil),
    ])
    func aLibraryOthersCanChangeIsWarnedAbout(_ test: ModeCase) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = Library(directory: directory.path + "/library")
        #expect(library.permissionWarning() == nil)
        try library.add(books: [SampleBooks.tobit], metadata: Self.metadata("A"), id: nil, replace: false)
        chmod(library.directory, test.library)
        chmod(library.versionsDirectory, test.versions)
        let warning = library.permissionWarning()
        if let folder = test.warns.map({ library.directory + $0 }) {
            #expect(
                warning?.hasPrefix("any user can change the library folder \(folder) (mode ") == true,
                "\(warning ?? "nil")")
            #expect(warning?.hasSuffix("; run chmod o-w \(folder)") == true)
        } else {
            #expect(warning == nil)
        }
    }
}
