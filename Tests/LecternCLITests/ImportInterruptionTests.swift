import Foundation
import Lectern
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real `lectern import` binary, killed at chosen points of its work or locked out, never changes the
/// library except by a complete replace (the kills at each step of the store's write are
/// `ImportWriteStepTests`).
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

    /// A point in an import's life where it is killed: a system call of `strace`'s (`-e inject=CALL:signal=KILL`),
    /// restricted to one file's calls with `path` (`-P`), the `when`-th such call. Chosen, not timed: the same
    /// points on any machine, at any load (the timed kills before this passed or failed with the speed).
    struct KillPoint: Sendable, CustomTestStringConvertible {
        var name: String
        var call: String
        /// The source (an index into `source`) whose calls alone count, or nil for every call; -1 for the
        /// library's `versions` folder.
        var source: Int?
        /// Which call (from 1); 0: the one that creates the temporary store, found by a traced run.
        var when: Int
        var testDescription: String { name }
    }

    static let killPoints: [KillPoint] = [
        KillPoint(name: "as it opens the first source", call: "openat", source: 0, when: 1),
        KillPoint(name: "as it opens the last source", call: "openat", source: 3, when: 1),
        KillPoint(name: "as it reads the second source", call: "read", source: 1, when: 1),
        KillPoint(name: "as it closes the third source (parsed, the others being parsed)", call: "close", source: 2, when: 1),
        KillPoint(name: "as it takes the library's lock (every book encoded)", call: "flock", source: nil, when: 1),
        KillPoint(name: "as it creates its temporary store", call: "openat", source: -1, when: 0),
    ]

    @Test(.enabled(if: Required.runs(FaultInjection.canTrace), "needs strace (apt install strace)"), arguments: killPoints)
    func aKilledImportLeavesTheLibraryByteForByte(_ point: KillPoint) throws {
        guard let binary = CLIRunner.binary() else { throw CLIRunner.BinaryNotFound(message: CLIRunner.binaryMissingMessage) }
        let library = StoreCommandsTests.TemporaryLibrary()
        let baseline = try CLIRunner.runBinary([
            "import", Self.sample, "--id", "1", "--abbreviation", "S", "--library", library.path,
        ])
        #expect(baseline.status == 0, "\(baseline)")
        let before = library.files
        // The first Bible in the library is its default (reading-state.json, written under .state-lock);
        // replacing it changes no state.
        #expect(Set(before.keys) == [".lock", ".state-lock", "reading-state.json", "versions/1.lectern"])
        // (strace resolves `-P` paths and says so when they differ: `/tmp//x` is given as `/tmp/x`.)
        let sources = Self.source.map { $0.replacingOccurrences(of: "//", with: "/") }
        let versions = library.path.replacingOccurrences(of: "//", with: "/") + "/versions"
        var tracing = ["-f", "-qq", "-o", "/dev/null", "-e", "trace=\(point.call)"]
        if let source = point.source { tracing += ["-P", source < 0 ? versions : sources[source]] }
        // (The temporary store is made with O_TMPFILE in versions/, after the folder is listed: which open of
        // the folder that is, a traced run of the same import says.)
        let when = point.when > 0 ? point.when : try Self.openOfTheTemporaryStore(binary: binary, library: library.path)
        tracing += ["-e", "inject=\(point.call):signal=KILL:when=\(when)"]
        let result = try CLIRunner.runProcess(
            URL(fileURLWithPath: FaultInjection.stracePath),
            tracing + [binary.path, "import"] + sources + [
                "--id", "1", "--replace", "--abbreviation", "S", "--library", library.path,
            ])
        #expect(result.status == SIGKILL, "not killed \(point.name): \(result)")
        // Killed before its store was renamed into place: the library as it was, byte for byte (a temporary
        // file it began is hidden and removed by the next change).
        let after = library.files.filter { !$0.key.hasPrefix("versions/.tmp-") }
        #expect(after == before, "killed \(point.name), the library changed")
        let finished = try CLIRunner.runBinary(
            ["import"] + sources + ["--id", "1", "--replace", "--abbreviation", "S", "--library", library.path])
        #expect(finished.status == 0, "\(finished)")
        #expect(library.files.keys.sorted() == [".lock", ".state-lock", "reading-state.json", "versions/1.lectern"])
        let replaced = try VersionStore(path: library.path + "/versions/1.lectern")
        #expect(replaced.metadata.abbreviation == "S" && replaced.books.count == 4 && replaced.verify().isEmpty)
    }

    /// Which `openat` of the library's `versions` folder creates the import's temporary store (O_TMPFILE): the
    /// same import traced, not killed, into a copy of the library.
    static func openOfTheTemporaryStore(binary: URL, library: String) throws -> Int {
        let copy = library.replacingOccurrences(of: "//", with: "/") + "-traced"
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: library, toPath: copy)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let log = copy + ".trace"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let sources = Self.source.map { $0.replacingOccurrences(of: "//", with: "/") }
        let traced = try CLIRunner.runProcess(
            URL(fileURLWithPath: FaultInjection.stracePath),
            ["-f", "-qq", "-o", log, "-P", copy + "/versions", "-e", "trace=openat", binary.path, "import"] + sources
                + ["--id", "1", "--replace", "--abbreviation", "S", "--library", copy])
        #expect(traced.status == 0, "\(traced)")
        let opens = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("openat(") && !$0.contains("resumed>") }
        let index = try #require(opens.firstIndex { $0.contains("O_TMPFILE") }, "no O_TMPFILE open among \(opens)")
        return index + 1
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
