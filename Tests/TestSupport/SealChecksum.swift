/// CRC-32C (Castagnoli, reflected, as the store's checks compute it, `lectern_crc32c`) by a table, in Swift: what
/// `StoreSeal` writes after it changes a store's bytes. The product's CRC-32C is `package` (LecternKernels), which
/// the fuzz package (a package of its own that compiles these helpers through a link) cannot call; a seal is
/// small and made rarely, so a table is fast enough, and the kernel tests compare the two.
public enum SealChecksum {
    private static let table: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
        return crc
    }

    /// The CRC-32C of `bytes`, continuing the checksum `crc` of the bytes before them (0 for none).
    public static func crc32c<Bytes: Sequence>(_ bytes: Bytes, continuing crc: UInt32 = 0) -> UInt32
    where Bytes.Element == UInt8 {
        var value = ~crc
        for byte in bytes { value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
        return ~value
    }
}
