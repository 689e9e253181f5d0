import LecternKernels

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// All of the store's pointer code is in this file and ByteReader.swift: the memory mapping, and the
// two ways of reading it (`StoreBytes` by offset, `ByteCursor` in sequence), both through the one
// bounds-checked `ByteReader`, which they word the errors of. Decoders with tight loops borrow a
// window's bytes for one call (`StoreBytes.withUnsafeBytes`) and read them through a `ByteReader` too.

/// What tells one file from another at a path, and a file from itself after it was written: its device and
/// inode (a replace renames a new file over the name) and its length and modification and change times (a
/// tool that writes the file in place, such as `cp` over it).
struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    let length: Int64
    let modified: Int64
    let changed: Int64

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        length = Int64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(status.st_mtim.tv_nsec)
        changed = Int64(status.st_ctim.tv_sec) &* 1_000_000_000 &+ Int64(status.st_ctim.tv_nsec)
    }
}

/// A file mapped read-only into memory (`mmap`), unmapped when the last reference goes (`munmap`).
///
/// Immutable after creation, so any number of threads may read it. Lectern never
/// changes a store file in place (a new import writes a new file and renames it),
/// so the mapping stays valid for as long as it is held, even after a replace.
final class MappedFile: @unchecked Sendable {
    /// The path the file was opened from.
    let path: String
    /// The file's length in bytes.
    let count: Int
    /// The file's identity (device, inode, length and change time), to tell whether `path` still names it,
    /// unchanged.
    let identity: FileIdentity
    private let base: UnsafeRawPointer?

    /// Maps the file at `path` (`open`, `fstat`, `mmap(PROT_READ, MAP_PRIVATE)`).
    init(path: String) throws(StoreError) {
        self.path = path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(call: "open", path: path, errno: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(call: "fstat", path: path, errno: errno) }
        count = Int(status.st_size)
        identity = FileIdentity(status)
        guard count > 0 else {
            base = nil
            return
        }
        let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else { throw .system(call: "mmap", path: path, errno: errno) }
        base = UnsafeRawPointer(mapped)
    }

    deinit {
        if let base { munmap(UnsafeMutableRawPointer(mutating: base), count) }
    }

    /// Whether `path` names another file now, or none, or the file was written since it was mapped (`stat`):
    /// the mapping still reads the old file.
    var isReplaced: Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return true }
        return FileIdentity(status) != identity
    }

    /// The CRC-32 of `length` bytes at `offset`; the range must have been checked.
    fileprivate func checksum(offset: Int, length: Int) -> UInt32 {
        guard let base, length > 0 else { return CRC32().value }
        var crc = CRC32()
        crc.updateContiguous(
            UnsafeBufferPointer(start: (base + offset).assumingMemoryBound(to: UInt8.self), count: length))
        return crc.value
    }

    /// The address of byte `offset`, for cursors that read many bytes in a row; nil for an empty file.
    fileprivate func address(_ offset: Int) -> UnsafePointer<UInt8>? {
        base.map { ($0 + offset).assumingMemoryBound(to: UInt8.self) }
    }

    fileprivate func load<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T {
        guard let base else { return 0 }
        return T(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    fileprivate func string(at offset: Int, length: Int) -> String {
        guard let base, length > 0 else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: base + offset, count: length), as: UTF8.self)
    }

    fileprivate func string(at offset: Int, length: Int, leadingSpace: Bool, trailingSpace: Bool) -> String {
        guard let base else { return "" }
        let total = length + (leadingSpace ? 1 : 0) + (trailingSpace ? 1 : 0)
        return String(unsafeUninitializedCapacity: total) { buffer in
            var index = 0
            if leadingSpace {
                buffer[0] = 0x20
                index = 1
            }
            if length > 0, let target = buffer.baseAddress {
                UnsafeMutableRawPointer(target + index).copyMemory(from: base + offset, byteCount: length)
            }
            if trailingSpace { buffer[index + length] = 0x20 }
            return total
        }
    }

    @inline(__always)
    fileprivate func append(at offset: Int, length: Int, to target: TextBuffer) {
        guard let base, length > 0 else { return }
        let source = (base + offset).assumingMemoryBound(to: UInt8.self)
        let destination = target.appendUninitialized(length)
        if length <= 16 {
            for index in 0..<length { destination[index] = source[index] }  // a word: cheaper than a memmove call
        } else {
            destination.update(from: source, count: length)
        }
    }

    fileprivate func bytes(at offset: Int, length: Int) -> [UInt8] {
        guard let base, length > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: base + offset, count: length))
    }
}

