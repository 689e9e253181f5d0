import Testing
import TextNormalization

@Suite struct NFCTests {
    @Test(arguments: [
        ("e\u{301}", "\u{E9}"),  // combining acute composes
        ("\u{1F71}", "\u{3AC}"),  // Greek oxia becomes tonos (Nestle 1904 quirk)
        ("\u{F900}", "\u{8C48}"),  // CJK compatibility ideograph (Korean corpus quirk)
        ("\u{2329}", "\u{3008}"),  // angle bracket (Nestle 1904 quirk)
        ("plain ASCII", "plain ASCII"),
        ("Señor", "Señor"),
    ])
    func normalizesToNFC(input: String, expected: String) {
        #expect(NFC.normalize(input).unicodeScalars.elementsEqual(expected.unicodeScalars))
        #expect(NFC.isNormalized(expected))
    }

    @Test func reordersHebrewMarksCanonically() {
        // Hebrew point order as WLC stores it: sheva (U+05B0, ccc 10) after dagesh (U+05BC, ccc 21).
        let wlcOrder = "\u{05D1}\u{05BC}\u{05B0}"
        let normalized = NFC.normalize(wlcOrder)
        #expect(Array(normalized.unicodeScalars.map(\.value)) == [0x05D1, 0x05B0, 0x05BC])
        #expect(!NFC.isNormalized(wlcOrder))
    }
}
