import CByteScan

// Two posting lists intersected while both are decoded, in one C loop (`lectern_intersect_gaps`): the AND
// of two words needs no list of either's verses. Every read checked against the section first (see
// IndexReader.swift).

extension IndexReader {
    /// A posting list stored as gaps: its bytes (`start..<end`) and how many postings.
    struct Gaps {
        var start: Int
        var end: Int
        var count: Int
    }

    /// The verses that both `first` and `second` hold (each below `limit`), increasing.
    ///
    /// - Complexity: O(postings of both up to the last verse of the one that ends first), one allocation.
    func intersect(_ first: Gaps, _ second: Gaps, below limit: Int) throws(IndexDamage) -> [Int] {
        try check(first, second)
        guard let base, first.count > 0, second.count > 0 else { return [] }
        var kept = 0
        let verses = [Int](unsafeUninitializedCapacity: min(first.count, second.count)) { verses, initialized in
            guard let output = verses.baseAddress else { return }
            kept = output.withMemoryRebound(to: Int64.self, capacity: verses.count) { output in
                Int(
                    lectern_intersect_gaps(
                        base + first.start, base + first.end, base + second.start, base + second.end,
                        Int64(verses.count), Int64(limit), output))
            }
            initialized = max(0, kept)
        }
        guard kept >= 0 else { throw IndexDamage(reason: "postings run past their bytes or the last verse") }
        return verses
    }

    /// `intersect(_:_:below:)` with each verse's rank among `first`'s postings then among `second`'s (two a
    /// verse, in `ranks`).
    ///
    /// - Complexity: as `intersect(_:_:below:)`, two allocations.
    func intersectRanked(
        _ first: Gaps, _ second: Gaps, below limit: Int
    ) throws(IndexDamage) -> (verses: [Int], ranks: [Int32]) {
        try check(first, second)
        guard let base, first.count > 0, second.count > 0 else { return ([], []) }
        let capacity = min(first.count, second.count)
        var kept = 0
        var ranks: [Int32] = []
        let verses = [Int](unsafeUninitializedCapacity: capacity) { verses, initialized in
            guard let output = verses.baseAddress else { return }
            ranks = [Int32](unsafeUninitializedCapacity: 2 * capacity) { pairs, made in
                guard let pairs = pairs.baseAddress else { return }
                kept = output.withMemoryRebound(to: Int64.self, capacity: capacity) { output in
                    Int(
                        lectern_intersect_gaps_ranked(
                            base + first.start, base + first.end, Int64(first.count), base + second.start,
                            base + second.end, Int64(second.count), Int64(capacity), Int64(limit), output, pairs))
                }
                made = 2 * max(0, kept)
            }
            initialized = max(0, kept)
        }
        guard kept >= 0 else { throw IndexDamage(reason: "postings run past their bytes or the last verse") }
        return (verses, ranks)
    }

    /// Throws unless both lists' bytes lie inside the section and their counts are not negative.
    private func check(_ first: Gaps, _ second: Gaps) throws(IndexDamage) {
        try check(first.start, first.end - first.start)
        try check(second.start, second.end - second.start)
        guard first.count >= 0, second.count >= 0 else { throw IndexDamage(reason: "a negative posting count") }
    }
}
