import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Ways to make the real `lectern` binary meet a hostile system: a small or read-only file system, a file
/// size limit, another user, a system call that fails or a kill at a chosen system call.
enum FaultInjection {
    /// How the binary is started.
    enum Wrapper: Sendable {
        /// As it is.
        case none
        /// With `ulimit -f` (KiB) and SIGXFSZ ignored, so writes past the limit fail with EFBIG.
        case fileSizeLimit(kilobytes: Int)
        /// With `ulimit -v` (KiB): memory beyond the limit cannot be had (ENOMEM).
        case memoryLimit(kilobytes: Int)
        /// As user and group 65534 (`nobody`), through `setpriv` (root only), running the copy of the binary
        /// in an `OtherUserFolder` (the build folder may be readable by its owner alone).
        case otherUser(OtherUserFolder)
        /// Under `strace -e inject=…` (a signal or an error at a system call).
        case strace(inject: String)
    }

    /// Runs `lectern arguments` through `wrapper` and waits for it.
    static func lectern(_ arguments: [String], _ wrapper: Wrapper = .none) throws -> CLIResult {
        guard let binary = CLIRunner.binary() else {
            throw CLIRunner.BinaryNotFound(message: CLIRunner.binaryMissingMessage)
        }
        switch wrapper {
        case .none:
            return try CLIRunner.runProcess(binary, arguments)
        case .fileSizeLimit(let kilobytes):
            let script = "trap '' XFSZ; ulimit -f \(kilobytes); exec \"$0\" \"$@\""
            return try CLIRunner.runProcess(
                URL(fileURLWithPath: "/bin/bash"), ["-c", script, binary.path] + arguments)
        case .memoryLimit(let kilobytes):
            return try CLIRunner.runProcess(
                URL(fileURLWithPath: "/bin/bash"),
                ["-c", "ulimit -v \(kilobytes); exec \"$0\" \"$@\"", binary.path] + arguments,
                environment: ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 })
        case .otherUser(let folder):
            return try CLIRunner.runProcess(
                URL(fileURLWithPath: "/usr/bin/setpriv"),
                ["--reuid=65534", "--regid=65534", "--clear-groups", folder.binary] + arguments)
        case .strace(let inject):
            return try CLIRunner.runProcess(
                URL(fileURLWithPath: stracePath),
                [
                    "-f", "-qq", "-o", "/dev/null", "-e", "trace=write,fsync,linkat,rename", "-e", "inject=\(inject)",
                    binary.path,
                ] + arguments)
        }
    }

    /// Where `strace` is expected (Debian's package).
    static let stracePath = "/usr/bin/strace"

    /// Whether `strace` is installed and may trace a child here.
    static let canTrace: Bool = {
        guard FileManager.default.isExecutableFile(atPath: stracePath) else { return false }
        let result = try? CLIRunner.runProcess(
            URL(fileURLWithPath: stracePath), ["-qq", "-o", "/dev/null", "/bin/true"])
        return result?.status == 0
    }()

    /// Whether this process runs as root (permission bits do not stop root; mounts and `setpriv` need it).
    static var isRoot: Bool { geteuid() == 0 }

    /// Whether file systems can be mounted here (root in a container that allows it).
    static let canMount: Bool = {
        guard isRoot, let mount = ScratchMount.tmpfs(kilobytes: 64) else { return false }
        mount.unmount()
        return true
    }()

    /// Free bytes on the file system holding `path` (`statvfs`).
    static func freeBytes(at path: String) -> Int {
        var status = statvfs()
        guard statvfs(path, &status) == 0 else { return -1 }
        return Int(status.f_bavail) * Int(status.f_frsize)
    }
}

/// A file system mounted for one test with `mount(8)`, unmounted (and its folder removed) by `unmount()`.
struct ScratchMount {
    /// Where it is mounted.
    let path: String
    /// Whether `path` was made for the mount (and is removed with it).
    let ownsFolder: Bool

    /// A tmpfs of `kilobytes` at a new temporary folder; nil when mounting is not allowed.
    static func tmpfs(kilobytes: Int) -> ScratchMount? {
        let path = NSTemporaryDirectory() + "lectern-tmpfs-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard mount(["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", path]) else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
        return ScratchMount(path: path, ownsFolder: true)
    }

    /// `directory` mounted over itself read-only (a bind mount, then a read-only remount).
    static func readOnly(_ directory: String) -> ScratchMount? {
        guard mount(["--bind", directory, directory]) else { return nil }
        let mounted = ScratchMount(path: directory, ownsFolder: false)
        guard mount(["-o", "remount,bind,ro", directory]) else {
            mounted.unmount()
            return nil
        }
        return mounted
    }

    /// Unmounts, and removes the folder when the mount made it.
    func unmount() {
        _ = Self.run("/bin/umount", [path])
        if ownsFolder { try? FileManager.default.removeItem(atPath: path) }
    }

    private static func mount(_ arguments: [String]) -> Bool { run("/bin/mount", arguments) }

    private static func run(_ program: String, _ arguments: [String]) -> Bool {
        (try? CLIRunner.runProcess(URL(fileURLWithPath: program), arguments))?.status == 0
    }
}

/// A folder every user can read, for a test that runs `lectern` as another user: the checkout and its build
/// folder may be readable by their owner alone (a clone in `mktemp -d`, a home folder with mode 0700), so
/// the binary and the inputs are copied here. It is made under `/tmp` whatever `TMPDIR` says, with mode
/// 0755 whatever the umask; `remove()` deletes it.
struct OtherUserFolder: Sendable {
    /// The folder.
    let path: String
    /// The copy of the `lectern` executable.
    let binary: String

    /// Makes the folder and copies the binary into it.
    init() throws {
        guard let built = CLIRunner.binary() else {
            throw CLIRunner.BinaryNotFound(message: CLIRunner.binaryMissingMessage)
        }
        path = "/tmp/lectern-other-user-\(UUID().uuidString)"
        binary = path + "/bin/lectern"
        try FileManager.default.createDirectory(atPath: path + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: built.path, toPath: binary)
        Self.makeReadable(path)
    }

    /// Copies `source` (a file or a folder) into the folder and returns the copy's path.
    func copy(_ source: String) throws -> String {
        let copy = path + "/" + URL(fileURLWithPath: source).lastPathComponent
        try FileManager.default.copyItem(atPath: source, toPath: copy)
        Self.makeReadable(copy)
        return copy
    }

    /// Gives everyone read access to `path` and everything below it (and entry to its folders), as `chmod -R
    /// a+rX` does; nothing else changes.
    static func makeReadable(_ path: String) {
        let below = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String]) ?? []
        for item in [path] + below.map({ path + "/" + $0 }) {
            var status = stat()
            guard lstat(item, &status) == 0, status.st_mode & S_IFMT != S_IFLNK else { continue }
            let isFolder = status.st_mode & S_IFMT == S_IFDIR
            let executable = isFolder || status.st_mode & S_IXUSR != 0
            chmod(item, (status.st_mode & 0o7777) | (executable ? 0o555 : 0o444))
        }
    }

    /// Deletes the folder and everything in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
