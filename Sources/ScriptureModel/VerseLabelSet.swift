/// The verse labels seen in the current chapter, for reporting duplicates (the USFM, USX and USJ readers').
///
/// Plain verse numbers from 1 to 1023 written without a leading zero (nearly every label)
/// are bits in a small set; anything else (`1-2`, `3a`, `07`) goes into a `Set<String>`.
/// The two never meet: a label is in the bit set only when it is the number's one spelling.
package struct VerseLabelSet {
    private var numbers = [UInt64](repeating: 0, count: 16)
    private var others: Set<String> = []

    package init() {}

    /// Adds a label, given as its UTF-8 bytes; `false` when the chapter already had it.
    package mutating func insert(_ label: UnsafeBufferPointer<UInt8>) -> Bool {
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

    /// Adds a label; `false` when the chapter already had it.
    package mutating func insert(_ label: String) -> Bool {
        var label = label
        return label.withUTF8 { insert($0) }
    }

    /// Forgets every label, keeping the storage.
    package mutating func removeAll() {
        for index in numbers.indices { numbers[index] = 0 }
        others.removeAll(keepingCapacity: true)
    }
}
