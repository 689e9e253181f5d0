import Testing

@testable import ScriptureStore

/// CRC-32 (zlib's `crc32_z` through `lectern_crc32`): the known check value, the Swift table it replaced,
/// and chaining in pieces.
struct CRC32Tests {
    @Test func theCheckValueOf123456789() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
    }

    @Test(arguments: [0, 1, 3, 7, 8, 9, 63, 64, 65, 1000, 65_537])
    func zlibAndTheTableAgreeAndChain(count: Int) {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17 ^ $0 >> 5) }
        let table = bytes.withUnsafeBufferPointer { CRC32.sliced($0) }
        #expect(CRC32.checksum(bytes) == table)
        // Fed in uneven pieces, the same checksum.
        var crc = CRC32()
        var start = 0
        var piece = 1
        while start < count {
            let end = min(count, start + piece)
            crc.update(bytes[start..<end])
            start = end
            piece = piece * 3 + 1
        }
        #expect(crc.value == table)
    }
}
