import Foundation
import Lectern
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real `lectern import` binary, killed midway or locked out, never changes the library except
/// by a complete replace.
@Suite(.serialized, .enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
struct ImportInterruptionTests {
    static let sample = TestCorpus.sample("sample/usfm").path
    /// What is imported and killed: all of WEB with `LECTERN_STRESS=long`, else four of its longest books
    /// (the kills at each step of the write itself are `ImportWriteStepTests`).
    static let source: [String] = {
        let web = TestCorpus.folder("eng-web-usfm")
        if ProcessInfo.processInfo.environment["LECTERN_STRESS"] == "long" { return [web.path] }
        return ["02-GENeng-web.usfm", "20-PSAeng-web.usfm", "24-ISAeng-web.usfm", "25-JEReng-web.usfm"].map {
            web.appendingPathComponent($0).path
        }
    }()

    /// Starts the binary with output discarded.
    static func start(_ arguments: [String]) throws -> Process {
        guard let binary = CLIRunner.binary() else {
            throw CLIRunner.BinaryNotFound(message: CLIRunner.binaryMissingMessage)
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test func aKilledImportLeavesTheLibraryByteForByte() throws {
        let library = StoreCommandsTests.TemporaryLibrary()
        let baseline = try CLIRunner.runBinary([
            "import", Self.sample, "--id", "1", "--abbreviation", "S", "--library", library.path,
        ])
        #expect(baseline.status == 0, "\(baseline)")
        var before = library.files
        #expect(Set(before.keys) == [".lock", "versions/1.lectern"])

        // How long a whole import takes here, so the kills can be spread over it, the writing at the end included.
        let other = StoreCommandsTests.TemporaryLibrary()
        let started = Date()
        let complete = try CLIRunner.runBinary(["import"] + Self.source + ["--library", other.path])
        let duration = Date().timeIntervalSince(started)
        #expect(complete.status == 0, "\(complete)")
        let verses = try Library(directory: other.path).open(1).verseCount

        var random = SplitMix64(seed: 2026)
        let fractions = [0.05, 0.5, 0.85, 0.93, 0.97] + (0..<2).map { _ in Double(random.next() % 900) / 1000 }
        var killed = 0
        for fraction in fractions {
            // An import that finished before its kill (this machine faster now than when `duration` was
            // measured, under the other suites' load) is tried again with half the delay, a few times.
            var delay = duration * fraction
            for _ in 0..<4 {
                let process = try Self.start(
                    ["import"] + Self.source + [
                        "--id", "1", "--replace", "--abbreviation", "S", "--library", library.path,
                    ])
                usleep(useconds_t(delay * 1_000_000))
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                guard process.terminationReason == .uncaughtSignal else {
                    // It finished before the kill: a complete replace is the one change allowed.
                    #expect(process.terminationStatus == 0)
                    #expect(library.files.keys.sorted() == [".lock", "versions/1.lectern"])
                    before = library.files
                    delay /= 2
                    continue
                }
                killed += 1
                let after = library.files
                if after != before {
                    // Killed after its rename (flushing the folder, printing the summary): the whole new version.
                    #expect(after.keys.sorted() == [".lock", "versions/1.lectern"])
                    let store = try VersionStore(path: library.path + "/versions/1.lectern")
                    let when = "killed after \(delay) s (\(Int(fraction * 100))% of \(duration) s)"
                    #expect(
                        store.verify().isEmpty && store.verseCount == verses,
                        "\(when), the library changed and is not the new version")
                    before = after
                }
                break
            }
        }
        #expect(killed >= 2, "only \(killed) of \(fractions.count) imports were still running when killed")

        let finished = try CLIRunner.runBinary(
            ["import"] + Self.source + ["--id", "1", "--replace", "--abbreviation", "S", "--library", library.path])
        #expect(finished.status == 0, "\(finished)")
        #expect(library.files.keys.sorted() == [".lock", "versions/1.lectern"])
        let replaced = try VersionStore(path: library.path + "/versions/1.lectern")
        #expect(replaced.verseCount == verses && replaced.metadata.abbreviation == "S")
    }

    @Test func aSecondWriterGetsAClearMessage() throws {
        let library = StoreCommandsTests.TemporaryLibrary()
        #expect(library.run(["import", Self.sample, "--abbreviation", "S"]).status == 0)
        let before = library.files
        let descriptor = open(library.path + "/.lock", O_RDWR)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let second = try CLIRunner.runBinary(["import", Self.sample, "--abbreviation", "T", "--library", library.path])
        #expect(second.status == 1)
        #expect(
            second.standardError.hasSuffix(
                "Error: another lectern process is changing the library (\(library.path)/.lock is locked); try again when it has finished\n"
            ),
            "\(second)")
        #expect(library.files == before)
        flock(descriptor, LOCK_UN)
        #expect(
            try CLIRunner.runBinary(["import", Self.sample, "--abbreviation", "T", "--library", library.path]).status
                == 0)
    }
}
