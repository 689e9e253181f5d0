import Testing

@testable import ScriptureModel

/// `Array<UInt8>.appendDecimal` writes what `String(value)` writes, sign and all, after what is there.
struct DecimalDigitsTests {
    @Test(arguments: [0, 1, 9, 10, 99, 100, 1_234_567, -1, -10, -987, Int.max, Int.min])
    func digitsAreStringsDigits(_ value: Int) {
        var bytes: [UInt8] = Array("GEN ".utf8)
        bytes.appendDecimal(value)
        #expect(bytes == Array("GEN \(value)".utf8))
    }
}
