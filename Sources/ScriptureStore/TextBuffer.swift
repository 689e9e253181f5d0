/// A growable byte buffer for the UTF-8 text of a paragraph being decoded, reused across paragraphs.
///
/// Appending is a capacity check and a store: unlike `[UInt8]`, no uniqueness check per byte.
/// The buffer owns its memory and frees it when the last reference goes.
final class TextBuffer {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes the buffer holds.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes before it grows.
    init(capacity: Int = 512) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Empties the buffer, keeping its memory.
    func removeAll() { count = 0 }

    /// Appends one byte.
    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    /// Makes room for `length` more bytes and counts them as written: the caller fills them at once
    /// through the returned address (`length` must not be negative).
    @inline(__always)
    func appendUninitialized(_ length: Int) -> UnsafeMutablePointer<UInt8> {
        if length > capacity - count { grow(to: count + length) }
        let target = base + count
        count += length
        return target
    }

    /// Appends `length` bytes from `source`, with a space before and one after when asked.
    ///
    /// `readable` is how many bytes may be read from `source` (at least `length`): when there are 16 and
    /// the run is no longer, it is copied as two 8-byte words (a word of a verse, without a loop per byte).
    @inline(__always)
    func append(
        _ source: UnsafePointer<UInt8>, length: Int, readable: Int, leadingSpace: Bool, trailingSpace: Bool
    ) {
        if length > capacity - count - 18 { grow(to: count + length + 18) }
        var target = base + count
        if leadingSpace {
            target.pointee = 0x20
            target += 1
        }
        if length <= 16, readable >= 16 {
            let raw = UnsafeRawPointer(source)
            let words = (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            UnsafeMutableRawPointer(target).storeBytes(of: words.0, as: UInt64.self)
            UnsafeMutableRawPointer(target).storeBytes(of: words.1, toByteOffset: 8, as: UInt64.self)
        } else if length > 0 {
            target.update(from: source, count: length)
        }
        target += length
        if trailingSpace {
            target.pointee = 0x20
            target += 1
        }
        count = target - base
    }

    /// The bytes as a string (invalid UTF-8 becomes U+FFFD).
    func string() -> String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    private func grow(to minimum: Int) {
        var newCapacity = capacity * 2
        while newCapacity < minimum { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
