import Foundation
import Lectern
import TestSupport
import Testing

/// A library of 200 versions: one import, its store file copied under 200 ids (the copies keep the first's
/// metadata; `versions` lists them by file name). `versions` lists every one, each opens and reads, and none
/// stays mapped or open while all of them are opened, read and closed again and again. CI copies the sample version's
/// small store; `LECTERN_STRESS=long` copies the whole eng-web store (200 × 8.4 MB). Timings are in the
/// benchmarks (`library/…`).
@Suite(.serialized, .enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
struct LargeLibraryTests {
    static let count = 200

    /// The files under `folder` this process maps (`/proc/self/maps`), each once.
    static func mappedFiles(under folder: String) -> Set<String> {
        // (Read to the end: `String(contentsOfFile:)` reads a `/proc` file's first page only.)
        let data = FileHandle(forReadingAtPath: "/proc/self/maps").flatMap { try? $0.readToEnd() } ?? Data()
        let maps = String(decoding: data, as: UTF8.self)
        var files: Set<String> = []
        for line in maps.split(separator: "\n") {
            // address perms offset device inode path: the path is the rest after the fifth field.
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = String(line[slash...])
            if path.hasPrefix(folder + "/") { files.insert(path) }
        }
        return files
    }

    /// The files under `folder` this process holds open (`/proc/self/fd`).
    static func openFiles(under folder: String) -> [String] {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.compactMap { descriptor in
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + descriptor)
            return target.flatMap { $0.hasPrefix(folder + "/") ? $0 : nil }
        }
    }

    @Test func twoHundredVersionsListOpenAndLeaveNothingMapped() throws {
        let library = StoreCommandsTests.TemporaryLibrary()
        let source =
            ReplaceUnderReadersTests.isLong
            ? TestCorpus.folder("eng-web-usfm").path : TestCorpus.sample("sample/usfm").path
        let imported = try FaultInjection.lectern(["import", source, "--id", "1", "--library", library.path])
        #expect(imported.status == 0, "\(imported)")
        let versions = library.path + "/versions/"
        for id in 2...Self.count {
            try FileManager.default.copyItem(atPath: versions + "1.lectern", toPath: versions + "\(id).lectern")
        }

        let listed = try FaultInjection.lectern(["versions", "--json", "--library", library.path])
        #expect(listed.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [String: Any]
        let rows = document?["bibles"] as? [[String: Any]] ?? []
        #expect(rows.compactMap { $0["id"] as? Int } == Array(1...Self.count))
        #expect(rows.allSatisfy { $0["error"] is NSNull })

        let opened = Library(directory: library.path)
        func openAndReadAll() throws -> Int {
            var verses = 0
            for id in 1...Self.count {
                let store = try opened.open(id)
                let first = try #require(store.books.first { !$0.chapters.isEmpty })
                verses += try store.verses(first.id, try #require(first.chapters.first)).count
            }
            return verses
        }
        // While a store is open its file is mapped (so the checks below can see a store that is not let go).
        let folder = URL(fileURLWithPath: library.path).resolvingSymlinksInPath().path
        do {
            let store = try opened.open(1)
            #expect(Self.mappedFiles(under: folder).contains { $0.hasSuffix("/versions/1.lectern") }, "\(folder)")
            withExtendedLifetime(store) {}
        }
        let perRound = try openAndReadAll()
        #expect(perRound > 0)
        // Each store is unmapped and closed when dropped, so thirty more rounds of 200 opens hold nothing.
        // (This checks the process's own mappings and descriptors, exactly: its resident memory, which an
        // earlier form of this test bounded, is shared with the suites `swift test --parallel` runs beside it.)
        let rounds = 30
        for _ in 0..<rounds {
            #expect(try openAndReadAll() == perRound)
            let mapped = Self.mappedFiles(under: folder)
            let open = Self.openFiles(under: folder)
            #expect(mapped.isEmpty && open.isEmpty, "still mapped: \(mapped.sorted()); still open: \(open)")
            if !mapped.isEmpty || !open.isEmpty { break }
        }
    }
}
