#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a file so that readers see either the old file or the whole new one, never a part.
///
/// On Linux the bytes go to an unnamed file in the target's directory
/// (`open(O_TMPFILE)`), which is flushed (`fsync`) and only then given a name
/// (`linkat`), then renamed over the target (`rename`), and the directory is
/// flushed. A process killed at any point before the rename leaves no trace but,
/// at worst, a hidden `.tmp-` file that `removeLeftovers` deletes. Where
/// `O_TMPFILE` is missing, a named hidden temporary file is used instead.
package enum AtomicFile {
    /// The prefix of temporary names, so leftovers can be recognised.
    static let temporaryPrefix = ".tmp-"

    /// Replaces (or creates) `name` in `directory` with `bytes`.
    package static func replace(_ name: String, in directory: String, with bytes: [UInt8]) throws(StoreError) {
        try replace(name, in: directory) { (write: ([UInt8]) throws(StoreError) -> Void) throws(StoreError) in
            try write(bytes)
        }
    }

    /// `replace(_:in:with:)` with the content given in pieces: `body` calls its argument with each piece
    /// in turn, so the whole file never needs to be in memory at once.
    package static func replace(
        _ name: String, in directory: String,
        writing body: (_ write: ([UInt8]) throws(StoreError) -> Void) throws(StoreError) -> Void
    ) throws(StoreError) {
        try replace(name, in: directory) { (output: inout Output) throws(StoreError) in
            try body { (bytes: [UInt8]) throws(StoreError) in try output.append(bytes) }
        }
    }

    /// The file being written by `replace(_:in:output:)`: appended to, and written over where already written.
    struct Output: StoreOutput {
        fileprivate let descriptor: Int32
        fileprivate let path: String

        func append(_ bytes: [UInt8]) throws(StoreError) { try writeAll(bytes, to: descriptor, path: path) }

        func overwrite(_ bytes: [UInt8], at offset: Int) throws(StoreError) {
            try writeAll(bytes, to: descriptor, path: path, at: offset)
        }
    }

    /// `replace(_:in:writing:)` with the file to write given as an `Output`, which can also write over
    /// what it already wrote (a header filled in last).
    static func replace(
        _ name: String, in directory: String, output body: (_ output: inout Output) throws(StoreError) -> Void
    ) throws(StoreError) {
        let target = directory + "/" + name
        let temporary = directory + "/" + temporaryPrefix + "\(getpid())-" + name
        let descriptor: Int32
        var named = false
        #if os(Linux)
            // O_TMPFILE is `__O_TMPFILE | O_DIRECTORY`, a macro Swift does not import; the value is the same on
            // every Linux architecture Swift supports.
            let unnamed = open(directory, Int32(0o2_0200_000) | O_WRONLY | O_CLOEXEC, 0o644)
            if unnamed >= 0 {
                descriptor = unnamed
            } else {
                descriptor = try createNamed(temporary)
                named = true
            }
        #else
            descriptor = try createNamed(temporary)
            named = true
        #endif
        var linked = named
        defer {
            close(descriptor)
            if linked { unlink(temporary) }
        }
        var output = Output(descriptor: descriptor, path: target)
        try body(&output)
        guard fsync(descriptor) == 0 else { throw .system(call: "fsync", path: target, errno: errno) }
        #if os(Linux)
            if !named {
                guard linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) == 0
                else {
                    throw .system(call: "linkat", path: temporary, errno: errno)
                }
                linked = true
            }
        #endif
        guard rename(temporary, target) == 0 else { throw .system(call: "rename", path: target, errno: errno) }
        linked = false
        try syncDirectory(directory)
    }

    /// Deletes `path` and flushes its directory.
    static func remove(_ path: String, directory: String) throws(StoreError) {
        guard unlink(path) == 0 else { throw .system(call: "unlink", path: path, errno: errno) }
        try syncDirectory(directory)
    }

    /// Flushes a directory's entries to disk (`fsync` on the directory), so a rename survives a crash.
    static func syncDirectory(_ directory: String) throws(StoreError) {
        let descriptor = open(directory, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(call: "open", path: directory, errno: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .system(call: "fsync", path: directory, errno: errno) }
    }

    private static func createNamed(_ path: String) throws(StoreError) -> Int32 {
        unlink(path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .system(call: "open", path: path, errno: errno) }
        return descriptor
    }

    /// Writes all of `bytes` at the file's position, or from `offset` (`pwrite`) when given.
    fileprivate static func writeAll(
        _ bytes: [UInt8], to descriptor: Int32, path: String, at offset: Int? = nil
    ) throws(StoreError) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                guard let offset else { return write(descriptor, base + written, buffer.count - written) }
                return pwrite(descriptor, base + written, buffer.count - written, off_t(offset + written))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw .system(call: offset == nil ? "write" : "pwrite", path: path, errno: errno)
            }
            written += result
        }
    }
}

/// An exclusive lock on a library (`flock` on `<library>/.lock`), released when the value goes away.
///
/// The kernel drops a `flock` when its process ends, however it ends, so a
/// killed import never leaves a stale lock behind.
final class LibraryLock {
    private let descriptor: Int32

    /// Takes the lock without waiting (throws `libraryBusy` when another process holds it), or with
    /// `waiting`, once the process that holds it lets it go (for locks held a moment, such as the reading
    /// state's).
    ///
    /// The lock file is opened with `O_NOFOLLOW | O_NONBLOCK`: a symbolic link (or a FIFO) put in its
    /// place is refused, never followed to create or block on a file outside the library.
    init(path: String, waiting: Bool = false) throws(StoreError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP {
                throw .unsafeFile(
                    path: path,
                    reason: "the library's lock is a symbolic link, which lectern does not follow; remove it")
            }
            if code == EACCES || code == EROFS || code == EPERM {
                let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
                throw .readOnlyLibrary(directory: directory.joined(separator: "/"), errno: code)
            }
            throw .system(call: "open", path: path, errno: code)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .unsafeFile(path: path, reason: "the library's lock is not a plain file; remove it")
        }
        var locked = flock(descriptor, LOCK_EX | (waiting ? 0 : LOCK_NB))
        while locked != 0, waiting, errno == EINTR { locked = flock(descriptor, LOCK_EX) }
        guard locked == 0 else {
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK { throw .libraryBusy(path: path) }
            throw .system(call: "flock", path: path, errno: code)
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
