extension Array where Element == UInt8 {
    /// Appends a non-negative number's decimal digits, without making a `String`.
    mutating func appendDecimal(_ value: Int) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for Int.max's 19 digits
        Swift.withUnsafeMutableBytes(of: &digits) { room in
            var rest = UInt(bitPattern: value)
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
