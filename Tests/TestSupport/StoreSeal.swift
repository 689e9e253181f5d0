import ScriptureStore

/// Makes damaged or fuzzed bytes look sound on the outside, as a forger would, so that tests reach the
/// decoders behind the header and checksums.
public enum StoreSeal {
    /// Sets the magic, format version, header size and file length, clamps the section count to what
    /// fits, recomputes the CRC-32 of every section whose range lies in the file, then the header
    /// checksum. Bytes too short for a header come back unchanged.
    public static func resealed(_ original: [UInt8]) -> [UInt8] {
        var bytes = original
        let header = StoreFormat.headerSize
        guard bytes.count >= header else { return bytes }
        bytes.replaceSubrange(0..<8, with: StoreFormat.magic)
        put(UInt64(StoreFormat.version), size: 2, at: 8, in: &bytes)
        put(UInt64(header), size: 2, at: 10, in: &bytes)
        let fitting = (bytes.count - header) / StoreFormat.sectionEntrySize
        let count = min(Int(read(size: 4, at: 12, in: bytes)), StoreFormat.maximumSectionCount, fitting)
        put(UInt64(count), size: 4, at: 12, in: &bytes)
        put(UInt64(bytes.count), size: 8, at: 16, in: &bytes)
        for index in 0..<count {
            let entry = header + index * StoreFormat.sectionEntrySize
            let offset = read(size: 8, at: entry + 8, in: bytes)
            let length = read(size: 8, at: entry + 16, in: bytes)
            guard offset <= UInt64(bytes.count), length <= UInt64(bytes.count) - offset else { continue }
            put(UInt64(CRC32.checksum(bytes[Int(offset)..<Int(offset + length)])), size: 4, at: entry + 24, in: &bytes)
        }
        var crc = CRC32()
        crc.update(bytes[0..<24])
        crc.update(bytes[28..<(header + count * StoreFormat.sectionEntrySize)])
        put(UInt64(crc.value), size: 4, at: 24, in: &bytes)
        return bytes
    }

    private static func read(size: Int, at offset: Int, in bytes: [UInt8]) -> UInt64 {
        (0..<size).reduce(0) { value, index in value | UInt64(bytes[offset + index]) << (8 * index) }
    }

    private static func put(_ value: UInt64, size: Int, at offset: Int, in bytes: inout [UInt8]) {
        for index in 0..<size { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
    }
}
