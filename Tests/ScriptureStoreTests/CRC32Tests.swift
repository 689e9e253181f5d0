import Testing

import ScriptureStore

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

extension CRC32 {
    /// The same checksum computed by slicing by eight in Swift (about 1 GB/s), for tests that compare the
    /// two ways.
    fileprivate static func sliced(_ buffer: UnsafeBufferPointer<UInt8>, continuing start: UInt32 = 0) -> UInt32 {
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
