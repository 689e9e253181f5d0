/// How verse labels (`16`, `15-16`, `3a`) are stored and matched against verse numbers.
public enum VerseLabel {
    /// The labels of the numbers below 256, made once: most verse labels are one of them.
    private static let small = (0..<256).map(String.init)

    /// The label of verse number `number`: its decimal digits (shared strings below 256).
    public static func label(_ number: Int) -> String {
        number >= 0 && number < small.count ? small[number] : String(number)
    }

    /// The label as a plain number when it is one, written the canonical way (digits, no leading zero, below 2³¹).
    public static func number(_ label: String) -> Int? {
        var value = 0
        var digits = 0
        for byte in label.utf8 {
            guard byte >= 0x30, byte <= 0x39, digits < 9 else { return nil }
            if digits == 1, value == 0 { return nil }
            value = value * 10 + Int(byte - 0x30)
            digits += 1
        }
        return digits == 0 ? nil : value
    }

    /// The verse numbers a label covers: `15-16` → 15…16, `3a` → 3…3, `7` → 7…7; nil when it starts with no number.
    public static func range(_ label: String) -> ClosedRange<Int>? {
        let bytes = Array(label.utf8)
        var index = 0
        func readNumber() -> Int? {
            var value = 0
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, index - start < 9 {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            return index > start ? value : nil
        }
        guard let first = readNumber() else { return nil }
        while index < bytes.count, bytes[index] != 0x2D { index += 1 }
        guard index < bytes.count else { return first...first }
        index += 1
        guard let last = readNumber(), last >= first else { return first...first }
        return first...last
    }
}
