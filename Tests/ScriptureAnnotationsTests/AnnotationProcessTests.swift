import Foundation
import ScriptureAnnotations
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Other processes writing the same store: `annotations-test-helper` (built beside the tests) adding marks
/// at once, and killed with SIGKILL mid-write.
@Suite(.serialized)
struct AnnotationProcessTests {
    /// The helper beside the running test bundle (SwiftPM puts products and the test runner in one folder).
    static var helper: URL? {
        var folder = URL(fileURLWithPath: ProcessInfo.processInfo.arguments.first ?? "").deletingLastPathComponent()
        var candidates: [URL] = []
        for _ in 0..<4 {
            candidates.append(folder.appendingPathComponent("annotations-test-helper"))
            folder = folder.deletingLastPathComponent()
        }
        candidates.append(TestCorpus.packageRoot.appendingPathComponent(".build/debug/annotations-test-helper"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// A running helper and the ids it has reported committed.
    final class Writer: @unchecked Sendable {
        let process = Process()
        private let output = Pipe()
        private let lock = NSLock()
        private var buffer: [UInt8] = []

        init(store: String, count: Int, worker: String) throws {
            let helper = try #require(AnnotationProcessTests.helper, "annotations-test-helper not built")
            process.executableURL = helper
            process.arguments = ["add", store, String(count), worker]
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            output.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                self?.lock.withLock { self?.buffer += data }
            }
            try process.run()
        }

        /// The ids printed so far (complete lines only).
        var ids: [UUID] {
            let text = lock.withLock { String(decoding: buffer, as: UTF8.self) }
            return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap {
                UUID(uuidString: String($0))
            }
        }

        /// Waits for the process to end and for its output to be read.
        func finish() -> [UUID] {
            process.waitUntilExit()
            output.fileHandleForReading.readabilityHandler = nil
            let rest = output.fileHandleForReading.readDataToEndOfFile()
            lock.withLock { buffer += rest }
            return ids
        }
    }

    @Test func twoProcessesAddingAThousandEachStoreTwoThousand() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path + "/annotations.sqlite"
        let first = try Writer(store: path, count: 1000, worker: "one")
        let second = try Writer(store: path, count: 1000, worker: "two")
        let (idsOne, idsTwo) = (first.finish(), second.finish())
        #expect(first.process.terminationStatus == 0 && second.process.terminationStatus == 0)
        #expect(idsOne.count == 1000 && idsTwo.count == 1000)
        let store = try AnnotationStore(path: path)
        #expect(try store.count() == 2000)
        #expect(Set(try store.allAnnotations().map(\.id)) == Set(idsOne + idsTwo))
        #expect(try store.labels().map { "\($0.label)=\($0.count)" } == ["one=1000", "two=1000"])
        #expect(try store.verify() == [])
    }

    /// A writer killed at some point of its stream of commits: every id it reported is stored, the store
    /// stays sound, and the next writer carries on. Three kills on one store, at different moments.
    @Test func aWriterKilledMidWriteLosesNothingReportedCommitted() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path + "/annotations.sqlite"
        var reported: [UUID] = []
        for (round, wanted) in [50, 300, 777].enumerated() {
            let writer = try Writer(store: path, count: 0, worker: "round\(round)")
            let deadline = Date().addingTimeInterval(60)
            while writer.ids.count < wanted, Date() < deadline, writer.process.isRunning { usleep(200) }
            kill(writer.process.processIdentifier, SIGKILL)
            let ids = writer.finish()
            #expect(writer.process.terminationReason == .uncaughtSignal)
            #expect(ids.count >= wanted)
            reported += ids
        }
        let store = try AnnotationStore(path: path)
        let stored = Set(try store.allAnnotations().map(\.id))
        #expect(Set(reported).subtracting(stored).isEmpty, "lost \(Set(reported).subtracting(stored).count)")
        // At most the one in flight when killed per round was committed but not yet reported.
        #expect(stored.count - reported.count <= 3)
        #expect(try store.verify() == [])
    }
}
