import Synchronization

/// Values derived from a store once and kept with it, by key: every style's marker for `styledChapter`, or
/// the search index's opened dictionaries, so that `VersionStore.search` does not open them again on every
/// call.
///
/// A value must not hold the store it is attached to: the store would then keep itself (and its mapping)
/// alive. Values are made outside the lock; two threads that ask at once may both make one, and the first
/// stored is kept.
final class StoreAttachments: Sendable {
    private let values = Mutex<[String: any Sendable]>([:])

    /// The value under `key`, made by `make` on first use; an error is thrown and nothing is kept.
    func value<Value: Sendable, Failure: Error>(
        _ key: String, _ make: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        if let found = values.withLock({ $0[key] }) as? Value { return found }
        let made = try make()
        return values.withLock { values in
            if let first = values[key] as? Value { return first }
            values[key] = made
            return made
        }
    }
}

extension VersionStore {
    /// The value under `key` derived from this store, made by `make` on its first use and kept as long as
    /// the store is; a `make` that throws keeps nothing, so the next call tries again.
    ///
    /// The value must not hold this store (it would keep the store mapped for ever). Thread-safe.
    public func attachment<Value: Sendable, Failure: Error>(
        _ key: String, _ make: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        try attachments.value(key, make)
    }
}
