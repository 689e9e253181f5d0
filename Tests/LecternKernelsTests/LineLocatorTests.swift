import LecternKernels
import Testing

/// The one line and column locator agrees with a plain count of lines and scalars, at every offset, in
/// file order and out of it, with its line starts given (as USFM has them) and counted as it goes (as USX
/// does); and libxml2's lines and columns lead back to their offsets.
@Suite struct LineLocatorTests {
    static let text = Array("ab\r\nשָׁלוֹם, κόσμε\n\n12345678901234567890 é\u{301}x\n🙂🙂🙂🙂🙂🙂🙂🙂🙂 end\nlast".utf8)

    /// Line and column of every offset, counted one byte at a time; a byte order mark (`origin` bytes) is no
    /// column.
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

    /// The offset after each line feed, 0 first.
    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var withBOM: Bool
        var withLineStarts: Bool
        var testDescription: String {
            "\(withBOM ? "a" : "no") byte order mark, lines \(withLineStarts ? "given" : "counted")"
        }
    }

    static let cases = [false, true].flatMap { bom in [false, true].map { Case(withBOM: bom, withLineStarts: $0) } }

    @Test(arguments: cases)
    func everyOffsetForwardAndBackward(_ test: Case) {
        let bytes = (test.withBOM ? [0xEF, 0xBB, 0xBF] : []) + Self.text
        let expected = Self.reference(bytes, origin: test.withBOM ? 3 : 0)
        bytes.withUnsafeBufferPointer { buffer in
            var locator = LineLocator(bytes: buffer, lineStarts: test.withLineStarts ? Self.lineStarts(bytes) : [])
            #expect(locator.origin == (test.withBOM ? 3 : 0))
            let order = Array(0...bytes.count) + Array((0...bytes.count).reversed()) + [5, 40, 2, 77, 0, 60]
            for offset in order {
                let place = locator.place(at: offset)
                #expect(place.line == expected[offset].line && place.column == expected[offset].column, "at \(offset)")
                #expect(place.offset == offset)
                // Where a scalar starts, its line and column lead back to its offset.
                let startsScalar = offset == bytes.count || bytes[offset] & 0xC0 != 0x80
                if startsScalar && offset >= locator.origin {
                    let back = locator.place(line: place.line, column: place.column)
                    #expect(back.offset == offset, "at \(offset)")
                    #expect(back.line == place.line && back.column == place.column)
                    // And the cursor, left there, goes on from it.
                    #expect(locator.place(at: offset) == place, "at \(offset)")
                }
            }
        }
    }

    /// An offset past the bytes is the end's place; a column past a line's end is that line's end.
    @Test(arguments: cases)
    func clampsWhatLiesOutside(_ test: Case) {
        let bytes = (test.withBOM ? [0xEF, 0xBB, 0xBF] : []) + Array("one\ntwo".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var locator = LineLocator(bytes: buffer, lineStarts: test.withLineStarts ? Self.lineStarts(bytes) : [])
            #expect(locator.place(at: bytes.count + 10) == LinePlace(line: 2, column: 4, offset: bytes.count))
            #expect(locator.place(at: -4) == LinePlace(line: 1, column: 1, offset: 0))
            let lineEnd = (test.withBOM ? 3 : 0) + 3
            #expect(locator.place(line: 1, column: 40).offset == lineEnd)
        }
    }

    @Test func offsetsAfterRepairsPointIntoTheOriginalFile() {
        // Two invalid bytes were each replaced by the three bytes of U+FFFD, at offsets 2 and 7 of the copy.
        let repaired = Array("ab\u{FFFD}cd\u{FFFD}ef".utf8)
        repaired.withUnsafeBufferPointer { buffer in
            var locator = LineLocator(bytes: buffer, replacements: [2, 7])
            #expect([0, 2, 5, 7, 10, 12].map(locator.originalOffset) == [0, 2, 3, 5, 6, 8])
            // The column counts the copy's scalars: one for each U+FFFD, as for the byte it stands for.
            #expect(locator.place(at: 10) == LinePlace(line: 1, column: 7, offset: 6))
        }
        #expect(LineLocator.originalOffset(9, replacements: [2, 7]) == 5)
    }
}
