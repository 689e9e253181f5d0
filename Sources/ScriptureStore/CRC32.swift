import CChecksum

/// CRC-32 (IEEE 802.3, the polynomial zlib and PNG use): the checksum of a store's header and sections.
public struct CRC32: Sendable {
    /// The checksum of the bytes fed so far.
    public private(set) var value: UInt32 = 0

    /// Starts a checksum.
    public init() {}

    /// The checksum of `bytes`.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }

    /// Feeds more bytes.
    ///
    /// - Complexity: O(n), slicing by eight (about 1 GB/s in a release build).
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            updateContiguous(buffer)
        }
        if done == nil {
            let copy = Array(bytes)
            copy.withUnsafeBufferPointer { updateContiguous($0) }
        }
    }

    /// Feeds bytes from a contiguous buffer.
    ///
    /// - Complexity: O(n): zlib's `crc32_z` (`lectern_crc32`), several gigabytes a second.
    public mutating func updateContiguous(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
        value = lectern_crc32(value, base, buffer.count)
    }
}
