import CZip

/// A zip archive opened for reading through libzip (the `CZip` shim): all of Lectern's zip pointer code.
///
/// Entries are read into memory, never extracted, so no entry name can write anywhere; names that would
/// escape a folder if they were extracted (`..`, absolute paths, backslashes, drive letters) are still
/// refused by `ZipArchive.unsafeReason(_:)`, since a bundle that holds them is not one a publisher wrote.
final class ZipArchive {
    /// One entry as the central directory describes it.
    struct Entry: Sendable, Hashable {
        /// Its index in the archive.
        var index: Int
        /// The name as stored, such as `release/USX_1/GEN.usx` (folders end with `/`).
        var name: String
        /// The uncompressed size the archive declares (reading never trusts it further than `limit`).
        var size: Int

        /// Whether the entry is a folder.
        var isFolder: Bool { name.hasSuffix("/") }
    }

    /// The most entries an archive may have (a Bible bundle has a few hundred).
    static let maximumEntries = 100_000

    /// The archive's path, for messages.
    let path: String
    /// Every entry, in archive order.
    let entries: [Entry]
    private let handle: OpaquePointer

    /// Opens the archive; a file that is not a zip, or whose directory is damaged, is a `FileProblem`
    /// naming the path and libzip's reason.
    init(path: String) throws(FileProblem) {
        if let cause = try FileKind.of(path).readProblem { throw FileProblem(cause, path: path) }
        var message = [CChar](repeating: 0, count: 256)
        guard let handle = lectern_zip_open(path, &message, message.count) else {
            throw FileProblem(.other("it is not a readable zip archive (\(Self.text(message)))"), path: path)
        }
        self.handle = handle
        self.path = path
        let count = lectern_zip_count(handle)
        guard count <= Self.maximumEntries else {
            lectern_zip_close(handle)
            throw FileProblem(
                .other("it has \(count) entries, more than the \(Self.maximumEntries) a bundle may have"), path: path)
        }
        var entries: [Entry] = []
        for index in 0..<max(0, count) {
            var name: UnsafePointer<CChar>?
            var size: UInt64 = 0
            guard lectern_zip_entry(handle, index, &name, &size) == 0, let name else {
                lectern_zip_close(handle)
                throw FileProblem(.other("its entry \(index + 1) is damaged (libzip cannot describe it)"), path: path)
            }
            entries.append(Entry(index: Int(index), name: String(cString: name), size: Int(clamping: size)))
        }
        self.entries = entries
    }

    deinit { lectern_zip_close(handle) }

    /// Why an entry's name is refused, or nil when it is a plain relative path.
    static func unsafeReason(_ name: String) -> String? {
        if name.hasPrefix("/") { return "it is an absolute path" }
        if name.contains("\\") { return "it contains a backslash" }
        if name.utf8.contains(0) { return "it contains a NUL character" }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        if let first = parts.first, first.count == 2, first.last == ":" { return "it starts with a drive letter" }
        if parts.contains("..") { return "it contains '..'" }
        return nil
    }

    /// The bytes of `entry`, at most `limit` of them, read straight into an array of their size: a larger
    /// entry (whatever its header declares) is `FileProblem.tooLarge` at `archive/entry`, damaged data (a bad
    /// CRC, a truncated stream) another `FileProblem` there, and memory the process cannot have is
    /// `.notEnoughMemory`, asked of malloc before the array is made (Swift ends the process when an
    /// array cannot be allocated).
    ///
    /// The declared size is trusted only as far as `limit`: when the entry holds more than it declares, it is
    /// inflated once more only counting (64 KB at a time), then read into an array of its real size.
    /// - Complexity: O(size) time, one or two passes; memory: the result alone.
    func read(_ entry: Entry, limit: Int) throws(FileProblem) -> [UInt8] {
        let location = path + "/" + entry.name
        var message = [CChar](repeating: 0, count: 256)
        var capacity = min(max(0, entry.size), max(0, limit))
        for pass in 0..<2 {
            try FileProblem.checkMemory(capacity, path: location)
            var status: Int32 = 0
            let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                var produced = 0
                status = lectern_zip_read_into(
                    handle, Int64(entry.index), buffer.baseAddress, capacity, &produced, &message, message.count)
                initialized = status == 0 ? produced : 0
            }
            if status == 0 { return bytes }
            guard status == -100 else {
                throw FileProblem(.other("its data is damaged (\(Self.text(message)))"), path: location)
            }
            guard pass == 0 else { break }
            // More than the header declares: count it, refusing it past the limit, and read it at its size.
            var size = 0
            let counted = lectern_zip_size(handle, Int64(entry.index), max(0, limit), &size, &message, message.count)
            if counted == -100 { throw FileProblem(.tooLarge(bytes: nil, limit: limit), path: location) }
            guard counted == 0 else {
                throw FileProblem(.other("its data is damaged (\(Self.text(message)))"), path: location)
            }
            capacity = size
        }
        // (Only when the file changed between the two passes.)
        throw FileProblem(.tooLarge(bytes: nil, limit: limit), path: location)
    }

    /// Writes a new archive at `path` holding `entries` in order, names as given (tests write unsafe ones
    /// on purpose), deflated unless `deflate` is false.
    static func write(_ entries: [(name: String, bytes: [UInt8])], to path: String, deflate: Bool = true)
        throws(FileProblem)
    {
        var message = [CChar](repeating: 0, count: 256)
        // Copies that live through the call: the names NUL-terminated, the data as given.
        let copies: [UnsafeMutablePointer<UInt8>] = entries.flatMap { entry in
            [Self.copy(Array(entry.name.utf8) + [0]), Self.copy(entry.bytes)]
        }
        defer { copies.forEach { $0.deallocate() } }
        let namePointers: [UnsafePointer<CChar>?] = stride(from: 0, to: copies.count, by: 2).map {
            UnsafeRawPointer(copies[$0]).assumingMemoryBound(to: CChar.self)
        }
        let dataPointers: [UnsafePointer<UInt8>?] = stride(from: 1, to: copies.count, by: 2).map {
            UnsafePointer(copies[$0])
        }
        let status = namePointers.withUnsafeBufferPointer { names in
            dataPointers.withUnsafeBufferPointer { data in
                entries.map(\.bytes.count).withUnsafeBufferPointer { lengths in
                    lectern_zip_write(
                        path, Int32(clamping: entries.count), names.baseAddress, data.baseAddress, lengths.baseAddress,
                        deflate ? 1 : 0, &message, 256)
                }
            }
        }
        guard status == 0 else {
            throw FileProblem(.other("libzip cannot write it (\(text(message)))"), path: path, action: .write)
        }
    }

    private static func copy(_ bytes: [UInt8]) -> UnsafeMutablePointer<UInt8> {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
        buffer.initialize(from: bytes, count: bytes.count)
        return buffer
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

}
