import Foundation
import ScriptureModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether the memory a process may use (`ulimit -v`, `RLIMIT_AS`) can hold the parse of some sources.
///
/// Swift ends the process when an allocation fails, so a parse that would run out of memory is refused
/// before it starts. The estimate leans high, so that a limit too low for the import is refused in a
/// sentence rather than ending the process. Measured on 1 December (release build, two cores): eng-web's
/// 20 MB of USFM needed an address space of 360 MB (it ended with SIGABRT or SIGSEGV at 320–350 MB, where
/// the old estimate of nine times the sources plus 16 MB, 298 MB, let it start), a generated 30 MB book
/// 400 MB. Besides the sources (nine times is assumed), each thread that allocates gets its own malloc
/// arena, whose 64 MB of address space count against the limit however little of it is used: one is
/// assumed per core. A limit that would just have sufficed may therefore be refused (the message says how
/// much is needed).
enum MemoryBudget {
    /// Bytes of memory assumed per byte of source (a gzip file counts four times its size).
    static let bytesPerSourceByte = 9
    /// Memory assumed for the work beside the sources: a malloc arena (64 MB of address space) for each
    /// core's parsing and encoding thread, and 16 MB for the stacks and the store's buffers.
    static var headroom: Int { (16 << 20) + (64 << 20) * max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// An error naming the first file when the memory limit is too low for the files and `inMemory` bytes
    /// already read (from a zip, the first of them at `first`), or nil. Files larger than `fileLimit` are
    /// not counted: they are refused unread (`file-too-large`).
    static func shortfall(
        _ files: [String], inMemory: Int = 0, first: String? = nil, fileLimit: Int = VersionSource.maximumFileSize
    ) -> Diagnostic? {
        var limit = rlimit()
        guard let first = files.first ?? first, getrlimit(addressSpace, &limit) == 0, limit.rlim_cur != rlim_t.max,
            let used = usedAddressSpace()
        else { return nil }
        var sources = inMemory
        for file in files {
            var status = stat()
            guard stat(file, &status) == 0 else { continue }
            let size = Int(status.st_size)
            guard size <= fileLimit else { continue }
            sources += file.lowercased().hasSuffix(".gz") ? min(size * 4, fileLimit) : size
        }
        let needed = used + sources * bytesPerSourceByte + headroom
        let allowed = Int(clamping: limit.rlim_cur)
        guard needed > allowed else { return nil }
        func megabytes(_ bytes: Int) -> String { "\((bytes + (1 << 20) - 1) >> 20) MB" }
        return Diagnostic(
            .error, .unreadableFile, at: .wholeFile(first),
            "there is not enough memory to read these sources: \(megabytes(sources)) of sources need about "
                + "\(megabytes(needed)), and this process may use \(megabytes(allowed)) (ulimit -v); raise the "
                + "limit, or read fewer books at a time")
    }

    /// The address space the process uses now: the first number in `/proc/self/statm`, in pages (nil where
    /// there is no such file).
    private static func usedAddressSpace() -> Int? {
        let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        var pages = 0
        for byte in buffer[..<count] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { break }
            pages = pages * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    #if canImport(Glibc)
        private static let addressSpace = __rlimit_resource_t(RLIMIT_AS.rawValue)
    #else
        private static let addressSpace = RLIMIT_AS
    #endif
}
