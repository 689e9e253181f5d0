import LecternKernels
import Testing

/// The UTF-16 and scalar counts of every range of texts of one- to four-byte characters agree with
/// Swift's own views of the same text.
@Suite struct UTF8CountsTests {
    static let texts = [
        "", "a", "plain ASCII text that runs past sixteen bytes", "é\u{301}", "שָׁלוֹם, κόσμε — “quoted”",
        "🙂🙂🙂 mixed 🙂 with 一二三 and ascii", String(repeating: "x🙂é一", count: 9), "“God with us.”",
        "בְּרֵאשִׁית בָּרָא", "𝄞𝄞a𝄞", "Λόγος ἦν 神 😀 word", String(repeating: "In the beginning “God” 😀 λόγος ", count: 3),
    ]

    @Test(arguments: texts)
    func countsEveryRangeOnCharacters(_ text: String) {
        let bytes = Array(text.utf8)
        // The offsets where a scalar starts (and the end).
        let starts = bytes.indices.filter { bytes[$0] & 0xC0 != 0x80 } + [bytes.count]
        bytes.withUnsafeBufferPointer { buffer in
            #expect(UTF8Counts.utf16Count(buffer) == text.utf16.count)
            for from in starts {
                for to in starts where to >= from {
                    let piece = String(decoding: bytes[from..<to], as: UTF8.self)
                    #expect(UTF8Counts.utf16Count(buffer, from: from, to: to) == piece.utf16.count, "\(from)..<\(to)")
                    #expect(UTF8Counts.scalarCount(buffer, from: from, to: to) == piece.unicodeScalars.count)
                }
            }
        }
    }

    @Test func countsBytesWithTheirTopBitSet() {
        #expect(UTF8Counts.bytesSet(0) == 0)
        #expect(UTF8Counts.bytesSet(0x8080_8080_8080_8080) == 8)
        #expect(UTF8Counts.bytesSet(0x0000_8000_0080_0080) == 3)
    }
}
