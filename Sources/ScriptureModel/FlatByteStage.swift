/// Bytes on their way into a `FlatContentBuilder`'s content, appended to it in one step: a text
/// node's bytes are staged in a buffer that only grows, so adding a short run costs a few stores
/// instead of an array append. Nodes staged into it record the offsets their bytes will have.
public struct FlatByteStage: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// The number of bytes staged.
    public internal(set) var count: Int {
        @inlinable get { storedCount }
        set { storedCount = newValue }
    }
    @usableFromInline var storedCount = 0

    /// The buffer and its size, for a reader that stages bytes itself (then sets `count`).
    package var bytes: UnsafeMutablePointer<UInt8> { base }
    package var room: Int { capacity }
    package mutating func setCount(_ newCount: Int) { storedCount = min(max(newCount, 0), capacity) }

    /// Creates an empty stage.
    public init() {
        capacity = 1 << 16
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    @inlinable @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let length = bytes.count
        if storedCount &+ length > capacity { grow(to: max(capacity &* 2, storedCount &+ length)) }
        guard let source = bytes.baseAddress else { return }
        let target = base + storedCount
        if length <= 16 {
            Self.copyShort(from: source, to: target, count: length)
        } else {
            target.initialize(from: source, count: length)
        }
        storedCount &+= length
    }

    /// Copies up to sixteen bytes with two loads and two stores that may overlap (three bytes for fewer than four).
    @inlinable @inline(__always)
    static func copyShort(from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        if count >= 8 {
            let first = from.loadUnaligned(as: UInt64.self)
            let last = from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            to.storeBytes(of: first, as: UInt64.self)
            to.storeBytes(of: last, toByteOffset: count &- 8, as: UInt64.self)
        } else if count >= 4 {
            let first = from.loadUnaligned(as: UInt32.self)
            let last = from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            to.storeBytes(of: first, as: UInt32.self)
            to.storeBytes(of: last, toByteOffset: count &- 4, as: UInt32.self)
        } else if count > 0 {
            target[0] = source[0]
            target[count >> 1] = source[count >> 1]
            target[count &- 1] = source[count &- 1]
        }
    }

    @inlinable @inline(__always)
    mutating func appendSpace() {
        if storedCount &+ 1 > capacity { grow(to: capacity &* 2) }
        base[storedCount] = 0x20
        storedCount &+= 1
    }

    @usableFromInline
    mutating func grow(to newCapacity: Int) {
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.initialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
