#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a source file whole with `open`, `fstat` and `read`, so a failure is an `errno` said as a sentence,
/// and a file too large for the memory the process may use is refused instead of ending it.
enum SourceFile {
    /// Why a source file could not be read: the system call that failed and its `errno`.
    struct Failure: Error, CustomStringConvertible {
        /// The call that failed (`open`, `read`, …).
        var call: String
        /// Its `errno`.
        var code: Int32

        var description: String {
            if code == ENOMEM {
                return
                    "there is not enough memory to read it (a memory limit such as ulimit -v, or a full machine);"
                    + " free memory or raise the limit and try again"
            }
            return "\(call) failed: \(String(cString: strerror(code)))"
        }
    }

    /// The bytes of the file at `path`.
    ///
    /// Memory for the whole file is first asked of `malloc` (and given back): Swift ends the process when an
    /// allocation fails, `malloc` returns nil, which becomes `ENOMEM`.
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(call: "open", code: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure(call: "fstat", code: errno) }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw Failure(call: "read", code: EISDIR) }
        let size = Int(status.st_size)
        guard let probe = malloc(max(size, 1) + 64 * 1024) else { throw Failure(call: "malloc", code: ENOMEM) }
        free(probe)
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        var failure: Int32 = 0
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            while filled < size {
                let count = systemRead(descriptor, base + filled, size - filled)
                if count < 0, errno == EINTR { continue }
                if count < 0 { failure = errno }
                if count <= 0 { return }
                filled += count
            }
        }
        guard failure == 0 else { throw Failure(call: "read", code: failure) }
        // A file that shrank while it was read keeps what was there; one that grew is read to its end.
        if filled < size { bytes.removeSubrange(filled...) }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Failure(call: "read", code: errno) }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }
}

/// `read(2)`, named apart from `SourceFile.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
