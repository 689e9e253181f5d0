extension Array {
    /// The elements in a new array of exactly their number, this one keeping its room: `Array(self[...])`
    /// would share this array's buffer, room and all.
    func exactCopy() -> [Element] {
        guard !isEmpty else { return [] }
        return withUnsafeBufferPointer { source in
            [Element](unsafeUninitializedCapacity: source.count) { target, initialized in
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                to.initialize(from: from, count: source.count)
                initialized = source.count
            }
        }
    }
}
