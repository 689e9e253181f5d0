import TestSupport
import Testing

@testable import TextNormalization

/// The inert-scalar table lets NFC skip ICU; ICU must agree with every scalar it lets through.
@Suite struct NFCInertScalarsTests {
    /// Starters of canonical compositions whose second half has combining class 0
    /// (Latin, Greek, Cyrillic, Hangul L and LV, Indic and Balinese vowels, kana).
    static let starters: [Unicode.Scalar] = [
        "A", "e", "\u{391}", "\u{430}", "\u{1100}", "\u{AC00}", "\u{995}", "\u{B47}", "\u{B92}", "\u{BC6}", "\u{CBF}",
        "\u{CC6}", "\u{D46}", "\u{DD9}", "\u{1025}", "\u{1B05}", "\u{304B}",
    ]

    @Test func iCUAgreesWithEveryInertScalarAloneAndAfterEachStarter() {
        let table = NFCInertScalars.shared
        var inert = 0
        var disagreements: [String] = []
        for value in UInt32(0)..<0x10000 where table.contains(value) {
            guard let scalar = Unicode.Scalar(value) else {
                disagreements.append(String(value, radix: 16))
                continue
            }
            inert += 1
            if !NFC.icuIsNormalized(String(Character(scalar))) { disagreements.append(String(value, radix: 16)) }
            for starter in Self.starters {
                var pair = String.UnicodeScalarView()
                pair.append(starter)
                pair.append(scalar)
                if !NFC.icuIsNormalized(String(pair)) { disagreements.append("\(starter.value)+\(value)") }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
        #expect(inert > 50_000, "most of the BMP is inert (\(inert))")
    }

    @Test func tableMatchesTheStandardLibrarysProperties() {
        var wrong: [String] = []
        for value in UInt32(0)..<0x10000 {
            var expected = false
            if !(0x0900..<0x1E00).contains(value), let scalar = Unicode.Scalar(value) {
                let properties = scalar.properties
                switch properties.generalCategory {
                case .unassigned, .privateUse, .surrogate: expected = false
                default:
                    expected =
                        properties.canonicalCombiningClass == .notReordered && !properties.isFullCompositionExclusion
                }
            }
            if NFCInertScalars.shared.contains(value) != expected { wrong.append(String(value, radix: 16)) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
    }

    @Test(arguments: [
        ("In the beginning", true), ("God’s “Spirit”", true), ("起初，\u{3000}神创造天地。", true), ("태초에", true),
        ("В начале", true), ("Trong ban đầu", true), ("e\u{301}", false), ("\u{5D1}\u{5BC}\u{5B0}", false),
        ("\u{F900}", false), ("\u{1100}\u{1161}", false), ("\u{1F71}", false), ("\u{10000}", false),
    ])
    func inertTextNeedsNoICU(text: String, inert: Bool) {
        var copy = text
        #expect(copy.withUTF8 { NFC.isInert($0) } == inert)
        if inert { #expect(NFC.icuIsNormalized(text)) }
    }

    @Test func invalidUTF8IsNeverInert() {
        for bytes: [UInt8] in [
            [0xE4, 0x41, 0x41], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xFF], [0xE4, 0xB8],
        ] {
            #expect(bytes.withUnsafeBufferPointer { NFC.isInert($0) } == false, "\(bytes)")
        }
    }
}
