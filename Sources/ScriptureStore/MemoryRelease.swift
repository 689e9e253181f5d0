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
package struct MemoryRelease {
    private var pending = 0

    /// How many bytes are let go between two trims.
    package static let step = 32 << 20

    package init() {}

    /// Notes that about `bytes` were let go, and trims once `step` of them are.
    package mutating func freed(_ bytes: Int) {
        pending += bytes
        guard pending >= Self.step else { return }
        pending = 0
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
