import Dispatch
import Synchronization

/// Runs independent work on every core.
enum Parallel {
    /// `items.map(transform)`, the items spread over the machine's cores; the first error is thrown.
    static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], _ transform: @Sendable (Item) throws(StoreError) -> Result
    ) throws(StoreError) -> [Result] {
        let slots = Mutex<[Swift.Result<Result, StoreError>?]>(Array(repeating: nil, count: items.count))
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            let result: Swift.Result<Result, StoreError>
            do throws(StoreError) {
                result = .success(try transform(items[index]))
            } catch {
                result = .failure(error)
            }
            slots.withLock { $0[index] = result }
        }
        var results: [Result] = []
        results.reserveCapacity(items.count)
        for slot in slots.withLock({ $0 }) {
            switch slot {
            case .success(let value)?: results.append(value)
            case .failure(let error)?: throw error
            case nil: throw .cannotEncode("a parallel task did not finish")
            }
        }
        return results
    }
}
