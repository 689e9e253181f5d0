import Synchronization

/// The stores a `Library` value and its copies keep open from one call to the next (`Library.openKept`), so
/// that a search of every version maps and checks each file once, not once a search.
///
/// A kept store is handed out again only while its path still names the file it mapped, unchanged (one
/// `stat`: device, inode, length and times, see `FileIdentity`); a replaced, rewritten or removed version is
/// opened afresh (or its error thrown) and the old store let go. Store files are never changed in place by
/// Lectern, so a kept store reads what a fresh one would.
///
/// Opening a store costs little memory (its mapping, of which only the pages read are resident, and its
/// book list), but a library of many versions would keep every one mapped: past `capacity` stores the
/// longest-kept are let go first.
final class KeptStores: Sendable {
    /// How many stores are kept at most.
    static let capacity = 256

    private struct Kept {
        var stores: [Int: VersionStore] = [:]
        /// The ids in `stores`, in the order they were kept (oldest first).
        var order: [Int] = []
    }

    private let kept = Mutex(Kept())

    /// The kept store of version `id` at `path`, if its file is still the one it maps; otherwise the store
    /// `open` gives, kept for next time.
    func store(
        _ id: Int, path: String, open: () throws(StoreError) -> VersionStore
    ) throws(StoreError) -> VersionStore {
        if let store = kept.withLock({ $0.stores[id] }), store.path == path, !store.isReplaced { return store }
        let store: VersionStore
        do {
            store = try open()
        } catch {
            forget(id)
            throw error
        }
        // The stores let go are released after the lock (unmapping takes a system call).
        let released = kept.withLock { kept -> [VersionStore] in
            guard let old = kept.stores.updateValue(store, forKey: id) else {
                kept.order.append(id)
                guard kept.order.count > Self.capacity else { return [] }
                return kept.stores.removeValue(forKey: kept.order.removeFirst()).map { [$0] } ?? []
            }
            return [old]
        }
        withExtendedLifetime(released) {}
        return store
    }

    /// Lets go of the kept store of version `id`, if any (its mapping goes with the last reference to it).
    func forget(_ id: Int) {
        let released = kept.withLock { kept -> VersionStore? in
            guard let store = kept.stores.removeValue(forKey: id) else { return nil }
            kept.order.removeAll { $0 == id }
            return store
        }
        withExtendedLifetime(released) {}
    }

    /// How many stores are kept now.
    var count: Int { kept.withLock { $0.stores.count } }
}
