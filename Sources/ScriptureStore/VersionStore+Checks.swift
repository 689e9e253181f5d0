import ScriptureModel

// The checks every read makes before it returns anything: each chapter's content and verse text, and
// each book's introduction, against the CRC-32Cs written at import (see `RecordLayout.chapterSize`).

extension VersionStore {
    /// Checks every chapter's content and verse text and every introduction against their checksums,
    /// the checks each read makes, all at once (for `lectern books`, which reads no chapter itself).
    ///
    /// - Complexity: O(content and text), about 0.3 ns a byte with the processor's CRC-32C.
    public func checkChapters() throws(StoreError) {
        for book in books {
            try checkIntroduction(book)
            for index in 0..<book.chapters.count {
                let record = try chapterRecord(at: book.firstChapterRecord + index)
                try checkContent(record, again: true)
                try checkText(record, again: true)
            }
        }
    }

    /// Checks one chapter's content and verse text against their checksums: the checks `styledChapter` and
    /// `chapter` make before decoding (for measuring them alone).
    ///
    /// - Complexity: O(size of the chapter).
    public func checkChapter(_ book: BookID, _ number: Int) throws(StoreError) {
        let record = try chapterRecord(book, number)
        try checkContent(record, again: true)
        try checkText(record, again: true)
    }

    /// Checks the CRC-32C of chapter `record`'s first 32 bytes and its content, unless it matched before
    /// (`checkedChapters`) and `again` is false.
    ///
    /// - Complexity: O(content length) the first time, O(1) after.
    @inline(__always)
    func checkContent(_ record: ChapterRecord, again: Bool = false) throws(StoreError) {
        let part = record.index * 2
        if !again, checkedChapters.contains(part) { return }
        let base = record.index * RecordLayout.chapterSize
        let head = try chapterRecords.crc32c(at: base, length: RecordLayout.chapterCheckedSize)
        let crc = try content.crc32c(at: record.contentOffset, length: record.contentLength, continuing: head)
        guard crc == (try chapterRecords.u32(at: base + RecordLayout.chapterContentChecksum)) else {
            throw damagedChapter(record, .content)
        }
        checkedChapters.insert(part)
    }

    /// Checks the CRC-32C of chapter `record`'s first 32 bytes, its verse records and its text, unless they
    /// matched before (`checkedChapters`) and `again` is false.
    ///
    /// - Complexity: O(verses + text length) the first time, O(1) after.
    @inline(__always)
    func checkText(_ record: ChapterRecord, again: Bool = false) throws(StoreError) {
        let part = record.index * 2 + 1
        if !again, checkedChapters.contains(part) { return }
        let base = record.index * RecordLayout.chapterSize
        let head = try chapterRecords.crc32c(at: base, length: RecordLayout.chapterCheckedSize)
        let labels = try verseRecords.crc32c(
            at: record.firstVerse * RecordLayout.verseSize, length: record.verseCount * RecordLayout.verseSize,
            continuing: head)
        let crc = try text.crc32c(at: record.textOffset, length: record.textLength, continuing: labels)
        guard crc == (try chapterRecords.u32(at: base + RecordLayout.chapterTextChecksum)) else {
            throw damagedChapter(record, .text)
        }
        checkedChapters.insert(part)
    }

    /// Checks the CRC-32C of a book's introduction stream.
    func checkIntroduction(_ book: StoredBook) throws(StoreError) {
        let crc = try content.crc32c(at: book.introduction.offset, length: book.introduction.length)
        guard crc == book.introductionChecksum else {
            throw .damagedPart(
                path: path, version: metadata.abbreviation, part: "\(book.id.code) introduction", section: .content)
        }
    }

    /// The record of the chapter that holds verse `index` of the verse table.
    ///
    /// - Complexity: O(log chapters).
    func chapterRecord(holdingVerse index: Int) throws(StoreError) -> ChapterRecord {
        guard index >= 0, index < verseCount, chapterCount > 0 else { throw .notFound("verse \(index)") }
        // The last record whose first verse is at or before `index` (an empty chapter shares its first
        // verse with the next record, so the last of equals is the one that holds verses).
        var low = 0
        var high = chapterCount
        while high - low > 1 {
            let middle = (low + high) / 2
            if try chapterField(.firstVerse, of: middle) <= index { low = middle } else { high = middle }
        }
        let record = try chapterRecord(at: low)
        guard record.firstVerse <= index, index < record.firstVerse + record.verseCount else {
            throw chapterRecords.damaged("no chapter record holds verse \(index)")
        }
        return record
    }

    private func damagedChapter(_ record: ChapterRecord, _ section: SectionKind) -> StoreError {
        .damagedPart(
            path: path, version: metadata.abbreviation, part: "\(record.book.code) \(record.number)", section: section)
    }
}
