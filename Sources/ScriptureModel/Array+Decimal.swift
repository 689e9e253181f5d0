extension Array where Element == UInt8 {
    /// Appends a number's decimal digits (after a `-` when it is negative), as `String(value)` has them,
    /// without making a `String`.
    mutating func appendDecimal(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for Int.min's 19 digits
        Swift.withUnsafeMutableBytes(of: &digits) { room in
            var rest = value.magnitude
            var index = room.count
            repeat {
                index -= 1
                room[index] = UInt8(truncatingIfNeeded: 0x30 &+ rest % 10)
                rest /= 10
            } while rest > 0
            append(contentsOf: UnsafeRawBufferPointer(rebasing: room[index...]))
        }
    }
}
