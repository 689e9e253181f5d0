#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a path is, found with `stat` (and `lstat` for a dangling link) without opening it, so a FIFO is
/// never opened and waited on.
public enum FileKind: Sendable, Hashable {
    case regular(size: Int)
    case folder
    case fifo
    case characterDevice
    case blockDevice
    case socket
    case other

    /// The kind of `path` (following symbolic links).
    public static func of(_ path: String) throws(FileProblem) -> FileKind {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            var linkInfo = stat()
            if code == ENOENT, lstat(path, &linkInfo) == 0, linkInfo.st_mode & S_IFMT == S_IFLNK {
                throw FileProblem(.danglingLink, path: path)
            }
            throw FileProblem(errno: code, path: path)
        }
        return kind(info)
    }

    static func kind(_ info: stat) -> FileKind {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular(size: Int(info.st_size))
        case S_IFDIR: return .folder
        case S_IFIFO: return .fifo
        case S_IFCHR: return .characterDevice
        case S_IFBLK: return .blockDevice
        case S_IFSOCK: return .socket
        default: return .other
        }
    }

    /// The problem of reading this kind as a file, if any.
    var readProblem: FileProblem.Cause? {
        switch self {
        case .regular: return nil
        case .folder: return .isFolder
        case .fifo: return .fifo
        case .characterDevice: return .characterDevice
        case .blockDevice: return .blockDevice
        case .socket: return .socket
        case .other: return .other("it is not a regular file")
        }
    }
}

extension FileProblem {
    /// Asks malloc for `bytes` and gives them back, so that an array about to be made of that size is an error
    /// (`.notEnoughMemory` at `path`) instead of the end of the process when the memory is not there: Swift
    /// traps when an array cannot be allocated. Every large buffer made from input goes through here.
    public static func checkMemory(_ bytes: Int, path: String) throws(FileProblem) {
        guard bytes >= 1 << 20 else { return }
        guard let probe = malloc(bytes) else { throw FileProblem(.notEnoughMemory(bytes: bytes), path: path) }
        free(probe)
    }

    /// Reads a whole regular file: checks its type first (`stat`), opens it without blocking
    /// (`O_NONBLOCK`, in case it was swapped for a FIFO since), checks again (`fstat`), then reads.
    ///
    /// - Parameters:
    ///   - path: the file, named in every problem.
    ///   - limit: the largest size read; a larger file is `.tooLarge`, refused before it is read.
    public static func readFile(_ path: String, limit: Int = .max) throws(FileProblem) -> [UInt8] {
        if let cause = try FileKind.of(path).readProblem { throw FileProblem(cause, path: path) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw FileProblem(errno: errno, path: path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileProblem(errno: errno, path: path) }
        let kind = FileKind.kind(info)
        if let cause = kind.readProblem { throw FileProblem(cause, path: path) }
        let size = Int(info.st_size)
        if size > limit { throw FileProblem(.tooLarge(bytes: size, limit: limit), path: path) }
        try checkMemory(size, path: path)
        var bytes = [UInt8](repeating: 0, count: size)
        var total = 0
        while total < size {
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(descriptor, base + total, size - total)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileProblem(errno: errno, path: path)
            }
            if count == 0 { break }
            total += count
        }
        if total < size { bytes.removeLast(size - total) }
        return bytes
    }
}
