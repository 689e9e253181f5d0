import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Gives memory that was freed back to the system (glibc's `malloc_trim`, looked up at run time since the
/// Swift module of Glibc does not declare it; nothing elsewhere).
///
/// Freed small blocks stay in the process (its resident size) until they are reused; the large buffers an
/// import grows next (a book's encoded text, its content) are mapped apart and do not reuse them. An import
/// that lets go of a part of its input (a chapter's model once encoded, verse texts once tokenized) calls
/// `freed(_:)`, so that its peak memory is what it holds, not what it ever held.
package enum MemoryRelease {
    /// The bytes let go since the last trim, counted across the whole process: an import encodes many books
    /// at once, each of which alone may never free a `step`.
    private static let pending = Atomic<Int>(0)

    /// How many bytes are let go between two trims.
    package static let step = 32 << 20

    /// Notes that about `bytes` were let go, and trims once `step` of them are (in this process, by any
    /// thread).
    package static func freed(_ bytes: Int) {
        let total = Self.pending.add(bytes, ordering: .relaxed).newValue
        guard total >= Self.step else { return }
        // One thread trims for all: the one that takes the count back to zero.
        guard Self.pending.compareExchange(expected: total, desired: 0, ordering: .relaxed).exchanged else { return }
        Self.trim()
    }

    /// Calls `malloc_trim(0)` where there is one.
    package static func trim() {
        #if canImport(Glibc)
            guard let trim = mallocTrim else { return }
            _ = trim(0)
        #endif
    }

    #if canImport(Glibc)
        private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        }()
    #endif
}
