/// The best hits so far by score, at most `capacity`: a heap in arrays made once, the worst at its root, so
/// that a hit that cannot enter costs one comparison. Ties rank in canon order (the lower verse first).
struct TopHits {
    /// How many hits it keeps.
    let capacity: Int
    private var scores: [Double]
    private var verses: [Int]

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        scores = []
        verses = []
        scores.reserveCapacity(self.capacity)
        verses.reserveCapacity(self.capacity)
    }

    /// Whether it holds `capacity` hits.
    var isFull: Bool { scores.count == capacity }

    /// The worst score kept (the one a hit must reach to enter once it is full).
    var worstScore: Double { scores.first ?? -.infinity }

    /// Whether hit (`score`, `verse`) ranks before hit `index` of the heap.
    @inline(__always)
    private func ranks(_ score: Double, _ verse: Int, before index: Int) -> Bool {
        score != scores[index] ? score > scores[index] : verse < verses[index]
    }

    /// Keeps (`score`, `verse`) if it is among the best `capacity` so far.
    ///
    /// - Complexity: O(1) when it does not enter, O(log capacity) when it does.
    @inline(__always)
    mutating func offer(_ score: Double, _ verse: Int) {
        if scores.count < capacity {
            scores.append(score)
            verses.append(verse)
            var child = scores.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                // The worst at the root: a parent ranks before its children.
                guard ranks(scores[parent], verses[parent], before: child) else { break }
                scores.swapAt(child, parent)
                verses.swapAt(child, parent)
                child = parent
            }
        } else if capacity > 0, ranks(score, verse, before: 0) {
            scores[0] = score
            verses[0] = verse
            var parent = 0
            while true {
                var worst = parent
                for child in (2 * parent + 1)...(2 * parent + 2)
                where child < scores.count && ranks(scores[worst], verses[worst], before: child) {
                    worst = child
                }
                if worst == parent { break }
                scores.swapAt(parent, worst)
                verses.swapAt(parent, worst)
                parent = worst
            }
        }
    }

    /// The hits kept, best first.
    func matches() -> SearchMatches {
        let order = scores.indices.sorted { ranks(scores[$0], verses[$0], before: $1) }
        return SearchMatches(verses: order.map { verses[$0] }, scores: order.map { scores[$0] })
    }
}