/// A bounds-checked window onto part of a store file: every read outside it throws instead of crashing.
public struct StoreBytes: Sendable {
    let file: MappedFile
    /// Which section the window belongs to, for error messages.
    public let section: SectionKind
    /// Where the window starts in the file.
    let start: Int
    /// How many bytes the window has.
    public let count: Int

    init(file: MappedFile, section: SectionKind, start: Int, count: Int) {
        self.file = file
        self.section = section
        self.start = start
        self.count = count
    }

    /// The error for a read that does not fit.
    func damaged(_ reason: String) -> StoreError {
        .damaged(path: file.path, section: section, reason: reason)
    }

    /// The window's bytes, read through the one checked reader; valid while the window (which holds the
    /// mapping) is.
    @inline(__always)
    var reader: ByteReader {
        ByteReader(UnsafeBufferPointer(start: count > 0 ? file.address(start) : nil, count: count))
    }

    /// The error for a read of the window's bytes that does not fit.
    func damaged(_ error: ByteReadError) -> StoreError { damaged(error.description) }

    /// Checks that `length` bytes at `offset` lie inside the window (overflow-safe).
    @inline(__always)
    func check(_ offset: Int, _ length: Int) throws(StoreError) {
        do { try reader.check(offset, length) } catch { throw damaged(error) }
    }

    /// The varint at `offset`, without making a cursor.
    func varint(at offset: Int) throws(StoreError) -> Int {
        var cursor = ByteCursor(bytes: self)
        cursor.position = offset
        return try cursor.varint()
    }

    /// A smaller window; throws when it does not fit inside this one.
    public func slice(_ offset: Int, _ length: Int) throws(StoreError) -> StoreBytes {
        try check(offset, length)
        return StoreBytes(file: file, section: section, start: start + offset, count: length)
    }

