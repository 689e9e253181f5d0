import CChecksum

/// CRC-32C (Castagnoli), the checksum of every piece a read returns: a chapter's content, its verse
/// text, a book's introduction, a search index block.
///
/// Computed by the SSE4.2 `crc32` instruction when the processor has it (about 8 bytes in 3 cycles),
/// else by a slicing-by-8 table, chosen at run time (`lectern_crc32c`).
public enum CRC32C {
    /// Continues `crc` (0 to start) over `bytes`: `checksum(b, continuing: checksum(a))` is the checksum of
    /// `a` then `b` (`lectern_crc32c`).
    ///
    /// - Complexity: O(n).
    @inline(__always)
    public static func checksum(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return crc }
        return lectern_crc32c(crc, base, bytes.count)
    }

    /// The checksum of an array's bytes, continuing `crc`.
    public static func checksum(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0, continuing: crc) }
    }

    /// The same checksum, always by the table (`lectern_crc32c_software`), for tests.
    public static func softwareChecksum(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return crc }
            return lectern_crc32c_software(crc, base, buffer.count)
        }
    }

    /// Whether `checksum` uses the processor's instruction (`lectern_crc32c_is_hardware`).
    public static var isHardware: Bool { lectern_crc32c_is_hardware() != 0 }
}
