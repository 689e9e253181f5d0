import CChecksum

/// CRC-32C (Castagnoli), the checksum of every piece a read returns: a chapter's content, its verse
/// text, a book's introduction, a search index block. The Swift face of CChecksum's `lectern_crc32c`.
///
/// Computed by the SSE4.2 `crc32` instruction when the processor has it (about 8 bytes in 3 cycles),
/// else by a slicing-by-8 table, chosen at run time (`lectern_crc32c`).
@usableFromInline
package enum CRC32C {
    /// Continues `crc` (0 to start) over `bytes`: `checksum(b, continuing: checksum(a))` is the checksum of
    /// `a` then `b` (`lectern_crc32c`).
    ///
    /// - Complexity: O(n).
    @inlinable @inline(__always)
    package static func checksum(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return crc }
        return lectern_crc32c(crc, base, bytes.count)
    }

    /// The checksum of an array's bytes, continuing `crc`.
    package static func checksum(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0, continuing: crc) }
    }

    /// Whether `checksum` uses the processor's instruction (`lectern_crc32c_is_hardware`).
    package static var isHardware: Bool { lectern_crc32c_is_hardware() != 0 }
}
