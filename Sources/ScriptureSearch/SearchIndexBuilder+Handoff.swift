import Synchronization

extension SearchIndexBuilder {
    /// Values for parallel tasks to take, each by one task, so that each is freed on the thread that used it
    /// last rather than all at the end on one.
    final class Handoff<Value: Sendable>: Sendable {
        private let values: Mutex<[Value?]>
        /// How many values it was given.
        let count: Int

        init(_ values: consuming [Value]) {
            count = values.count
            self.values = Mutex(values.map { Optional($0) })
        }

        /// Value `index`, which it no longer holds; nil when taken before.
        func take(_ index: Int) -> Value? {
            values.withLock { values in
                let value = values[index]
                values[index] = nil
                return value
            }
        }
    }
}
