extension Book {
    /// Whether the chapters are in numeric order (each number higher than the one before).
    public var chaptersAreInOrder: Bool {
        zip(chapters, chapters.dropFirst()).allSatisfy { $0.number < $1.number }
    }

    /// Puts the chapters in numeric order, keeping each chapter's content as it is: what an import and `check`
    /// do with a source whose chapters are out of order (`chapter-out-of-order` says where), so that the store,
    /// `books`, `next`/`previous` and `check --vref` all read them in one order. A chapter is a unit of its own,
    /// so nothing is lost. Each chapter's verses stay in source order in its content; `verseTexts()` gives them
    /// in numeric order.
    ///
    /// - Complexity: O(n) when they are in order already, else O(n log n) in the chapters.
    public mutating func putChaptersInOrder() {
        guard !chaptersAreInOrder else { return }
        // Stable: a repeated number (which the parsers merge and report) keeps its order.
        chapters = chapters.enumerated().sorted { ($0.element.number, $0.offset) < ($1.element.number, $1.offset) }
            .map(\.element)
    }
}
