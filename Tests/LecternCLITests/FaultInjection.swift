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
        /// As user and group 65534 (`nobody`), through `setpriv` (root only).
        case otherUser
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
        case .otherUser:
            return try CLIRunner.runProcess(
                URL(fileURLWithPath: "/usr/bin/setpriv"),
                ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + arguments)
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
