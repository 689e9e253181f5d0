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

    /// The same checksum computed by slicing by eight in Swift (about 1 GB/s), for tests that compare the
    /// two ways.
    static func sliced(_ buffer: UnsafeBufferPointer<UInt8>, continuing start: UInt32 = 0) -> UInt32 {
        let tables = CRC32.tables
        var crc = ~start
        var index = 0
        let count = buffer.count
        while index + 8 <= count {
            let low =
                crc
                ^ (UInt32(buffer[index]) | UInt32(buffer[index + 1]) << 8 | UInt32(buffer[index + 2]) << 16
                    | UInt32(buffer[index + 3]) << 24)
            let high =
                UInt32(buffer[index + 4]) | UInt32(buffer[index + 5]) << 8 | UInt32(buffer[index + 6]) << 16
                | UInt32(buffer[index + 7]) << 24
            crc =
                tables[7 * 256 + Int(low & 0xFF)] ^ tables[6 * 256 + Int((low >> 8) & 0xFF)]
                ^ tables[5 * 256 + Int((low >> 16) & 0xFF)] ^ tables[4 * 256 + Int(low >> 24)]
                ^ tables[3 * 256 + Int(high & 0xFF)] ^ tables[2 * 256 + Int((high >> 8) & 0xFF)]
                ^ tables[1 * 256 + Int((high >> 16) & 0xFF)] ^ tables[Int(high >> 24)]
            index += 8
        }
        while index < count {
            crc = tables[Int((crc ^ UInt32(buffer[index])) & 0xFF)] ^ (crc >> 8)
            index += 1
        }
        return ~crc
    }

    /// Eight 256-entry tables, one after another.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
            tables[byte] = crc
        }
        for byte in 0..<256 {
            for table in 1..<8 {
                let previous = tables[(table - 1) * 256 + byte]
                tables[table * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()
}
