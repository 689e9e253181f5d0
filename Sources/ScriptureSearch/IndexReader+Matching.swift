// A verse's tokens decoded and matched against a query's words, and its attribute entries decoded, in
// tight pointer loops, for highlighting; every read checked against the region (see IndexReader.swift).

extension IndexReader {
    /// The token ids in `range` (each below `limit`) written to the start of `tokens`, and the places of those
    /// whose value in the u32 `table` (below `mappedLimit`, or `skipped` for none) lies in one of `words` (a
    /// first value and a count each) written in order to the start of `places`; both grow when too short.
    /// Returns how many of each.
    ///
    /// - Complexity: O(range × words); no allocation once the buffers are long enough.
    func matchWords(
        in range: Range<Int>, below limit: Int, table: Int, mappedBelow mappedLimit: Int, skipping skipped: Int,
        words: [(first: Int32, count: UInt32)], into tokens: inout [Int32], places: inout [Int]
    ) throws(IndexDamage) -> (tokens: Int, places: Int) {
        try check(range.lowerBound, range.count)
        try check(table, limit * 4)
        Self.grow(&tokens, to: range.count)
        if places.count < range.count { places = [Int](repeating: 0, count: max(range.count, 256, 2 * places.count)) }
        let limits = (limit, mappedLimit, skipped)
        // One word (or prefix), the common case, gets a loop of its own with one comparison.
        if words.count == 1 {
            let (first, count) = words[0]
            return try decode(range, table, limits, into: &tokens, places: &places) {
                UInt32(bitPattern: $0 &- first) < count
            }
        }
        return try words.withUnsafeBufferPointer { words throws(IndexDamage) in
            try decode(range, table, limits, into: &tokens, places: &places) { folded in
                words.contains { UInt32(bitPattern: folded &- $0.first) < $0.count }
            }
        }
    }

    /// `matchWords`' loop (the caller checked the range and the table and grew the buffers), `matches` telling
    /// whether a folded id is one of the words.
    @inline(__always)
    private func decode(
        _ range: Range<Int>, _ table: Int, _ limits: (exact: Int, folded: Int, skipped: Int),
        into tokens: inout [Int32], places: inout [Int], _ matches: (Int32) -> Bool
    ) throws(IndexDamage) -> (tokens: Int, places: Int) {
        guard let base else { return (0, 0) }
        var failure: IndexDamage?
        let counts = tokens.withUnsafeMutableBufferPointer { tokens in
            places.withUnsafeMutableBufferPointer { places -> (Int, Int) in
                let values = UnsafeRawPointer(base + table)
                var pointer = base + range.lowerBound
                let end = base + range.upperBound
                var count = 0
                var matched = 0
                while pointer < end {
                    // Each token takes a byte or more, so `count` stays below both buffers' length.
                    guard let id = Self.varint(&pointer, end), id < limits.exact else {
                        failure = IndexDamage(reason: "a token of the verse is damaged")
                        break
                    }
                    tokens[count] = Int32(truncatingIfNeeded: id)
                    let value = Int(UInt32(littleEndian: values.loadUnaligned(fromByteOffset: id * 4, as: UInt32.self)))
                    if value != limits.skipped {
                        guard value < limits.folded else {
                            failure = IndexDamage(reason: "an exact id folds to \(value)")
                            break
                        }
                        if matches(Int32(truncatingIfNeeded: value)) {
                            places[matched] = count
                            matched += 1
                        }
                    }
                    count += 1
                }
                return (count, matched)
            }
        }
        if let failure { throw failure }
        return counts
    }
}
