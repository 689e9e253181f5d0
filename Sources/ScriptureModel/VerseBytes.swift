/// The text of the verse being collected: bytes appended through a pointer, in room that grows by doubling
/// and is kept for the next verse (an `Array` checks its uniqueness and room at every byte).
///
/// Copies share the room until `makeUnique()`: the collector calls it before each walk, so a copied collector
/// never writes where its original does.
struct VerseBytes {
    /// The room: allocated once, freed with the last value that refers to it.
    private final class Room {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        deinit { base.deallocate() }
    }

    private var room: Room
    /// `room`'s start and size, read without going through the object.
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// The bytes of the text so far.
    var count = 0

    init(capacity: Int = 1024) {
        room = Room(capacity: capacity)
        base = room.base
        self.capacity = capacity
    }

    /// The text so far.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Makes room for `extra` more bytes after `count`.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        replaceRoom(capacity: Swift.max(needed, capacity * 2))
    }

    /// Gives this value room of its own, with its bytes, if it shares its room with a copy.
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&room) { replaceRoom(capacity: capacity) }
    }

    /// Lets go of room past `limit` bytes when the text is empty (after a huge verse, so that it is not kept
    /// for the verses after it).
    mutating func shrink(above limit: Int, to size: Int) {
        if count == 0, capacity > limit { replaceRoom(capacity: size) }
    }

    private mutating func replaceRoom(capacity newCapacity: Int) {
        let newRoom = Room(capacity: newCapacity)
        newRoom.base.initialize(from: base, count: count)
        room = newRoom
        base = newRoom.base
        capacity = newCapacity
    }

    /// Removes the first `k` bytes, moving the rest to the start.
    mutating func removeFirst(_ k: Int) {
        guard k > 0 else { return }
        UnsafeMutableRawPointer(base).copyMemory(from: base + k, byteCount: count - k)
        count -= k
    }

    /// The last character of the text, if any.
    func lastScalar() -> Unicode.Scalar? {
        guard count > 0 else { return nil }
        var start = count - 1
        while start > 0 && base[start] & 0xC0 == 0x80 { start -= 1 }
        return String(decoding: UnsafeBufferPointer(start: base + start, count: count - start), as: UTF8.self)
            .unicodeScalars.first
    }
}
