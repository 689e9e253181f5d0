import Synchronization

/// A value made once enough look-ups have asked for it, then kept and shared by every thread: the table a
/// one-off look-up does not pay for and a long-lived one does (the term dictionary's block prefixes, the
/// store's verse → chapter index).
///
/// The value is published through one atomic word (its address, retained), so a look-up after it is made
/// reads it without a lock and without a generic type's metadata. `make` may give nil (bytes that do not
/// make one): nil is then kept for good. Two threads that cross the threshold at once may both make one;
/// the first published is kept.
package final class CountedLazy<Value: AnyObject>: @unchecked Sendable {
    // `@unchecked`: `made` holds a retained, immutable `Value` published once through an atomic exchange.
    /// How many look-ups were counted before the value was made.
    @usableFromInline let lookups = Atomic(0)
    /// The value (retained) as an address once made, `failed` when it could not be, 0 before.
    @usableFromInline let made = Atomic(0)
    /// The look-up that makes the value: the first is 1.
    @usableFromInline let threshold: Int

    @usableFromInline static var failed: Int { 1 }

    /// A value made on the `threshold`-th look-up (1: on the first).
    package init(threshold: Int) {
        self.threshold = threshold
    }

    deinit {
        let address = made.load(ordering: .acquiring)
        if address > Self.failed, let pointer = UnsafeRawPointer(bitPattern: address) {
            Unmanaged<Value>.fromOpaque(pointer).release()
        }
    }

    /// The value once it is made; counts the look-up, and makes it (with `make`) once there were enough.
    /// Nil before, and for good when `make` gave nil.
    ///
    /// - Complexity: O(1) but for the one call that makes it.
    @inlinable @inline(__always)
    package func value(_ make: () -> Value?) -> Value? {
        let address = made.load(ordering: .acquiring)
        if address > Self.failed, let pointer = UnsafeRawPointer(bitPattern: address) {
            return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
        }
        if address == Self.failed { return nil }
        return counted(make)
    }

    /// Counts a look-up; makes and publishes the value once there were enough.
    @inlinable @inline(never)
    func counted(_ make: () -> Value?) -> Value? {
        let done = lookups.wrappingAdd(1, ordering: .relaxed).newValue
        guard done >= threshold else { return nil }
        return publish(make())
    }

    /// Stores `value` (or that it failed) unless another thread made one first; returns the one kept.
    @usableFromInline
    func publish(_ value: Value?) -> Value? {
        let address = value.map { Int(bitPattern: Unmanaged.passRetained($0).toOpaque()) } ?? Self.failed
        let (exchanged, original) = made.compareExchange(
            expected: 0, desired: address, successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
        if exchanged { return value }
        if address > Self.failed, let pointer = UnsafeRawPointer(bitPattern: address) {
            Unmanaged<Value>.fromOpaque(pointer).release()
        }
        guard original > Self.failed, let pointer = UnsafeRawPointer(bitPattern: original) else { return nil }
        return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
    }
}
