import ScriptureModel

extension VersionStore {
    /// The verse labels of a chapter (`1`, `2`, `4-5`, `6a`), in order, without decoding any text.
    ///
    /// - Complexity: O(verses in the chapter).
    public func verseLabels(_ book: BookID, _ chapter: Int) throws(StoreError) -> [String] {
        let record = try chapterRecord(book, chapter)
        var labels: [String] = []
        labels.reserveCapacity(record.verseCount)
        for index in record.firstVerse..<(record.firstVerse + record.verseCount) {
            labels.append(try verseLabel(index))
        }
        return labels
    }
}
