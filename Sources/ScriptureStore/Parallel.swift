import Dispatch
import Synchronization

/// Runs independent work on every core: the one parallel map of the package (Dispatch's
/// `concurrentPerform`, results kept in order, the first error thrown).
package enum Parallel {
    /// `(0..<count).map(transform)`, the indices spread over the machine's cores; the first error is thrown.
    package static func map<Result: Sendable, Failure: Error>(
        count: Int, _ transform: @Sendable (Int) throws(Failure) -> Result
    ) throws(Failure) -> [Result] {
        guard count > 0 else { return [] }
        let slots = Mutex<[Swift.Result<Result, Failure>?]>(Array(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result: Swift.Result<Result, Failure>
            do throws(Failure) {
                result = .success(try transform(index))
            } catch {
                result = .failure(error)
            }
            slots.withLock { $0[index] = result }
        }
        var results: [Result] = []
        results.reserveCapacity(count)
        for slot in slots.withLock({ $0 }) {
            switch slot {
            case .success(let value)?: results.append(value)
            case .failure(let error)?: throw error
            // concurrentPerform returns after every iteration ran, so each slot is set.
            case nil: preconditionFailure("a parallel task did not finish")
            }
        }
        return results
    }

    /// `items.map(transform)`, the items spread over the machine's cores; the first error is thrown.
    package static func map<Item: Sendable, Result: Sendable, Failure: Error>(
        _ items: [Item], _ transform: @Sendable (Item) throws(Failure) -> Result
    ) throws(Failure) -> [Result] {
        try map(count: items.count) { index throws(Failure) in try transform(items[index]) }
    }
}
