/// A growable list of the spans of a paragraph being decoded, reused across paragraphs.
///
/// Appending is a capacity check and a store: unlike `[StyledSpan]`, no uniqueness check and no call per
/// span. Spans are plain memory (`StyledSpan` holds no reference), so the list copies them out with one
/// `memcpy`. The buffer owns its memory and frees it when the last reference goes.
final class SpanBuffer {
    private var base: UnsafeMutablePointer<StyledSpan>
    private var capacity: Int
    /// How many spans the buffer holds.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` spans before it grows.
    init(capacity: Int = 128) {
        self.capacity = max(4, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Empties the buffer, keeping its memory.
    func removeAll() { count = 0 }

    /// Appends a span.
    @inline(__always)
    func append(_ span: StyledSpan) {
        if count == capacity { grow() }
        (base + count).initialize(to: span)
        count += 1
    }

    /// Sets where span `index` (one this buffer holds) ends.
    @inline(__always)
    func setEnd(of index: Int, to end: Int) {
        guard index >= 0, index < count else { return }
        base[index].range = base[index].range.lowerBound..<max(end, base[index].range.lowerBound)
    }

    /// The spans as an array (empty without allocating when there are none).
    func array() -> [StyledSpan] {
        guard count > 0 else { return [] }
        return [StyledSpan](unsafeUninitializedCapacity: count) { target, initialized in
            target.baseAddress?.initialize(from: base, count: count)
            initialized = count
        }
    }

    private func grow() {
        let newCapacity = capacity * 2
        let grown = UnsafeMutablePointer<StyledSpan>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
