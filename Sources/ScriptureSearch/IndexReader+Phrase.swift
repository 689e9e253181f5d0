// A phrase looked for in a verse's tokens while they are decoded, in one pointer loop that stops at the
// first occurrence; every read checked against the region (see IndexReader.swift).

extension IndexReader {
    /// Whether the words `words` (each a first folded id and a count: a word or a prefix) occur one after
    /// another among the tokens in `range` (exact ids below `limit`), each mapped through the u32 `table` to
    /// its folded id (below `mappedLimit`), those that map to `skipped` left out, as `IndexView.tokens`
    /// gives them in the default mode. `buffer` holds the folded ids decoded so far (grown when too short).
    ///
    /// Decoding stops at the first occurrence: the verse's block was checked against its CRC-32C when its
    /// range was read, so the bytes past it need no reading.
    ///
    /// - Complexity: O(tokens up to the first occurrence × words), no allocation once `buffer` is long enough.
    func phraseOccurs(
        in range: Range<Int>, below limit: Int, table: Int, mappedBelow mappedLimit: Int, skipping skipped: Int,
        words: UnsafeBufferPointer<(first: Int32, count: UInt32)>, buffer: inout [Int32]
    ) throws(IndexDamage) -> Bool {
        try check(range.lowerBound, range.count)
        try check(table, limit * 4)
        guard let base, let last = words.last else { return false }
        Self.grow(&buffer, to: range.count)
        let length = words.count
        var failure: IndexDamage?
        let found = buffer.withUnsafeMutableBufferPointer { folded -> Bool in
            let values = UnsafeRawPointer(base + table)
            var pointer = base + range.lowerBound
            let end = base + range.upperBound
            var count = 0
            while pointer < end {
                guard let id = Self.varint(&pointer, end), id < limit else {
                    failure = IndexDamage(reason: "a token of the verse is damaged")
                    return false
                }
                let value = Int(UInt32(littleEndian: values.loadUnaligned(fromByteOffset: id * 4, as: UInt32.self)))
                if value == skipped { continue }
                guard value < mappedLimit else {
                    failure = IndexDamage(reason: "an exact id folds to \(value)")
                    return false
                }
                // Each kept token takes a byte or more, so `count` stays below the buffer's length.
                let token = Int32(truncatingIfNeeded: value)
                folded[count] = token
                count += 1
                // The last word first: most tokens end no occurrence.
                guard count >= length, UInt32(bitPattern: token &- last.first) < last.count else { continue }
                var word = length - 2
                let start = count - length
                while word >= 0, UInt32(bitPattern: folded[start + word] &- words[word].first) < words[word].count {
                    word -= 1
                }
                if word < 0 { return true }
            }
            return false
        }
        if let failure { throw failure }
        return found
    }
}
