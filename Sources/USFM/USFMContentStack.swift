import ScriptureModel

/// The content of all open frames, one after the other, in one growable buffer.
///
/// A frame's content is the part from its start to the next frame's start, so
/// the top frame's content is always the tail. Closing a frame moves the tail
/// out into an array of exactly its size: no element is retained or released on
/// the way, and no small array is grown one element at a time.
struct USFMContentStack: ~Copyable {
    private var base: UnsafeMutablePointer<Inline>
    private var capacity: Int
    /// How many inlines the open frames hold together.
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = UnsafeMutablePointer<Inline>.allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// The inlines from `start` to the end (empty when `start` is out of range); valid until the next change.
    func withContent<Result>(from start: Int, _ body: (UnsafeBufferPointer<Inline>) -> Result) -> Result {
        let from = min(max(start, 0), count)
        return body(UnsafeBufferPointer(start: base + from, count: count - from))
    }

    mutating func append(_ inline: consuming Inline) {
        if count == capacity { grow(to: capacity * 2) }
        (base + count).initialize(to: inline)
        count += 1
    }

    mutating func append(contentsOf inlines: [Inline]) {
        for inline in inlines { append(inline) }
    }

    /// The inline at `index`, or `nil` when out of range.
    func element(at index: Int) -> Inline? {
        guard index >= 0 && index < count else { return nil }
        return base[index]
    }

    /// Replaces the inline at `index` (ignored when out of range).
    mutating func replace(at index: Int, with inline: Inline) {
        guard index >= 0 && index < count else { return }
        base[index] = inline
    }

    /// Moves the inlines from `start` to the end out into an array.
    ///
    /// Long runs are moved with one `memmove`; short ones are appended one by one, because
    /// `Array(unsafeUninitializedCapacity:)` goes through an unspecialized standard library
    /// function that looks up type metadata each time, which costs as much as moving ~40 inlines.
    mutating func take(from start: Int) -> [Inline] {
        let from = min(max(start, 0), count)
        let length = count - from
        guard length > 0 else { return [] }
        let source = base + from
        count = from
        if length < 40 {
            var content: [Inline] = []
            content.reserveCapacity(length)
            for index in 0..<length { content.append((source + index).move()) }
            return content
        }
        let content = [Inline](unsafeUninitializedCapacity: length) { target, initialized in
            guard let address = target.baseAddress else { return }
            address.moveInitialize(from: source, count: length)
            initialized = length
        }
        if content.count != length { source.deinitialize(count: length) }
        return content
    }

    /// Drops the inlines from `start` to the end.
    mutating func remove(from start: Int) {
        let from = min(max(start, 0), count)
        (base + from).deinitialize(count: count - from)
        count = from
    }

    private mutating func grow(to newCapacity: Int) {
        let grown = UnsafeMutablePointer<Inline>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
