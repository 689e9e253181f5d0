import Foundation
import Lectern
import Synchronization
import TestSupport
import Testing

/// The async import an app calls (`Library.importBible(from:options:progress:)`): its progress events, and a
/// task cancelled at any moment, which leaves the library exactly as it was unless the Bible was written.
@Suite(.enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
struct ImportAPITests {
    /// A whole Bible of ~80 files, so that the parsing threads finish files in a varying order.
    static let bible = TestCorpus.folder("eng-web-usfm").path

    /// The events an import reported, collected from its threads.
    final class Events: Sendable {
        private let events = Mutex<[ImportProgress]>([])
        func append(_ event: ImportProgress) { events.withLock { $0.append(event) } }
        var all: [ImportProgress] { events.withLock { $0 } }
        /// The most files reported read.
        var filesRead: Int {
            all.reduce(0) { most, event in
                if case .reading(let done, _) = event { return max(most, done) }
                return most
            }
        }
    }

    @Test func progressOnlyGrowsAndEndsAtTheTotal() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = Library(directory: directory.path + "/library")
        let events = Events()
        let outcome = try await library.importBible(
            from: [Self.bible], options: ImportOptions(abbreviation: "WEB"), progress: events.append)
        let all = events.all
        var reading: [(done: Int, total: Int)] = []
        for event in all { if case .reading(let done, let total) = event { reading.append((done, total)) } }
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.bible).filter { $0.hasSuffix(".usfm") }
        #expect(reading.first?.done == 0)
        #expect(reading.allSatisfy { $0.total == files.count }, "every event names the files found")
        #expect(zip(reading, reading.dropFirst()).allSatisfy { $0.done < $1.done }, "\(reading.map(\.done))")
        #expect(reading.last?.done == files.count)
        #expect(all.last == .writing(abbreviation: "WEB"))
        #expect(all.count == reading.count + 1)
        #expect(outcome.store.books.count == files.count)
        #expect(outcome.madeDefault, "the first Bible of an empty library is its default")
        #expect(library.readingState().defaultVersion == outcome.store.metadata.id)
    }

    /// Every file under the library (its lock files aside), with its bytes.
    static func snapshot(_ library: Library) throws -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for (name, bytes) in try BundleImportTests.files(under: library.directory) where !name.hasSuffix("lock") {
            result[name] = bytes
        }
        return result
    }

    @Test func anImportCancelledAtAnyMomentLeavesTheLibraryAsItWas() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = Library(directory: directory.path + "/library")
        let first = try await library.importBible(
            from: [TestCorpus.sample("sample/usfm").path], options: ImportOptions(abbreviation: "LSV"))
        let before = try Self.snapshot(library)
        // How long a whole import takes here, so that the moments below fall before, during and after it.
        let clock = ContinuousClock()
        let started = clock.now
        let timed = try await library.importBible(from: [Self.bible], options: ImportOptions(abbreviation: "TIMED"))
        let whole = clock.now - started
        try library.remove(timed.store.metadata.id)
        #expect(try Self.snapshot(library) == before)

        var random = SplitMix64(seed: 41)
        // The moments: at once, then spread over 1.2 times a whole import.
        let moments = [0.0] + (0..<9).map { _ in Double(random.next() % 1_200) / 1_000 }
        var cancelled = 0
        var cancelledWhileReading = 0
        for (trial, moment) in moments.enumerated() {
            let events = Events()
            let task = Task {
                try await library.importBible(
                    from: [Self.bible], options: ImportOptions(abbreviation: "W\(trial)"), progress: events.append)
            }
            if moment > 0 { try await Task.sleep(for: whole * moment) }
            task.cancel()
            do {
                let outcome = try await task.value
                // Written before the cancellation arrived: the Bible is whole; removed, the library is as before.
                #expect(try library.open(outcome.store.metadata.id).verify().isEmpty)
                try library.remove(outcome.store.metadata.id)
            } catch let error as ImportError {
                guard case .cancelled = error.reason else {
                    Issue.record("trial \(trial) failed: \(error)")
                    continue
                }
                cancelled += 1
                if events.filesRead > 0 { cancelledWhileReading += 1 }
            }
            #expect(try Self.snapshot(library) == before, "trial \(trial) at \(moment) of an import")
            #expect(try library.ids() == [first.store.metadata.id])
        }
        #expect(cancelled >= 1, "the import cancelled at once stops")
        #expect(cancelledWhileReading >= 1, "an import cancelled while it read files stops")
    }

    @Test func theImportOfAFolderWithErrorsNamesThemAndHowManyBooksWereRead() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.path + "/sources", withIntermediateDirectories: true)
        let good = try String(contentsOfFile: TestCorpus.sample("sample/usfm/03-JHN.usfm").path, encoding: .utf8)
        _ = try directory.write(Array(good.utf8), to: "sources/JHN.usfm")
        _ = try directory.write(Array("\\id GEN\n\\c 1\n\\v 1 In the beginning\n\\v x bad\n".utf8), to: "sources/GEN.usfm")
        let library = Library(directory: directory.path + "/library")
        let sources = directory.path + "/sources"
        do {
            _ = try await library.importBible(from: [sources])
            Issue.record("imported a folder with an error")
        } catch {
            #expect(error.reason == .errorsInInput(booksRead: 2))
            #expect(error.errorCount >= 1)
            #expect(error.diagnostics.contains { $0.severity == .error && $0.location.file.hasSuffix("GEN.usfm") })
        }
        #expect(try library.ids().isEmpty)
        let outcome = try await library.importBible(from: [sources], options: ImportOptions(allowErrors: true))
        #expect(outcome.store.books.map(\.id.code) == ["GEN", "JHN"])
        #expect(outcome.diagnostics.contains { $0.severity == .error })
    }
}
