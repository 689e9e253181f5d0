import ScriptureModel

extension VersionStore {
    /// The texts of several verses of the verse table, in the order given: `verseText(at:)` of each, with each
    /// chapter found once for a run of verses in it (a page of search hits) and its text's checksum checked
    /// once per open store (`checkText`, memoised in `checkedChapters`: the mapping never changes under it).
    ///
    /// - Complexity: O(log chapters + chapter text) per run of verses in one chapter not checked before,
    ///   O(log chapters) per run in one that was, O(1) per other verse.
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

    /// Verse `index`'s text in the chapter `record` (checked by the caller): as `verseText(_:in:key:)` reads
    /// it, without making a key and a `VerseText` around it.
    private func verseText(_ index: Int, in record: ChapterRecord) throws(StoreError) -> String {
        let chapterEnd = record.textOffset + record.textLength
        let start = Int(try verseRecords.u32(at: index * RecordLayout.verseSize))
        let end =
            index + 1 < record.firstVerse + record.verseCount
            ? Int(try verseRecords.u32(at: (index + 1) * RecordLayout.verseSize)) : chapterEnd
        guard record.textOffset <= start, start <= end, end <= chapterEnd else {
            throw verseRecords.damaged("verse \(index) lies outside its chapter's text")
        }
        return try text.string(at: start, length: end - start)
    }
}
