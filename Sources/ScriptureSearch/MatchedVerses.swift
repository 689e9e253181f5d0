/// The verses a query matches, in increasing order: a list, or a bitmap when they came from one (a
/// common word's postings, the union of a prefix's terms), so that counting them need not list them.
enum MatchedVerses {
    /// Verse indices, increasing.
    case list([Int])
    /// One bit per verse of the verse table.
    case bitmap(IDSet)

    /// How many verses match.
    ///
    /// - Complexity: O(1) for a list, O(V / 64) for a bitmap.
    var count: Int {
        switch self {
        case .list(let verses): verses.count
        case .bitmap(let set): set.count
        }
    }

    /// Every verse, increasing.
    var list: [Int] {
        switch self {
        case .list(let verses): verses
        case .bitmap(let set): set.sorted()
        }
    }

    /// Calls `body` with each verse in increasing order.
    func forEach<Failure: Error>(_ body: (Int) throws(Failure) -> Void) throws(Failure) {
        switch self {
        case .list(let verses):
            for verse in verses { try body(verse) }
        case .bitmap(let set):
            try set.forEach(body)
        }
    }

    /// At most `limit` verses in increasing order, after the first `skipping`.
    func verses(skipping: Int, limit: Int) -> [Int] {
        switch self {
        case .list(let verses):
            guard skipping < verses.count else { return [] }
            return Array(verses[skipping..<min(verses.count, skipping + max(0, limit))])
        case .bitmap(let set):
            return set.ids(skipping: skipping, limit: limit)
        }
    }

    /// The verses `scope` also holds.
    func restricted(to scope: IDSet?) -> MatchedVerses {
        guard let scope else { return self }
        switch self {
        case .list(var verses):
            verses.removeAll { !scope.contains($0) }
            return .list(verses)
        case .bitmap(var set):
            set.formIntersection(scope)
            return .bitmap(set)
        }
    }

    /// The first index from `start` on whose verse is not below `bound` (`verses` increasing): a galloping
    /// search, so that a book without hits costs one comparison.
    private static func partition(_ verses: [Int], from start: Int, below bound: Int) -> Int {
        guard start < verses.count, verses[start] < bound else { return start }
        var low = start + 1
        var step = 1
        while low + step < verses.count, verses[low + step - 1] < bound {
            low += step
            step *= 2
        }
        var high = min(verses.count, low + step)
        while low < high {
            let middle = (low + high) / 2
            if verses[middle] < bound { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// How many verses fall in each book, given each book's first verse and then the verse count.
    ///
    /// - Complexity: O(books + Σ log(hits in a book)) for a list, O(V / 64 + books) for a bitmap.
    func counts(bookStarts: [Int]) -> [Int] {
        let books = max(0, bookStarts.count - 1)
        var counts = [Int](repeating: 0, count: books)
        switch self {
        case .list(let verses):
            // Each book's hits are those before the next book's first verse (the last book takes the rest).
            var start = 0
            for book in 0..<books {
                let end =
                    book + 1 < books ? Self.partition(verses, from: start, below: bookStarts[book + 1]) : verses.count
                counts[book] = end - start
                start = end
            }
        case .bitmap(let set):
            for book in 0..<books {
                // The last book also takes any verse past the table, as the list case does.
                let end = book + 1 < books ? bookStarts[book + 1] : Int.max
                counts[book] = set.count(in: (book == 0 ? 0 : bookStarts[book])..<end)
            }
        }
        return counts
    }
}
