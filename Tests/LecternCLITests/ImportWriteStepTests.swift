import Foundation
import Lectern
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every step of writing a version's store (write, fsync, linkat, rename, fsync of the folder), with the
/// import killed there or the system call failing (through `strace -e inject`): the library holds the old
/// version or the whole new one, never a part, and a failure says which call failed and why.
@Suite(
    .serialized, .enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)),
    .enabled(if: Required.runs(FaultInjection.canTrace), "needs strace (apt install strace) and permission to trace a child"))
struct ImportWriteStepTests {
    /// What the library holds afterwards.
    enum Outcome: Sendable {
        /// The old version, byte for byte, and nothing else.
        case unchanged
        /// The old version, and a hidden `.tmp-` file that the next change to the library deletes.
        case unchangedWithLeftover
        /// The whole new version (the rename was done).
        case replaced
    }

    struct Step: Sendable, CustomTestStringConvertible {
        var name: String
        /// An `strace -e inject=` specification.
        var inject: String
        var outcome: Outcome
        /// The end of the error line; nil when the import is killed.
        var error: String?
        var testDescription: String { name }
    }

    static let steps: [Step] = [
        Step(name: "killed as it writes the store", inject: "write:signal=KILL:when=1", outcome: .unchanged),
        Step(name: "killed as it flushes the store", inject: "fsync:signal=KILL:when=1", outcome: .unchanged),
        Step(name: "killed as it names the store", inject: "linkat:signal=KILL", outcome: .unchanged),
        Step(name: "killed as it renames the store", inject: "rename:signal=KILL", outcome: .unchangedWithLeftover),
        Step(name: "killed as it flushes the folder", inject: "fsync:signal=KILL:when=2", outcome: .replaced),
        Step(
            name: "disk full while writing", inject: "write:error=ENOSPC:when=1", outcome: .unchanged,
            error: "versions/1.lectern: write failed: No space left on device"),
        Step(
            name: "I/O error flushing the store", inject: "fsync:error=EIO:when=1", outcome: .unchanged,
            error: "versions/1.lectern: fsync failed: Input/output error"),
        Step(
            name: "no room for the name", inject: "linkat:error=ENOSPC", outcome: .unchanged,
            error: "linkat failed: No space left on device"),
        Step(
            name: "the rename fails", inject: "rename:error=EIO", outcome: .unchanged,
            error: "versions/1.lectern: rename failed: Input/output error"),
        // After the rename the new version is complete and in place; only its durability is in doubt.
        Step(
            name: "I/O error flushing the folder", inject: "fsync:error=EIO:when=2", outcome: .replaced,
            error: "versions: fsync failed: Input/output error"),
    ]

    @Test(arguments: steps)
    func theLibraryHoldsTheOldOrTheWholeNewVersion(_ step: Step) throws {
        let library = StoreCommandsTests.TemporaryLibrary()
        try ImportFaultTests.sampleLibrary(at: library.path)
        let before = library.files
        let result = try FaultInjection.lectern(
            ["import", ImportFaultTests.psalms, "--id", "1", "--replace", "--library", library.path],
            .strace(inject: step.inject))
        if let error = step.error {
            #expect(result.status == 1)
            #expect(result.standardError.hasPrefix("Error: \(library.path)/"), "\(result)")
            #expect(result.standardError.hasSuffix(error + "\n"), "\(result)")
        } else {
            #expect(result.status == SIGKILL, "\(result)")  // strace ends by the signal that ended lectern
        }
        let after = library.files
        let leftovers = after.keys.filter { $0.hasPrefix("versions/.tmp-") }
        switch step.outcome {
        case .unchanged:
            #expect(after == before)
        case .unchangedWithLeftover:
            #expect(leftovers.count == 1)
            #expect(after.filter { !leftovers.contains($0.key) } == before)
            #expect(library.run(["versions"]).standardOutput.contains("S  "), "the leftover is not a version")
            // The next change to the library, under its lock, removes what the killed import left.
            #expect(library.run(["import", ImportFaultTests.sample, "--id", "2", "--abbreviation", "T"]).status == 0)
            #expect(!library.files.keys.contains { $0.hasPrefix("versions/.tmp-") })
        case .replaced:
            #expect(leftovers.isEmpty)
            let store = try VersionStore(path: library.path + "/versions/1.lectern")
            #expect(store.verify().isEmpty)
            #expect(store.books.map(\.id) == [.psalms] && store.verseCount == 2461)
        }
    }
}
