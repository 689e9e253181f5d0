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
/// sentence rather than ending the process: the address space in use, each source times its format's
/// factor, and a malloc arena (64 MB of address space, however little of it is used) for each core's
/// parsing thread with 16 MB for stacks and buffers. A limit that would just have sufficed may therefore be
/// refused (the message says how much is needed).
///
/// The factors are the address space an import took beyond a small one's (`VmPeak`, release build, two
/// cores, 7 December), divided by the sources' size, rounded up with room: USFM 5.8 (eng-web-usfm, 20 MB),
/// USX 3.3 (eng-web-usx, 36 MB), USJ 3.7 to 5.0 (one generated book of 32 and 64 MB, read element by element
/// since the reader streams), and a zip's sources once more, since its entries stay in memory while they
/// are parsed (eng-web-usx zipped: 111 MB resident against 100 MB from a folder).
enum MemoryBudget {
    /// Bytes of address space assumed per byte of a source, by format.
    static func factor(of name: String) -> Int {
        var name = name.lowercased()
        if name.hasSuffix(".gz") { name.removeLast(3) }
        if name.hasSuffix(".usx") { return 5 }
        if name.hasSuffix(".usj") || name.hasSuffix(".json") { return 6 }
        return 8
    }

    /// Memory assumed for the work beside the sources: a malloc arena (64 MB of address space) for each
    /// core's parsing and encoding thread, and 16 MB for the stacks and the store's buffers.
    static var headroom: Int { (16 << 20) + (64 << 20) * max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// An error naming the first source when the memory limit is too low for `files` on disk and `held`
    /// sources in memory (zip entries: name and size, counted once more for being held), or nil. Files
    /// larger than `fileLimit` are not counted: they are refused unread (`file-too-large`); a `.gz` file
    /// counts four times its size, at most `fileLimit`.
    static func shortfall(
        _ files: [String], held: [(name: String, size: Int)] = [], first: String? = nil,
        fileLimit: Int = VersionSource.maximumFileSize
    ) -> Diagnostic? {
        var limit = rlimit()
        guard let first = files.first ?? first ?? held.first?.name, getrlimit(addressSpace, &limit) == 0,
            limit.rlim_cur != rlim_t.max, let used = usedAddressSpace()
        else { return nil }
        var sources = 0
        var estimate = 0
        func count(_ name: String, _ size: Int, held: Bool) {
            guard size <= fileLimit, size >= 0 else { return }
            let content = name.lowercased().hasSuffix(".gz") ? min(size &* 4, fileLimit) : size
            sources += content
            estimate += content * factor(of: name) + (held ? size : 0)
        }
        for file in files {
            var status = stat()
            guard stat(file, &status) == 0 else { continue }
            count(file, Int(status.st_size), held: false)
        }
        for (name, size) in held { count(name, size, held: true) }
        let needed = used + estimate + headroom
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
