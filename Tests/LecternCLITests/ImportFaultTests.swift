import Foundation
import Lectern
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Imports that cannot finish leave the library exactly as it was and say why: a full disk (a small tmpfs,
/// or a file size limit where mounting is not allowed) and a read-only library (a read-only mount, another
/// user, or permission bits). A read-only library can still be read.
@Suite(.serialized, .enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
struct ImportFaultTests {
    static let sample = TestCorpus.sample("sample/usfm").path
    /// Psalms alone: a 418 KB store, more than the small file systems below can take.
    static let psalms = TestCorpus.folder("eng-web-usfm").appendingPathComponent("20-PSAeng-web.usfm").path

    /// Makes a library at `path` holding the sample version as id 1.
    static func sampleLibrary(at path: String) throws {
        let made = try FaultInjection.lectern(["import", sample, "--id", "1", "--abbreviation", "S", "--library", path])
        #expect(made.status == 0, "\(made)")
    }

    @Test(.enabled(if: FaultInjection.isRoot, "running as another user needs root"))
    func anotherUserRunsTheCopiesInItsFolder() throws {
        let folder = try OtherUserFolder()
        defer { folder.remove() }
        let checked = try FaultInjection.lectern(["check", try folder.copy(Self.sample)], .otherUser(folder))
        #expect(checked.status == 0 && checked.standardOutput.hasPrefix("4 books, 7 chapters, 30 verses"), "\(checked)")
    }

    /// The sample version reads, lists and verifies.
    static func expectReadable(_ path: String, _ wrapper: FaultInjection.Wrapper = .none) throws {
        let read = try FaultInjection.lectern(["read", "JHN.1.1", "--library", path], wrapper)
        #expect(read.status == 0 && read.standardOutput.contains("In the beginning was the Word"), "\(read)")
        let verified = try FaultInjection.lectern(["verify", "--all", "--library", path], wrapper)
        #expect(verified.status == 0 && verified.standardOutput == "\(path)/versions/1.lectern: OK\n", "\(verified)")
    }

    /// Adding Psalms as a new version and over version 1 both fail with `message`, changing nothing.
    static func expectFullDisk(_ path: String, _ wrapper: FaultInjection.Wrapper, message: String) throws {
        let before = StoreCommandsTests.TemporaryLibrary.files(below: path)
        for (id, replace) in [("2", false), ("1", true)] {
            let arguments = ["import", psalms, "--id", id, "--library", path] + (replace ? ["--replace"] : [])
            let result = try FaultInjection.lectern(arguments, wrapper)
            #expect(result.status == 1)
            #expect(
                result.standardError.hasSuffix("Error: \(path)/versions/\(id).lectern: write failed: \(message)\n"),
                "\(result)")
            #expect(StoreCommandsTests.TemporaryLibrary.files(below: path) == before, "the library changed")
        }
        try expectReadable(path)
    }

    @Test(.enabled(if: FaultInjection.canMount, "mounting a tmpfs needs root"))
    func anImportIntoAFullTmpfsChangesNothing() throws {
        let mount = try #require(ScratchMount.tmpfs(kilobytes: 256))
        defer { mount.unmount() }
        let library = mount.path + "/library"
        try Self.sampleLibrary(at: library)
        try Self.expectReadable(library)  // saves the reading state now, so the space used below is the imports'
        let free = FaultInjection.freeBytes(at: mount.path)
        try Self.expectFullDisk(library, .none, message: "No space left on device")
        // The unnamed temporary file is gone with the failed process: all the space is back.
        #expect(FaultInjection.freeBytes(at: mount.path) == free)
    }

    @Test func anImportPastTheFileSizeLimitChangesNothing() throws {
        let library = StoreCommandsTests.TemporaryLibrary()
        try Self.sampleLibrary(at: library.path)
        try Self.expectFullDisk(library.path, .fileSizeLimit(kilobytes: 200), message: "File too large")
        // Without the limit the same import goes through: the limit was the only problem.
        let unlimited = try FaultInjection.lectern(["import", Self.psalms, "--id", "2", "--library", library.path])
        #expect(unlimited.status == 0, "\(unlimited)")
    }

    struct MemoryCase: Sendable, CustomStringConvertible {
        var name: String
        var megabytes: Int
        var description: String { name }
    }

    /// Sources too large for the memory limit: 200 MB of nothing (a sparse file, under the file size limit),
    /// and eng-web (20 MB) under a limit that used to end the import with SIGSEGV or SIGABRT.
    @Test(arguments: [MemoryCase(name: "large.usfm", megabytes: 400), MemoryCase(name: "eng-web", megabytes: 200)])
    func sourcesTooLargeForTheMemoryLimitAreRefusedInASentence(_ test: MemoryCase) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        var source = TestCorpus.folder("eng-web-usfm").path
        if test.name == "large.usfm" {
            source = folder.path + "/large.usfm"
            #expect(FileManager.default.createFile(atPath: source, contents: nil))
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: source))
            try handle.truncate(atOffset: 200 << 20)
            try handle.close()
        }
        let library = folder.path + "/library"
        let result = try FaultInjection.lectern(
            ["import", source, "--library", library], .memoryLimit(kilobytes: test.megabytes * 1024))
        #expect(result.status == 1, "\(result)")
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 2, "\(result)")
        #expect(lines.first?.contains(": error: there is not enough memory to read these sources: ") == true)
        #expect(
            lines.first?.hasSuffix(
                "and this process may use \(test.megabytes) MB (ulimit -v); raise the limit, or read fewer books at a time"
                    + " [unreadable-file]") == true, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: library))
    }

    /// How a library is made read-only; which ways work depends on being root.
    enum ReadOnlyWay: String, CaseIterable, Sendable {
        /// A read-only bind mount over the library (root).
        case readOnlyMount
        /// The library belongs to root and lectern runs as `nobody` (root, through `setpriv`).
        case otherUser
        /// Write permission removed (not root: root ignores permission bits).
        case permissions

        /// Why this way cannot be taken by this process, or nil when it can.
        var unavailableReason: String? {
            switch self {
            case .readOnlyMount:
                if !FaultInjection.isRoot { return "a read-only bind mount needs root" }
                return FaultInjection.canMount ? nil : "this system does not allow mounting"
            case .otherUser: return FaultInjection.isRoot ? nil : "running lectern as another user needs root"
            case .permissions: return FaultInjection.isRoot ? "root ignores permission bits" : nil
            }
        }
    }

    /// Every way is a case: one this process cannot take is a recorded skip, saying why (the list of cases
    /// shrank silently with the privileges before). Privileges are not inputs, so CI skips them too.
    @Test(arguments: ReadOnlyWay.allCases)
    func aReadOnlyLibraryRefusesChangesAndStillReads(_ way: ReadOnlyWay) throws {
        if let reason = way.unavailableReason { try Test.cancel(Comment(rawValue: reason)) }
        // Another user reads copies of the binary, the sample and the library where it may.
        let folder = way == .otherUser ? try OtherUserFolder() : nil
        defer { folder?.remove() }
        let library = StoreCommandsTests.TemporaryLibrary(under: folder?.path)
        try Self.sampleLibrary(at: library.path)
        let sample = try folder?.copy(Self.sample) ?? Self.sample
        var wrapper = FaultInjection.Wrapper.none
        var reason = "Permission denied"
        var mount: ScratchMount?
        switch way {
        case .readOnlyMount:
            let mounted = try #require(ScratchMount.readOnly(library.path))
            mount = mounted
            reason = "Read-only file system"
        case .otherUser:
            OtherUserFolder.makeReadable(library.path)
            wrapper = .otherUser(try #require(folder))
        case .permissions:
            for folder in [library.path, library.path + "/versions"] { chmod(folder, 0o555) }
        }
        defer {
            mount?.unmount()
            for folder in [library.path, library.path + "/versions"] { chmod(folder, 0o755) }
        }
        let before = library.files
        let changes = [
            ["import", sample, "--abbreviation", "T"], ["import", sample, "--id", "1", "--replace"],
            ["remove", "1"],
        ]
        for change in changes {
            let result = try FaultInjection.lectern(change + ["--library", library.path], wrapper)
            #expect(result.status == 1)
            #expect(
                result.standardError.hasSuffix(
                    "Error: the library \(library.path) cannot be changed (\(reason)); it can still be read. "
                        + "Check its permissions, or choose another with --library\n"), "\(change): \(result)")
        }
        #expect(library.files == before, "the library changed")
        try Self.expectReadable(library.path, wrapper)
        let read = try FaultInjection.lectern(["read", "JHN.1.1", "--library", library.path], wrapper)
        #expect(read.standardError.hasPrefix("Warning: the passage is not remembered: "), "\(read)")
    }
}
