/// A small hash table from non-negative ids (pool strings, styles) to values, for what a decoder works
/// out once per stream: open addressing over two arrays, so a lookup is a multiply, a mask and a compare,
/// with no hashing of the id and no allocation once the table has grown to the stream's needs.
struct IDCache<Value> {
    private var keys: [Int]
    private var values: [Value]
    private var count = 0
    private var mask: Int
    private let placeholder: Value

    /// An empty table; `placeholder` fills the unused value slots.
    init(placeholder: Value, capacity: Int = 128) {
        var size = 16
        while size < capacity { size *= 2 }
        keys = Array(repeating: -1, count: size)
        values = Array(repeating: placeholder, count: size)
        mask = size - 1
        self.placeholder = placeholder
    }

    /// The value for `id`, if one was set.
    @inline(__always)
    func value(for id: Int) -> Value? {
        var slot = Self.slot(id, mask)
        while true {
            let key = keys[slot]
            if key == id { return values[slot] }
            if key < 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Sets the value for `id` (which must not be negative).
    mutating func set(_ value: Value, for id: Int) {
        if (count + 1) * 2 > keys.count { grow() }
        var slot = Self.slot(id, mask)
        while keys[slot] >= 0, keys[slot] != id { slot = (slot + 1) & mask }
        if keys[slot] < 0 { count += 1 }
        keys[slot] = id
        values[slot] = value
    }

    @inline(__always)
    private static func slot(_ id: Int, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: id) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    private mutating func grow() {
        let (oldKeys, oldValues) = (keys, values)
        keys = Array(repeating: -1, count: oldKeys.count * 2)
        values = Array(repeating: placeholder, count: oldKeys.count * 2)
        mask = keys.count - 1
        count = 0
        for index in oldKeys.indices where oldKeys[index] >= 0 { set(oldValues[index], for: oldKeys[index]) }
    }
}
