import ScriptureModel
import Testing

@testable import USX

/// The word-at-a-time locator agrees with a plain count of lines and scalars.
@Suite struct SourceLocatorTests {
    static let text = Array("ab\r\nשָׁלוֹם, κόσμε\n\n12345678901234567890 é\u{301}x\n🙂🙂🙂🙂🙂🙂🙂🙂🙂 end\nlast".utf8)

    /// Line and column of every offset, counted one byte at a time.
    static func reference(_ bytes: [UInt8], origin: Int) -> [(line: Int, column: Int)] {
        var answers: [(Int, Int)] = []
        var line = 1
        var column = 1
        for (offset, byte) in bytes.enumerated() {
            answers.append((line, column))
            if offset < origin { continue }
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        answers.append((line, column))
        return answers.enumerated().map { $0.offset <= origin ? (1, 1) : $0.element }
    }

    @Test(arguments: [false, true])
    func everyOffsetForwardAndBackward(withBOM: Bool) {
        let bytes = (withBOM ? [0xEF, 0xBB, 0xBF] : []) + Self.text
        let expected = Self.reference(bytes, origin: withBOM ? 3 : 0)
        bytes.withUnsafeBufferPointer { buffer in
            var locator = SourceLocator(path: "t", bytes: buffer)
            let order = Array(0...bytes.count) + Array((0...bytes.count).reversed()) + [5, 40, 2, 77, 0, 60]
            for offset in order {
                let location = locator.location(at: offset)
                #expect(
                    location.line == expected[offset].line && location.column == expected[offset].column, "at \(offset)"
                )
                #expect(location.offset == offset)
                // Where a scalar starts, its line and column lead back to its offset.
                let startsScalar = offset == bytes.count || bytes[offset] & 0xC0 != 0x80
                if startsScalar && offset >= (withBOM ? 3 : 0) {
                    #expect(
                        locator.location(line: location.line, column: location.column).offset == offset, "at \(offset)")
                }
            }
        }
    }

    @Test func offsetsAfterRepairsPointIntoTheOriginalFile() {
        // Two invalid bytes were each replaced by the three bytes of U+FFFD, at buffer offsets 2 and 7.
        let repaired = Array("ab\u{FFFD}cd\u{FFFD}ef".utf8)
        repaired.withUnsafeBufferPointer { buffer in
            let locator = SourceLocator(path: "t", bytes: buffer, replacements: [2, 7])
            #expect([0, 2, 5, 7, 10, 12].map(locator.originalOffset) == [0, 2, 3, 5, 6, 8])
        }
    }
}
