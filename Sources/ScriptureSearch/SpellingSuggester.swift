/// "Did you mean": the indexed words nearest to a word the index does not have.
enum SpellingSuggester {
    /// Up to `limit` indexed words nearest to the folded `word`, nearest first, then the most frequent;
    /// each in its most frequent written form.
    ///
    /// Nearest is the optimal string alignment distance (insertions, deletions, substitutions and
    /// transpositions of neighbours, counted in Unicode scalars): at most 1 for words of up to 4 letters,
    /// 2 for longer ones. Only terms whose length is within that distance are compared.
    /// - Complexity: O(terms × word length²) at worst; a few milliseconds for a Bible's vocabulary.
    static func nearest(_ word: String, in index: IndexView, limit: Int = 3) throws(IndexDamage) -> [String] {
        let target = Array(word.unicodeScalars)
        guard !target.isEmpty else { return [] }
        let maximum = target.count <= 4 ? 1 : 2
        var found: [(rank: Int, distance: Int, frequency: Int)] = []
        try index.folded.forEach { rank, bytes, _ throws(IndexDamage) in
            let candidate = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
            guard abs(candidate.count - target.count) <= maximum,
                let distance = distance(target, candidate, limit: maximum)
            else { return }
            found.append((rank, distance, try index.postings(rank).documentFrequency))
        }
        found.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.frequency > $1.frequency }
        return try found.prefix(limit).map { entry throws(IndexDamage) in try writtenForm(entry.rank, in: index) }
    }

    /// The most frequent exact form of folded term `rank` (exact ids rank terms by frequency).
    static func writtenForm(_ rank: Int, in index: IndexView) throws(IndexDamage) -> String {
        var best: Int?
        for id in 0..<index.layout.exactCount where try index.foldedID(ofExact: id) == rank {
            best = id
            break
        }
        var form: [UInt8]?
        if let best {
            try index.exact.forEach { _, bytes, value in
                if value == best, form == nil { form = bytes }
            }
        }
        if let form { return String(decoding: form, as: UTF8.self) }
        return String(decoding: try index.folded.term(rank).term, as: UTF8.self)
    }

    /// The optimal string alignment distance between `a` and `b`, or nil when it exceeds `limit`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
        if a == b { return 0 }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, previous2[j - 2] + 1) }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return nil }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
