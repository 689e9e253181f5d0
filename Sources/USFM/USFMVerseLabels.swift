/// The verse labels seen in the current chapter, for reporting duplicates.
///
/// Plain verse numbers from 1 to 1023 written without a leading zero (nearly every label)
/// are bits in a small set; anything else (`1-2`, `3a`, `07`) goes into a `Set<String>`.
/// The two never meet: a label is in the bit set only when it is the number's one spelling.
struct USFMVerseLabels {
    private var numbers = [UInt64](repeating: 0, count: 16)
    private var others: Set<String> = []

    /// Adds a label, given as its UTF-8 bytes; `false` when the chapter already had it.
    mutating func insert(_ label: UnsafeBufferPointer<UInt8>) -> Bool {
        var value = 0
        var plain = !label.isEmpty
        for byte in label {
            guard byte >= 0x30, byte <= 0x39, value > 0 || byte != 0x30 else {
                plain = false
                break
            }
            value = value * 10 + Int(byte - 0x30)
            if value >= 1024 {
                plain = false
                break
            }
        }
        guard plain else { return others.insert(String(decoding: label, as: UTF8.self)).inserted }
        let bit: UInt64 = 1 << UInt64(value & 63)
        let seen = numbers[value >> 6] & bit != 0
        numbers[value >> 6] |= bit
        return !seen
    }

    /// Forgets every label, keeping the storage.
    mutating func removeAll() {
        for index in numbers.indices { numbers[index] = 0 }
        others.removeAll(keepingCapacity: true)
    }
}
