extension Book {
    /// This book with every chapter number once: the content of a repeated chapter is added to the
    /// chapter's first appearance, in file order, so no text is lost and every chapter can be found by its
    /// number (the store and navigation need that). The parsers report the repeat as an error.
    ///
    /// - Complexity: O(chapters).
    public func mergingRepeatedChapters() -> Book {
        var firstIndex: [Int: Int] = [:]
        var merged: [Chapter] = []
        merged.reserveCapacity(chapters.count)
        for chapter in chapters {
            if let index = firstIndex[chapter.number] {
                merged[index].content.append(contentsOf: chapter.content)
            } else {
                firstIndex[chapter.number] = merged.count
                merged.append(chapter)
            }
        }
        guard merged.count < chapters.count else { return self }
        var book = self
        book.chapters = merged
        return book
    }
}
