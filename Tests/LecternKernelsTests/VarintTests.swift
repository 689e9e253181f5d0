import LecternKernels
import TestSupport
import Testing

/// The one varint reader and writer: the encodings of known values, the reads that must fail, and
/// round trips of random values read back by every entry point.
@Suite struct VarintTests {
    struct Encoding: Sendable, CustomTestStringConvertible {
        var value: Int
        var bytes: [UInt8]
        var testDescription: String { "\(value)" }
    }

    static let encodings: [Encoding] = [
        Encoding(value: 0, bytes: [0x00]),
        Encoding(value: 1, bytes: [0x01]),
        Encoding(value: 127, bytes: [0x7F]),
        Encoding(value: 128, bytes: [0x80, 0x01]),
        Encoding(value: 300, bytes: [0xAC, 0x02]),
        Encoding(value: 16_383, bytes: [0xFF, 0x7F]),
        Encoding(value: 16_384, bytes: [0x80, 0x80, 0x01]),
        Encoding(value: 1 << 32 - 1, bytes: [0xFF, 0xFF, 0xFF, 0xFF, 0x0F]),
        Encoding(value: 1 << 35 - 1, bytes: [0xFF, 0xFF, 0xFF, 0xFF, 0x7F]),
        Encoding(value: Int.max, bytes: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]),
    ]

    @Test(arguments: encodings)
    func writesAndReadsTheEncoding(_ encoding: Encoding) {
        var appended: [UInt8] = [0xEE]
        Varint.append(encoding.value, to: &appended)
        #expect(Array(appended.dropFirst()) == encoding.bytes)
        #expect(Varint.size(of: encoding.value) == encoding.bytes.count)
        var written = [UInt8](repeating: 0xEE, count: 12)
        let count = written.withUnsafeMutableBufferPointer { Varint.write(encoding.value, to: $0.baseAddress!) }
        #expect(count == encoding.bytes.count)
        #expect(Array(written.prefix(count)) == encoding.bytes)
        #expect(Varint.firstByte(of: encoding.value) == encoding.bytes[0])
        let maxBytes = encoding.bytes.count <= 5 ? Varint.maxBytes32 : Varint.maxBytes64
        encoding.bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            var pointer = base
            #expect(Varint.read(&pointer, base + buffer.count, maxBytes: maxBytes) == encoding.value)
            #expect(pointer == base + buffer.count)
            pointer = base
            #expect(Varint.next(&pointer, base + buffer.count, maxBytes: maxBytes) == encoding.value)
            #expect(pointer == base + buffer.count)
            var position = 0
            #expect(Varint.read(base, at: &position, end: buffer.count, maxBytes: maxBytes) == encoding.value)
            #expect(position == buffer.count)
        }
    }

    /// A negative value is written as 0, by every writer alike.
    @Test func writesANegativeValueAsZero() {
        var bytes: [UInt8] = []
        Varint.append(-5, to: &bytes)
        #expect(bytes == [0])
        #expect(Varint.size(of: -5) == 1)
        #expect(Varint.firstByte(of: -5) == 0)
    }

    struct Damaged: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var maxBytes: Int32
        var failure: Varint.Failure
        var testDescription: String { name }
    }

    static let damaged: [Damaged] = [
        Damaged(name: "empty", bytes: [], maxBytes: 5, failure: .pastEnd),
        Damaged(name: "cut after one byte", bytes: [0x80], maxBytes: 5, failure: .pastEnd),
        Damaged(name: "cut after four bytes", bytes: [0x80, 0x80, 0x80, 0x80], maxBytes: 5, failure: .pastEnd),
        Damaged(
            name: "six bytes where five may be", bytes: [0x80, 0x80, 0x80, 0x80, 0x80, 0x01], maxBytes: 5,
            failure: .tooLong),
        Damaged(
            name: "ten bytes where nine may be", bytes: [UInt8](repeating: 0x80, count: 9) + [0x01], maxBytes: 9,
            failure: .tooLong),
    ]

    @Test(arguments: damaged)
    func refusesADamagedVarint(_ damaged: Damaged) {
        let bytes = damaged.bytes + [0x05]  // a byte past the end the read is given, never read
        bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            let end = base + damaged.bytes.count
            var pointer = base
            #expect(Varint.read(&pointer, end, maxBytes: damaged.maxBytes) == nil)
            #expect(pointer == base, "a failed read leaves the pointer where it was")
            var position = 0
            #expect(Varint.read(base, at: &position, end: damaged.bytes.count, maxBytes: damaged.maxBytes) == nil)
            #expect(position == 0)
            #expect(
                Varint.failure(base, at: 0, end: damaged.bytes.count, maxBytes: damaged.maxBytes) == damaged.failure)
        }
    }

    /// Random values of every length, written one after another and read back in order by each reader.
    @Test func roundTripsRandomValues() {
        var random = SplitMix64(seed: 41)
        let values = (0..<4_000).map { _ in Int(random.next() >> (1 + random.next() % 63)) }
        var bytes: [UInt8] = []
        for value in values { Varint.append(value, to: &bytes) }
        #expect(bytes.count == values.reduce(0) { $0 + Varint.size(of: $1) })
        bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            let end = base + buffer.count
            var pointer = base
            var position = 0
            for value in values {
                #expect(Varint.read(&pointer, end, maxBytes: Varint.maxBytes64) == value)
                #expect(Varint.read(base, at: &position, end: buffer.count, maxBytes: Varint.maxBytes64) == value)
            }
            #expect(pointer == end)
            #expect(position == buffer.count)
        }
    }
}
