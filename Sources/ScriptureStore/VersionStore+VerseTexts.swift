import ScriptureModel

extension VersionStore {
    /// The texts of several verses of the verse table, in the order given: `verseText(at:)` of each, with each
    /// chapter found once for a run of verses in it (a page of search hits) and its text's checksum checked
    /// once per open store (`checkText`, memoised in `checkedChapters`: the mapping never changes under it).
    ///
    /// - Complexity: O(log chapters + chapter text) per run of verses in one chapter not checked before,
    ///   O(log chapters) per run in one that was (of the chapters after the run before when the verses
    ///   increase), O(1) per other verse.
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
            let found = try chapterRecord(holdingVerse: index, from: record)
            try checkText(found)
            record = found
            texts.append(try verseText(index, in: found))
        }
        return texts
    }

    /// The record of the chapter that holds verse `index` of the verse table, as `chapterRecord(holdingVerse:)`
    /// finds it, searched for among the records from `previous` on when it comes before the verse: a binary
    /// search of the records' first verses read in place, one bounds check for them all.
    private func chapterRecord(holdingVerse index: Int, from previous: ChapterRecord?) throws(StoreError)
        -> ChapterRecord
    {
        guard index >= 0, index < verseCount, chapterCount > 0 else { throw .notFound("verse \(index)") }
        let size = RecordLayout.chapterSize
        let field = RecordLayout.ChapterField.firstVerse.offset
        let count = chapterCount
        let start = previous.map { $0.firstVerse <= index ? $0.index : 0 } ?? 0
        let found = chapterRecords.withUnsafeBytes { records -> Int? in
            guard let base = records.baseAddress, count * size <= records.count, start < count else { return nil }
            let raw = UnsafeRawPointer(base)
            // The last record whose first verse is at or before `index` (an empty chapter shares its first
            // verse with the next record, so the last of equals is the one that holds verses).
            var low = start
            var high = count
            while high - low > 1 {
                let middle = (low + high) / 2
                let first = raw.loadUnaligned(fromByteOffset: middle * size + field, as: UInt32.self)
                if Int(UInt32(littleEndian: first)) <= index { low = middle } else { high = middle }
            }
            return low
        }
        guard let found else { return try chapterRecord(holdingVerse: index) }
        let record = try chapterRecord(at: found)
        guard record.firstVerse <= index, index < record.firstVerse + record.verseCount else {
            throw chapterRecords.damaged("no chapter record holds verse \(index)")
        }
        return record
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
