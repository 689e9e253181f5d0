import TestSupport
import Testing

@testable import USFM

/// The UTF-8 check's eight-byte step must accept only whole, valid sequences, as the byte loop would.
@Suite struct SourceHygieneTests {
    /// How many of `bytes` the byte loop's rules accept from the start as ASCII but NUL and two-byte
    /// sequences (lead 0xC2–0xDF, then a continuation byte); stops at anything else.
    static func acceptedPrefix(_ bytes: [UInt8]) -> Int {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte != 0, byte < 0x80 {
                index += 1
            } else if (0xC2...0xDF).contains(byte), index + 1 < bytes.count, bytes[index + 1] & 0xC0 == 0x80 {
                index += 2
            } else {
                break
            }
        }
        return index
    }

    @Test func theEightByteStepAcceptsWholeTwoByteSequencesOnly() {
        let alphabet: [UInt8] = [
            0x00, 0x0A, 0x20, 0x41, 0x7F, 0x80, 0x95, 0xBF, 0xC0, 0xC1, 0xC2, 0xD6, 0xD7, 0xDF, 0xE0, 0xE2, 0xED, 0xF0,
            0xF4, 0xF8, 0xFF,
        ]
        var random = SplitMix64(seed: 0xD7_95)
        var accepted = 0
        for _ in 0..<500_000 {
            var bytes: [UInt8] = []
            for _ in 0..<8 { bytes.append(alphabet[Int(random.next() % UInt64(alphabet.count))]) }
            // Mostly Hebrew-like words: a lead then a continuation, or ASCII.
            if random.next() % 2 == 0 {
                bytes = []
                while bytes.count < 8 {
                    if random.next() % 3 == 0 { bytes.append(0x20) } else { bytes += [0xD7, 0x95] }
                }
                bytes = Array(bytes.prefix(8))
            }
            var word: UInt64 = 0
            for (index, byte) in bytes.enumerated() { word |= UInt64(byte) << UInt64(index * 8) }
            let valid = SourceHygiene.validPrefix(word)
            let reference = Self.acceptedPrefix(bytes)
            if valid > 0 { accepted += 1 }
            // Whatever the step takes, the byte loop would take too, ending at the same place.
            #expect(valid == 0 || Self.acceptedPrefix(Array(bytes.prefix(valid))) == valid, "\(bytes)")
            #expect(valid <= reference, "\(bytes)")
            if reference == 8 { #expect(valid == 8, "\(bytes)") }
        }
        #expect(accepted > 100_000)
    }

    /// Words (eight bytes) and what the step takes of them.
    static let stepCases: [(bytes: [UInt8], expected: Int)] = [
        (Array("\u{05D5}\u{05B7}\u{05D9} A".utf8), 8),
        (Array("ab \u{05D5}\u{05B7}".utf8) + [0xD7], 7),
        (Array("abcdef".utf8) + [0xD7, 0xD7], 0),
        ([0x95] + Array("abcdefg".utf8), 0),
        (Array("abcdefg".utf8) + [0xC0], 7),
        (Array("abcdef".utf8) + [0xC1, 0x80], 0),
        (Array("abcdef".utf8) + [0xE2, 0x80], 0),
        (Array("abc".utf8) + [0, 0x41, 0x41, 0x41, 0x41], 0),
    ]

    @Test(arguments: stepCases)
    func eightByteStepCases(bytes: [UInt8], expected: Int) {
        var word: UInt64 = 0
        for (index, byte) in bytes.enumerated() { word |= UInt64(byte) << UInt64(index * 8) }
        #expect(SourceHygiene.validPrefix(word) == expected)
    }
}

/// Every line start is found, whichever pass finds it: the C pass for a clean file, the Swift scan for one
/// with an invalid byte, and for a clean file of more lines than the C pass has room for (a line every
/// 40 bytes).
struct SourceHygieneLineTests {
    @Test(arguments: [
        ("\\p\n", 5000, false), ("\\p\n", 5000, true), ("\\w a\\w* and more words here\n", 300, false),
    ])
    func theLastLinesProblemIsOnItsLine(line: String, count: Int, invalidByte: Bool) {
        var text = Array("\\id GEN\n\\c 1\n\\p \\v 1 a".utf8) + (invalidByte ? [0xFF] : []) + [0x0A]
        for _ in 0..<count { text += Array(line.utf8) }
        text += Array("\\v 1 again\n".utf8)
        let result = USFMParser.parse(text, path: "lines.usfm")
        let twice = result.diagnostics.first { $0.kind == .duplicateVerse }
        #expect(twice?.location.line == count + 4, "\(result.diagnostics)")
    }
}
