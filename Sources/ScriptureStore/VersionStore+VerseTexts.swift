import ScriptureModel

extension VersionStore {
    /// The texts of several verses of the verse table, in the order given: `verseText(at:)` of each, with each
    /// chapter found and its checksum checked once for a run of verses in it (a page of search hits).
    ///
    /// - Complexity: O(log chapters + chapter text) per run of verses in one chapter, O(1) per other verse.
    /// - Throws: `StoreError.notFound` for an index outside the table; a damaged chapter's error.
    public func verseTexts(at indices: [Int]) throws(StoreError) -> [String] {
        var texts: [String] = []
        texts.reserveCapacity(indices.count)
        var record: ChapterRecord?
        for index in indices {
            if let current = record, current.firstVerse <= index, index < current.firstVerse + current.verseCount {
                texts.append(try verseText(index, in: current))
                continue
            }
            let found = try chapterRecord(holdingVerse: index)
            try checkText(found)
            record = found
            texts.append(try verseText(index, in: found))
        }
        return texts
    }

    /// Verse `index`'s text in the chapter `record` (checked by the caller).
    private func verseText(_ index: Int, in record: ChapterRecord) throws(StoreError) -> String {
        try verseText(index, in: record, key: VerseKey(book: record.book, chapter: record.number, verse: "")).text
    }
}
