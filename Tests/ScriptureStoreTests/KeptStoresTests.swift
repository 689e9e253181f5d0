import Foundation
import ScriptureModel
import TestSupport
import Testing

@testable import ScriptureStore

/// `Library.openKept`: a store handed out again only while its file is the one it mapped.
struct KeptStoresTests {
    private static func library(_ directory: TemporaryDirectory) throws -> Library {
        let library = Library(directory: directory.path + "/library")
        try library.add(books: [SampleBooks.tobit], metadata: LibraryTests.metadata("A"), id: 1, replace: false)
        try library.add(books: [SampleBooks.genesis], metadata: LibraryTests.metadata("B"), id: 2, replace: false)
        return library
    }

    @Test func aKeptStoreIsHandedOutAgainToTheLibraryAndItsCopies() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = try Self.library(directory)
        let first = try library.openKept(1)
        let copy = library
        #expect(try copy.openKept(1) === first)
        #expect(try library.openKept(named: "b") === (try library.openKept(2)))
        #expect(library.keptStoreCount == 2)
        // `open` keeps nothing and maps afresh; another library value keeps its own.
        #expect(try library.open(1) !== first)
        #expect(try Library(directory: library.directory).openKept(1) !== first)
    }

    @Test func aReplacedVersionIsOpenedAfreshWhoeverReplacedIt() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = try Self.library(directory)
        let old = try library.openKept(1)
        // Replaced through this library value.
        try library.add(books: [SampleBooks.genesis], metadata: LibraryTests.metadata("A"), id: 1, replace: true)
        let replaced = try library.openKept(1)
        #expect(replaced !== old && replaced.books.map(\.id) == [.genesis])
        // Replaced through another value (another process would do the same): the kept store's file is gone.
        try Library(directory: library.directory).add(
            books: [SampleBooks.tobit], metadata: LibraryTests.metadata("A"), id: 1, replace: true)
        #expect(replaced.isReplaced)
        #expect(try library.openKept(1).books.map(\.id) == [.tobit])
        // The old store still reads its own edition.
        #expect(old.books.map(\.id) == [.tobit] && replaced.books.map(\.id) == [.genesis])
    }

    @Test func aFileWrittenInPlaceIsOpenedAfresh() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = try Self.library(directory)
        let kept = try library.openKept(1)
        // `cp 2.lectern 1.lectern` writes into the same inode: same name, same file, other bytes.
        let inode = { () throws -> Int in
            (try FileManager.default.attributesOfItem(atPath: library.path(for: 1))[.systemFileNumber] as? Int) ?? -1
        }
        let before = try inode()
        let bytes = try #require(FileManager.default.contents(atPath: library.path(for: 2)))
        let handle = try #require(FileHandle(forWritingAtPath: library.path(for: 1)))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bytes)
        try handle.close()
        #expect(try inode() == before)
        #expect(kept.isReplaced)
        let reopened = try library.openKept(1)
        #expect(reopened !== kept && reopened.books.map(\.id) == [.genesis] && reopened.metadata.id == 1)
    }

    @Test func aRemovedVersionIsAnErrorAndLetGo() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = try Self.library(directory)
        _ = try library.openKept(1)
        _ = try library.openKept(2)
        try Library(directory: library.directory).remove(2)
        #expect(throws: StoreError.unknownVersion("2")) { try library.openKept(2) }
        #expect(library.keptStoreCount == 1)
        try library.remove(1)
        #expect(library.keptStoreCount == 0)
    }

    @Test func pastItsCapacityTheLongestKeptAreLetGo() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = try Self.library(directory)
        let count = KeptStores.capacity + 2
        for id in 3...count {
            try FileManager.default.linkItem(atPath: library.path(for: 1), toPath: library.path(for: id))
        }
        var stores: [VersionStore] = []
        for id in 1...count { stores.append(try library.openKept(id)) }
        #expect(library.keptStoreCount == KeptStores.capacity)
        // Versions 1 and 2 went first; the rest are still handed out.
        #expect(try library.openKept(1) !== stores[0])
        #expect(try library.openKept(count) === stores[count - 1])
        #expect(library.keptStoreCount == KeptStores.capacity)
    }
}
