import LecternKernels
import Testing

/// The one encoding sniffer, on the cases where the two it replaces disagreed (VersionSource's and
/// USX's InputCheck) and on the ones they agreed on.
@Suite struct TextEncodingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var encoding: TextEncoding
        var testDescription: String { name }
    }

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        text.utf16.flatMap { unit in
            bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
    }

    static func utf32(_ text: String, bigEndian: Bool) -> [UInt8] {
        text.unicodeScalars.flatMap { scalar in
            let bytes = (0..<4).map { UInt8(truncatingIfNeeded: scalar.value >> (8 * UInt32($0))) }
            return bigEndian ? bytes.reversed() : bytes
        }
    }

    static let cases: [Case] = [
        Case(name: "UTF-8", bytes: Array("\\id GEN".utf8), encoding: .utf8(byteOrderMark: false)),
        Case(
            name: "UTF-8 after a byte order mark", bytes: [0xEF, 0xBB, 0xBF] + Array("<usx".utf8),
            encoding: .utf8(byteOrderMark: true)),
        Case(name: "empty", bytes: [], encoding: .utf8(byteOrderMark: false)),
        Case(name: "UTF-16 BE mark", bytes: [0xFE, 0xFF, 0x00, 0x3C], encoding: .utf16(bigEndian: true)),
        Case(name: "UTF-16 LE mark", bytes: [0xFF, 0xFE, 0x3C, 0x00], encoding: .utf16(bigEndian: false)),
        Case(name: "UTF-16 LE mark alone", bytes: [0xFF, 0xFE], encoding: .utf16(bigEndian: false)),
        Case(name: "UTF-32 BE mark", bytes: [0x00, 0x00, 0xFE, 0xFF], encoding: .utf32(bigEndian: true)),
        Case(
            name: "UTF-32 LE mark", bytes: [0xFF, 0xFE, 0x00, 0x00, 0x3C, 0, 0, 0], encoding: .utf32(bigEndian: false)),
        Case(
            name: "UTF-16 LE without a mark", bytes: utf16("\\id GEN", bigEndian: false),
            encoding: .utf16(bigEndian: false)),
        Case(
            name: "UTF-16 BE without a mark", bytes: utf16("<usx>", bigEndian: true), encoding: .utf16(bigEndian: true)),
        // VersionSource read only all-Latin-1 first 32 characters as UTF-16: this one was USFM to it.
        Case(
            name: "UTF-16 LE without a mark, Chinese early", bytes: utf16("\\id GEN 创世记", bigEndian: false),
            encoding: .utf16(bigEndian: false)),
        // VersionSource found no UTF-32 without a mark.
        Case(
            name: "UTF-32 LE without a mark", bytes: utf32("\\id GEN", bigEndian: false),
            encoding: .utf32(bigEndian: false)),
        Case(
            name: "UTF-32 BE without a mark", bytes: utf32("<usx", bigEndian: true), encoding: .utf32(bigEndian: true)),
        // InputCheck called any zero byte among the first four UTF-16 or UTF-32: these are UTF-8 with a NUL.
        Case(
            name: "UTF-8 with a NUL as its fourth byte", bytes: Array("<?x".utf8) + [0, 0x6D],
            encoding: .utf8(byteOrderMark: false)),
        Case(name: "four NUL bytes", bytes: [0, 0, 0, 0], encoding: .utf8(byteOrderMark: false)),
        Case(
            name: "UTF-8 with a NUL as its second byte", bytes: [0x5C, 0x00, 0x69, 0x64],
            encoding: .utf8(byteOrderMark: false)),
    ]

    @Test(arguments: cases)
    func sniffs(_ test: Case) {
        #expect(TextEncoding.sniff(test.bytes) == test.encoding)
    }

    @Test func namesTheWideEncodings() {
        #expect(TextEncoding.utf16(bigEndian: false).wideName == "UTF-16 (little-endian)")
        #expect(TextEncoding.utf32(bigEndian: true).wideName == "UTF-32 (big-endian)")
        #expect(TextEncoding.utf8(byteOrderMark: true).wideName == nil)
        #expect(TextEncoding.utf8(byteOrderMark: true).byteOrderMarkLength == 3)
        #expect(TextEncoding.utf16(bigEndian: true).byteOrderMarkLength == 0)
    }
}
