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

    /// The largest id it holds, or -1 when it is empty.
    ///
    /// - Complexity: O(capacity / 64).
    var last: Int {
        guard let index = words.lastIndex(where: { $0 != 0 }) else { return -1 }
        return index * 64 + 63 - words[index].leadingZeroBitCount
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

    /// How many ids fall in each book, given each book's first id and then the end (the last book also takes
    /// any id past it).
    ///
    /// - Complexity: O(capacity / 64 + books); a word inside one book is counted at once.
    func counts(bookStarts: [Int]) -> [Int] {
        let books = max(0, bookStarts.count - 1)
        var counts = [Int](repeating: 0, count: books)
        guard books > 0 else { return counts }
        var book = 0
        var end = books > 1 ? bookStarts[1] : Int.max
        var count = 0
        for (index, word) in words.enumerated() where word != 0 {
            let first = index << 6
            while first >= end {
                counts[book] = count
                count = 0
                book += 1
                end = book + 1 < books ? bookStarts[book + 1] : Int.max
            }
            if first + 63 < end {
                count += word.nonzeroBitCount
                continue
            }
            var rest = word
            while rest != 0 {
                let id = first + rest.trailingZeroBitCount
                while id >= end {
                    counts[book] = count
                    count = 0
                    book += 1
                    end = book + 1 < books ? bookStarts[book + 1] : Int.max
                }
                count += 1
                rest &= rest - 1
            }
        }
        counts[book] = count
        return counts
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
