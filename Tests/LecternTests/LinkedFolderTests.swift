import Foundation
import Lectern
import TestSupport
import Testing

/// A folder given as a symbolic link reads like the folder it leads to, and its files keep the path as given.
struct LinkedFolderTests {
    @Test func aLinkedFolderReadsItsBooks() throws {
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        let folder = scratch.path + "/real"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for book in ["3JN", "JUD"] {
            _ = try scratch.write(Array("\\id \(book)\n\\c 1\n\\p\n\\v 1 Grace.\n".utf8), to: "real/\(book).usfm")
        }
        let link = scratch.path + "/linked"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder)
        let direct = VersionSource.parse(paths: [folder])
        let linked = VersionSource.parse(paths: [link])
        #expect(direct.books.map(\.id) == [.thirdJohn, .jude])
        #expect(linked.books.map(\.id) == direct.books.map(\.id))
        // (Two one-verse books fit no versification: a note says their counts are not compared.)
        #expect(linked.diagnostics.map(\.kind) == [.unknownVersification], "\(linked.diagnostics.map(\.description))")
        #expect(linked.books.first?.location.file == link + "/3JN.usfm")
    }
}
