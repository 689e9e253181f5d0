/// The best hits so far by score, at most `capacity`: kept as offered until `capacity` are, then a heap in
/// arrays made once, the worst at its root, so that a hit that cannot enter costs one comparison. Ties rank
/// in canon order (the lower verse first).
struct TopHits {
    /// How many hits it keeps.
    let capacity: Int
    /// The hits kept are the first `count` of each array (made `capacity` long at once).
    private var scores: [Double]
    private var verses: [Int]
    private var count = 0

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        scores = [Double](repeating: 0, count: self.capacity)
        verses = [Int](repeating: 0, count: self.capacity)
    }

    /// Whether it holds `capacity` hits.
    var isFull: Bool { count == capacity }

    /// The worst score kept (the one a hit must reach to enter) once it is full; −∞ before.
    var worstScore: Double { isFull && capacity > 0 ? scores[0] : -.infinity }

    /// Whether hit (`score`, `verse`) ranks before hit (`other`, `otherVerse`).
    @inline(__always)
    private static func ranks(_ score: Double, _ verse: Int, before other: Double, _ otherVerse: Int) -> Bool {
        score != other ? score > other : verse < otherVerse
    }

    /// Keeps (`score`, `verse`) if it is among the best `capacity` so far.
    ///
    /// - Complexity: O(1) until it is full and when the hit does not enter, O(capacity) once when it
    ///   becomes full, O(log capacity) when the hit enters.
    @inline(__always)
    mutating func offer(_ score: Double, _ verse: Int) {
        if count < capacity {
            scores[count] = score
            verses[count] = verse
            count += 1
            if count == capacity { heapify() }
        } else if capacity > 0, Self.ranks(score, verse, before: scores[0], verses[0]) {
            replaceRoot(score, verse)
        }
    }

    /// Offers each of `newScores` with the verse at the same place of `newVerses`, in order: what `offer`
    /// called for each does, the arrays borrowed once for all of them.
    ///
    /// - Complexity: as `offer` for each.
    mutating func offer(scores newScores: UnsafeBufferPointer<Double>, verses newVerses: UnsafeBufferPointer<Int>) {
        let capacity = self.capacity
        var count = self.count
        guard capacity > 0 else { return }
        scores.withUnsafeMutableBufferPointer { scores in
            verses.withUnsafeMutableBufferPointer { verses in
                for index in 0..<min(newScores.count, newVerses.count) {
                    let (score, verse) = (newScores[index], newVerses[index])
                    if count < capacity {
                        scores[count] = score
                        verses[count] = verse
                        count += 1
                        if count == capacity { Self.heapify(scores, verses) }
                    } else if Self.ranks(score, verse, before: scores[0], verses[0]) {
                        Self.siftDown(0, score, verse, scores, verses)
                    }
                }
            }
        }
        self.count = count
    }

    /// Makes the hits a heap, the worst at the root (done once, when they become `capacity`).
    private mutating func heapify() {
        scores.withUnsafeMutableBufferPointer { scores in
            verses.withUnsafeMutableBufferPointer { verses in Self.heapify(scores, verses) }
        }
    }

    /// Makes all of `scores` and `verses` (full: `capacity` hits) a heap, the worst at the root: each parent,
    /// from the last, sifted down.
    private static func heapify(
        _ scores: UnsafeMutableBufferPointer<Double>, _ verses: UnsafeMutableBufferPointer<Int>
    ) {
        var parent = scores.count / 2 - 1
        while parent >= 0 {
            siftDown(parent, scores[parent], verses[parent], scores, verses)
            parent -= 1
        }
    }

    /// Puts (`score`, `verse`) at the root, in place of the worst, and sifts it down.
    private mutating func replaceRoot(_ score: Double, _ verse: Int) {
        scores.withUnsafeMutableBufferPointer { scores in
            verses.withUnsafeMutableBufferPointer { verses in Self.siftDown(0, score, verse, scores, verses) }
        }
    }

    /// Places (`score`, `verse`) at `start` or below it, each child that ranks after it (the worse of the
    /// two) moved up, so that every parent ranks after its children again.
    @inline(__always)
    private static func siftDown(
        _ start: Int, _ score: Double, _ verse: Int, _ scores: UnsafeMutableBufferPointer<Double>,
        _ verses: UnsafeMutableBufferPointer<Int>
    ) {
        let count = scores.count
        var parent = start
        while true {
            var child = 2 * parent + 1
            guard child < count else { break }
            // The worse child: the one that ranks after the other.
            if child + 1 < count, ranks(scores[child], verses[child], before: scores[child + 1], verses[child + 1]) {
                child += 1
            }
            guard ranks(score, verse, before: scores[child], verses[child]) else { break }
            scores[parent] = scores[child]
            verses[parent] = verses[child]
            parent = child
        }
        scores[parent] = score
        verses[parent] = verse
    }

    /// The hits kept, best first: a heap sort of copies of them (the worst, at the root, moved to the end in
    /// turn); the order is total, verses being distinct.
    ///
    /// - Complexity: O(n log n), sorted in its own arrays (no copy when they are not shared).
    consuming func matches() -> SearchMatches {
        // Taken out of `self` (consumed), so that sorting them copies nothing.
        var sortedScores: [Double] = []
        var sortedVerses: [Int] = []
        swap(&sortedScores, &scores)
        swap(&sortedVerses, &verses)
        sortedScores.removeLast(sortedScores.count - count)
        sortedVerses.removeLast(sortedVerses.count - count)
        let full = isFull
        sortedScores.withUnsafeMutableBufferPointer { scores in
            sortedVerses.withUnsafeMutableBufferPointer { verses in
                guard let scoreBase = scores.baseAddress, let verseBase = verses.baseAddress else { return }
                var count = scores.count
                // Kept as offered until full: a heap first.
                if !full {
                    var parent = count / 2 - 1
                    while parent >= 0 {
                        Self.siftDown(parent, scores[parent], verses[parent], scores, verses)
                        parent -= 1
                    }
                }
                while count > 1 {
                    count -= 1
                    let (score, verse) = (scores[count], verses[count])
                    scores[count] = scores[0]
                    verses[count] = verses[0]
                    Self.siftDown(
                        0, score, verse, UnsafeMutableBufferPointer(start: scoreBase, count: count),
                        UnsafeMutableBufferPointer(start: verseBase, count: count))
                }
            }
        }
        return SearchMatches(verses: sortedVerses, scores: sortedScores)
    }
}
