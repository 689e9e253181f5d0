import Synchronization

/// Which pieces of a store have been checked against their checksums since it was opened: one atomic
/// bit per piece (a posting list, a block of verses), so that each is checked once however many reads
/// need it, and any number of threads may read at once.
///
/// The store's mapping never changes under it (a replaced version is a new file, renamed in), so a piece
/// checked once stays sound for as long as the store is open. All of its pointer code is in this file.
public final class CheckedParts: @unchecked Sendable {
    // `@unchecked`: the words are only read and changed through their atomic operations.
    @usableFromInline let words: UnsafeMutablePointer<Atomic<UInt64>>
    private let wordCount: Int
    /// How many pieces it covers.
    public let count: Int

    /// No piece checked yet, of `count`.
    public init(count: Int) {
        self.count = max(0, count)
        wordCount = (self.count + 63) / 64
        words = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: max(1, wordCount))
        for index in 0..<wordCount { (words + index).initialize(to: Atomic(0)) }
    }

    deinit {
        words.deinitialize(count: wordCount)
        words.deallocate()
    }

    /// Whether piece `index` has been checked (false for an index out of range).
    ///
    /// - Complexity: O(1), one relaxed atomic load (inlined in other modules: the search index asks it for
    ///   every posting list, verse block and dictionary block it reads).
    @inlinable @inline(__always)
    public func contains(_ index: Int) -> Bool {
        guard index >= 0, index < count else { return false }
        return words[index >> 6].load(ordering: .relaxed) & (1 << UInt64(index & 63)) != 0
    }

    /// Notes that piece `index` has been checked (nothing for an index out of range).
    public func insert(_ index: Int) {
        guard index >= 0, index < count else { return }
        words[index >> 6].bitwiseOr(1 << UInt64(index & 63), ordering: .relaxed)
    }
}
