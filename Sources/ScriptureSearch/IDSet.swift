/// A set of small integers (verses, term ids) as a bitmap: one bit each, 64 to a word, low bit first.
struct IDSet {
    var words: [UInt64]

    /// An empty set for ids `0..<count`.
    init(count: Int) {
        words = [UInt64](repeating: 0, count: (count + 63) / 64)
    }

    @inline(__always)
    mutating func insert(_ id: Int) {
        guard id >= 0, id >> 6 < words.count else { return }
        words[id >> 6] |= 1 << UInt64(id & 63)
    }

    @inline(__always)
    func contains(_ id: Int) -> Bool {
        guard id >= 0, id >> 6 < words.count else { return false }
        return words[id >> 6] & (1 << UInt64(id & 63)) != 0
    }

    /// How many ids it holds.
    ///
    /// - Complexity: O(capacity / 64).
    var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// Keeps only the ids `other` also holds.
    mutating func formIntersection(_ other: IDSet) {
        for index in words.indices {
            words[index] &= index < other.words.count ? other.words[index] : 0
        }
    }

    /// How many ids lie in `range`.
    ///
    /// - Complexity: O(range / 64).
    func count(in range: Range<Int>) -> Int {
        let lower = max(0, range.lowerBound)
        let upper = min(words.count * 64, range.upperBound)
        guard lower < upper else { return 0 }
        let first = lower >> 6
        let last = (upper - 1) >> 6
        var total = 0
        for index in first...last {
            var word = words[index]
            if index == first { word &= ~0 << UInt64(lower & 63) }
            if index == last, upper & 63 != 0 { word &= ~(~0 << UInt64(upper & 63)) }
            total += word.nonzeroBitCount
        }
        return total
    }

    /// Calls `body` with each id in increasing order.
    @inline(__always)
    func forEach<Failure: Error>(_ body: (Int) throws(Failure) -> Void) throws(Failure) {
        for (index, word) in words.enumerated() where word != 0 {
            var rest = word
            while rest != 0 {
                try body(index << 6 + rest.trailingZeroBitCount)
                rest &= rest - 1
            }
        }
    }

    /// The ids in increasing order.
    func sorted() -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(count)
        forEach { result.append($0) }
        return result
    }

    /// At most `limit` ids in increasing order, after the first `skipping`.
    func ids(skipping: Int, limit: Int) -> [Int] {
        var result: [Int] = []
        guard limit > 0 else { return result }
        var skip = skipping
        for (index, word) in words.enumerated() where word != 0 {
            let bits = word.nonzeroBitCount
            if skip >= bits {
                skip -= bits
                continue
            }
            var rest = word
            while rest != 0 {
                if skip > 0 {
                    skip -= 1
                } else {
                    result.append(index << 6 + rest.trailingZeroBitCount)
                    if result.count == limit { return result }
                }
                rest &= rest - 1
            }
        }
        return result
    }
}
