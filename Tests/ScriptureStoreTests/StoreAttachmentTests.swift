import Dispatch
import Foundation
import ScriptureModel
import ScriptureStore
import Synchronization
import TestSupport
import Testing

/// What other modules derive from a store is made once, per store and per key; a failure keeps nothing.
struct StoreAttachmentTests {
    struct Failure: Error, Equatable {}

    @Test func aValueIsMadeOnceAndKeptWithItsStore() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try StoreRoundTripTests.sampleStore(directory)
        let made = Mutex(0)
        func count() -> Int {
            made.withLock { $0 += 1 }
            return store.verseCount
        }
        #expect(store.attachment("count", count) == store.verseCount)
        #expect(store.attachment("count", count) == store.verseCount)
        #expect(made.withLock { $0 } == 1)
        // Another key is another value; another store of the same file has its own.
        #expect(store.attachment("name") { store.metadata.abbreviation } == store.metadata.abbreviation)
        let again = try VersionStore(path: store.path)
        #expect(again.attachment("count") { -1 } == -1)
        #expect(store.attachment("count") { -1 } == store.verseCount)
    }

    @Test func aFailureKeepsNothing() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try StoreRoundTripTests.sampleStore(directory)
        #expect(throws: Failure()) { try store.attachment("value") { () throws(Failure) -> Int in throw Failure() } }
        #expect(store.attachment("value") { 7 } == 7)
    }

    @Test func threadsRacingForAValueAllGetTheFirstKept() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try StoreRoundTripTests.sampleStore(directory)
        let seen = Mutex<Set<Int>>([])
        DispatchQueue.concurrentPerform(iterations: 32) { thread in
            let value = store.attachment("racing") { thread }
            seen.withLock { _ = $0.insert(value) }
        }
        #expect(seen.withLock { $0.count } == 1)
    }
}
