/// The verse labels seen in the current chapter, for reporting duplicates.
///
/// Labels of up to eight bytes (all real ones: `16`, `1-2`, `3a`) are kept as their bytes
/// packed into an integer, which hashes much faster than a `String`; a chapter's set keeps
/// its capacity for the next chapter.
struct USFMVerseLabels {
    private var packed: Set<UInt64> = []
    private var long: Set<String> = []

    /// Adds a label; `false` when the chapter already had it.
    mutating func insert(_ label: String) -> Bool {
        let utf8 = label.utf8
        guard utf8.count <= 8, !utf8.contains(0) else { return long.insert(label).inserted }
        var key: UInt64 = 0
        for byte in utf8 { key = key << 8 | UInt64(byte) }
        return packed.insert(key).inserted
    }

    /// Forgets every label, keeping the storage.
    mutating func removeAll() {
        packed.removeAll(keepingCapacity: true)
        long.removeAll(keepingCapacity: true)
    }
}
