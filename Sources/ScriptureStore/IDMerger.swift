import Synchronization

/// Merges the books' strings and styles into the file's while the other books are still being encoded: each
/// book's interners are handed over as its encoding ends, and whichever thread hands over the next book in
/// order merges it, and the books after it that are waiting, so that little merging is left once the last
/// book is encoded (a tagged Bible has many styles: merging them all at the end kept one core busy alone).
///
/// The books are merged in book order, so the file's ids are those a merge of all books in a row gives.
final class IDMerger: Sendable {
    /// The file's strings and styles so far, and where each merged book's ids went (`merge(_:)`'s results).
    struct Merged: Sendable {
        var strings = FrequencyInterner<ByteString>()
        var styles = StyleSet()
        var stringIDs: [[Int]] = []
        var styleIDs: [[Int]] = []
    }

    /// The books handed over and not merged yet, the next book to merge, and whether a thread is merging.
    private struct Queue: Sendable {
        var waiting: [Int: (FrequencyInterner<ByteString>, StyleSet)] = [:]
        var next = 0
        var merging = false
    }

    private let queue = Mutex(Queue())
    /// Locked only by the thread merging (so never waited on but at the end).
    private let merged = Mutex(Merged())

    /// Hands over book `index`'s strings and styles, and merges it, with the books after it that are waiting,
    /// when it is the next book and no other thread is merging.
    func add(book index: Int, strings: consuming FrequencyInterner<ByteString>, styles: consuming StyleSet) {
        let merges = queue.withLock { queue in
            queue.waiting[index] = (strings, styles)
            guard !queue.merging else { return false }
            queue.merging = true
            return true
        }
        guard merges else { return }
        while true {
            // The books ready in order, taken under the lock; none left ends this thread's turn, under the same
            // lock, so a book handed over meanwhile is merged by its own thread.
            let batch = queue.withLock { queue in
                var batch: [(FrequencyInterner<ByteString>, StyleSet)] = []
                while let book = queue.waiting.removeValue(forKey: queue.next) {
                    batch.append(book)
                    queue.next += 1
                }
                if batch.isEmpty { queue.merging = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            merged.withLock { merged in
                for (strings, styles) in batch {
                    merged.stringIDs.append(merged.strings.merge(strings))
                    merged.styleIDs.append(merged.styles.merge(styles))
                }
            }
        }
    }

    /// Hands over the strings and styles an encoded book counted (`add(book:strings:styles:)`), leaving it
    /// without them: moved, not copied.
    func add(book index: Int, handingOver encoded: inout BookEncoder.Encoded) {
        var strings = FrequencyInterner<ByteString>()
        var styles = StyleSet()
        swap(&strings, &encoded.strings)
        swap(&styles, &encoded.styles)
        add(book: index, strings: strings, styles: styles)
    }

    /// What was merged, once every book was handed over (the merger is left empty).
    func take() -> Merged {
        merged.withLock { merged in
            defer { merged = Merged() }
            return merged
        }
    }
}
