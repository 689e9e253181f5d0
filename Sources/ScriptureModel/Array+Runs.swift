extension [Int] {
    /// Sorted numbers as runs, the way messages list the chapters or verses a book has: `[1, 2, 3, 5]` →
    /// `1–3, 5` (an en dash within a run).
    ///
    /// - Complexity: O(n).
    public var runs: String {
        var parts: [String] = []
        var index = 0
        while index < count {
            var end = index
            while end + 1 < count, self[end + 1] == self[end] + 1 { end += 1 }
            parts.append(end > index ? "\(self[index])\u{2013}\(self[end])" : "\(self[index])")
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }
}
