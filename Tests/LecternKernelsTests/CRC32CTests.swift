import CChecksum
import LecternKernels
import TestSupport
import Testing

/// CRC-32C: the known check value, the processor's instruction and the table agree, and chaining.
struct CRC32CTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var bytes: [UInt8]
        var testDescription: String { "\(bytes.count) bytes" }
    }

    @Test func theCheckValueOf123456789() {
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
        #expect(softwareChecksum(Array("123456789".utf8)) == 0xE306_9283)
        #expect(CRC32C.checksum([]) == 0)
    }

    @Test(
        arguments: [0, 1, 3, 4, 7, 8, 9, 15, 16, 17, 100, 4095].map { count in
            Case(bytes: (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        })
    func hardwareAndTableAgreeAndChain(_ test: Case) {
        #expect(CRC32C.checksum(test.bytes) == softwareChecksum(test.bytes))
        // The tests' own table (`SealChecksum`, which the fuzz package can call) gives the same, and chains the same.
        #expect(SealChecksum.crc32c(test.bytes) == CRC32C.checksum(test.bytes))
        let middle = test.bytes.count / 3
        let first = CRC32C.checksum(Array(test.bytes[..<middle]))
        #expect(CRC32C.checksum(Array(test.bytes[middle...]), continuing: first) == CRC32C.checksum(test.bytes))
        #expect(SealChecksum.crc32c(test.bytes[middle...], continuing: first) == CRC32C.checksum(test.bytes))
    }
}

/// The same checksum as `CRC32C.checksum`, always by the table (`lectern_crc32c_software`): the other way the
/// tests compare it with.
private func softwareChecksum(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
    bytes.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return crc }
        return lectern_crc32c_software(crc, base, buffer.count)
    }
}