    /// The little-endian integer of type `T` at `offset`.
    @inline(__always)
    public func integer<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) throws(StoreError) -> T {
        do { return try reader.integer(T.self, at: offset) } catch { throw damaged(error) }
    }

    /// The byte at `offset`.
    public func u8(at offset: Int) throws(StoreError) -> UInt8 { try integer(UInt8.self, at: offset) }

    /// The little-endian `UInt16` at `offset`.
    public func u16(at offset: Int) throws(StoreError) -> UInt16 { try integer(UInt16.self, at: offset) }

    /// The little-endian `UInt32` at `offset`.
    public func u32(at offset: Int) throws(StoreError) -> UInt32 { try integer(UInt32.self, at: offset) }

    /// The two little-endian `UInt32`s at `offset` and `offset + 4`, with one bounds check.
    @inline(__always)
    func u32Pair(at offset: Int) throws(StoreError) -> (UInt32, UInt32) {
        try check(offset, 8)
        return (file.load(UInt32.self, at: start + offset), file.load(UInt32.self, at: start + offset + 4))
    }

    /// `count` little-endian `UInt32`s, the first at `offset` and each `stride` bytes after the one before (a
    /// field of fixed-size records), with one bounds check.
    func u32s(at offset: Int, stride: Int, count: Int) throws(StoreError) -> [Int] {
        guard count > 0 else { return [] }
        let (span, overflow) = (count - 1).multipliedReportingOverflow(by: stride)
        guard stride >= 4, !overflow else { throw damaged("\(count) records of \(stride) bytes") }
        try check(offset, span + 4)
        return (0..<count).map { Int(file.load(UInt32.self, at: start + offset + $0 * stride)) }
    }

    /// The little-endian `UInt64` at `offset`.
    public func u64(at offset: Int) throws(StoreError) -> UInt64 { try integer(UInt64.self, at: offset) }

    /// `length` bytes at `offset` as UTF-8 text (invalid sequences become U+FFFD).
    public func string(at offset: Int, length: Int) throws(StoreError) -> String {
        try check(offset, length)
        return file.string(at: start + offset, length: length)
    }

    /// `length` bytes at `offset` as UTF-8 text, with a space put before and or after.
    func string(at offset: Int, length: Int, leadingSpace: Bool, trailingSpace: Bool) throws(StoreError) -> String {
        try check(offset, length)
        return file.string(at: start + offset, length: length, leadingSpace: leadingSpace, trailingSpace: trailingSpace)
    }

    /// Appends `length` bytes at `offset` to `target` (one copy, no intermediate string).
    @inline(__always)
    func append(at offset: Int, length: Int, to target: TextBuffer) throws(StoreError) {
        try check(offset, length)
        file.append(at: start + offset, length: length, to: target)
    }

    /// A copy of `length` bytes at `offset`.
    public func bytes(at offset: Int, length: Int) throws(StoreError) -> [UInt8] {
        try check(offset, length)
        return file.bytes(at: start + offset, length: length)
    }

    /// Calls `body` with the window's bytes, for decoders with tight loops (the search index).
    ///
    /// The pointer is valid only during the call and must not escape it; every read through it must
    /// be checked against its count, as the bytes came from a file.
    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withExtendedLifetime(file) { () throws(Failure) -> Result in
            try body(UnsafeBufferPointer(start: count > 0 ? file.address(start) : nil, count: count))
        }
    }

    /// The CRC-32 of the whole window.
    ///
    /// - Complexity: O(n).
    public func checksum() -> UInt32 { file.checksum(offset: start, length: count) }

    /// The CRC-32C of `length` bytes at `offset`, continuing `crc` (see `CRC32C`).
    ///
    /// - Complexity: O(length), at the speed of the processor's `crc32` instruction.
    @inline(__always)
    public func crc32c(at offset: Int, length: Int, continuing crc: UInt32 = 0) throws(StoreError) -> UInt32 {
        do { return try reader.crc32c(at: offset, length: length, continuing: crc) } catch { throw damaged(error) }
    }

    /// A cursor reading the window from its start.
    public func cursor() -> ByteCursor { ByteCursor(bytes: self) }
}

/// Reads a `StoreBytes` window in sequence: bytes, varints and strings, each bounds-checked by the
/// window's `ByteReader`.
public struct ByteCursor: @unchecked Sendable {
    /// The window being read (it also keeps the mapping alive while the cursor reads it).
    public let bytes: StoreBytes
    /// The offset of the next read within the window.
    public var position = 0
    /// The window's bytes, read directly so the hot loop does no reference counting.
    private let reader: ByteReader

    /// Creates a cursor at the start of `bytes`.
    public init(bytes: StoreBytes) {
        self.bytes = bytes
        reader = bytes.reader
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position >= reader.count }

    /// How many bytes are left.
    public var remaining: Int { reader.count - position }

    /// Reads one byte.
    @inline(__always)
    public mutating func u8() throws(StoreError) -> UInt8 {
        do {
            let value = try reader.u8(at: position)
            position += 1
            return value
        } catch {
            throw bytes.damaged("unexpected end at offset \(position)")
        }
    }

    /// Reads an unsigned LEB128 varint of at most 63 bits.
    @inline(__always)
    public mutating func varint() throws(StoreError) -> Int {
        do {
            return try reader.varint(at: &position, end: reader.count)
        } catch {
            if case .pastEnd = error.problem { throw bytes.damaged("unexpected end at offset \(error.offset)") }
            throw bytes.damaged(error)
        }
    }

    /// Reads a varint that must be below `limit` (an index or a count).
    public mutating func varint(below limit: Int, _ what: @autoclosure () -> String) throws(StoreError) -> Int {
        let value = try varint()
        guard value < limit else { throw bytes.damaged("\(what()) \(value) out of range (limit \(limit))") }
        return value
    }

    /// Reads `length` bytes as UTF-8 text.
    public mutating func string(length: Int) throws(StoreError) -> String {
        let text = try bytes.string(at: position, length: length)
        position += length
        return text
    }

    /// Reads a varint length and that many bytes of UTF-8 text.
    public mutating func string() throws(StoreError) -> String {
        try string(length: varint())
    }
}
