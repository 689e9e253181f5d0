import Foundation
import Lectern
import TestSupport
import Testing

/// A library of 200 versions: one import, its store file copied under 200 ids (the copies keep the first's
/// metadata; `versions` lists them by file name). `versions` lists every one, each opens and reads, and memory
/// stays flat while all of them are opened, read and closed again and again. CI copies the sample version's
/// small store; `LECTERN_STRESS=long` copies the whole eng-web store (200 × 8.4 MB). Timings are in the
/// benchmarks (`library/…`).
@Suite(.serialized, .enabled(if: TestCorpus.isAvailable, Comment(rawValue: TestCorpus.missingMessage)))
struct LargeLibraryTests {
    static let count = 200

    /// This process's resident memory (`VmRSS` in `/proc/self/status`), in bytes.
    static func residentBytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    @Test func twoHundredVersionsListOpenAndLeaveMemoryFlat() throws {
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
        let perRound = try openAndReadAll()
        #expect(perRound > 0)
        let afterFirst = Self.residentBytes()
        let rounds = 30
        for _ in 0..<rounds { #expect(try openAndReadAll() == perRound) }
        let growth = Self.residentBytes() - afterFirst
        // Each store is unmapped when dropped: thirty more rounds of 200 opens add (almost) nothing. The
        // process's resident memory is shared with the suites `swift test --parallel` runs beside this one
        // (15 MB of growth over 2,000 opens in one CI run, under 8 MB alone), so the bound is 32 MB, while
        // 6,000 opens that each kept the sample's 13 KB store would add 78 MB.
        #expect(
            growth < 32_000_000,
            "resident memory grew by \(growth / 1000) KB over \(rounds * Self.count) more opens")
    }
}
