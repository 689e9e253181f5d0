import ScriptureModel

/// One version's store file, memory-mapped and read in place.
///
/// Opening maps the file, checks its header and section table, and reads the
/// metadata and the book list; chapters and verses are read only when asked
/// for, touching only their own bytes. Immutable after opening, so it can be
/// shared by any number of threads.
///
/// A new edition imported with `--replace` is written to a new file and renamed
/// over the old name, so a store keeps reading the edition it opened, whole and
/// unchanged, for as long as it is held (even after a replace or a remove).
/// Opening the version again gives the old edition or the new one, each
/// complete, never a mix or a part. `isReplaced` tells a long-lived reader that
/// a newer edition is there to open.
public final class VersionStore: Sendable {
    /// The file's path.
    public let path: String
    /// The version's id, names and language. Opened from a library, the id is the one in the file's name
    /// (`<id>.lectern`), which is the version's identity there; `storedID` is the one written inside.
    public let metadata: VersionMetadata
    /// The id written in the file's metadata when it was imported; differs from `metadata.id` only when a
    /// library holds the file under another name (a store copied in as `3.lectern`, for example).
    public let storedID: Int
    /// The books, in canon order.
    public let books: [StoredBook]
    /// The section table, in file order (sections of kinds this version does not know are left out).
    public let sections: [SectionEntry]
    /// Where the header and every section (known kinds or not) lie, for the padding check.
    let coveredRanges: [Range<Int>]
    /// The file's size in bytes.
    public var fileSize: Int { file.count }

    /// Whether the library's file at `path` is no longer the one this store reads: a newer import replaced
    /// it, or the version was removed. The store still reads its own edition; open the version again for
    /// the new one.
    ///
    /// - Complexity: one `stat` call.
    public var isReplaced: Bool { file.isReplaced }

    let file: MappedFile
    let strings: StringTable
    let styles: StyleTable
    /// What is derived from this store once and kept with it: every style's marker for `styledChapter`, and
    /// what other modules attach (see `attachment(_:_:)`).
    let attachments = StoreAttachments()
    let chapterRecords: StoreBytes
    let verseRecords: StoreBytes
    let text: StoreBytes
    let content: StoreBytes
    /// Which chapters' content (bit `2 × record`) and verse text (bit `2 × record + 1`) have matched their
    /// checksums since opening: a read checks each once (the mapping never changes under the store).
    let checkedChapters: CheckedParts
    /// Where `verseKey(at:)` starts looking for a verse's chapter record, once it has been asked often.
    let verseChapters = VerseChapterIndex()
    /// How many chapter and verse records there are.
    public let chapterCount: Int
    /// How many verses the version has.
    public let verseCount: Int

    /// Opens the store file at `path`: maps it and checks the header and section table, and the checksums
    /// of the metadata and books sections.
    ///
    /// - Complexity: O(books + chapters); does not read the text.
    public convenience init(path: String) throws(StoreError) {
        try self.init(path: path, libraryID: nil)
    }

    /// Opens the store file at `path` as a library's version `libraryID` (the id in its name), which
    /// `metadata.id` then holds; nil keeps the id written in the file.
    ///
    /// - Complexity: O(books + chapters); does not read the text.
    public init(path: String, libraryID: Int?) throws(StoreError) {
        self.path = path
        let file = try MappedFile(path: path)
        let whole = StoreBytes(file: file, section: .metadata, start: 0, count: file.count)
        let (sections, coveredRanges) = try Self.readHeader(whole, path: path)
        self.file = file
        self.sections = sections
        self.coveredRanges = coveredRanges
        func section(_ kind: SectionKind) throws(StoreError) -> StoreBytes {
            guard let entry = sections.first(where: { $0.kind == kind }) else {
                throw .missingSection(path: path, section: kind)
            }
            return StoreBytes(file: file, section: kind, start: entry.offset, count: entry.length)
        }
        // The small sections read whole at opening are checked whole (what `versions` and `books` show).
        for kind in [SectionKind.metadata, .books] {
            guard let entry = sections.first(where: { $0.kind == kind }) else { continue }
            guard try section(kind).checksum() == entry.checksum else {
                throw .checksumMismatch(path: path, section: kind)
            }
        }
        var metadata = try VersionMetadata(decoding: section(.metadata))
        storedID = metadata.id
        if let libraryID { metadata.id = libraryID }
        self.metadata = metadata
        let strings = StringTable(table: try OffsetTable(bytes: section(.strings)))
        self.strings = strings
        styles = StyleTable(table: try OffsetTable(bytes: section(.styles)), strings: strings)
        let chapterRecords = try section(.chapters)
        let verseRecords = try section(.verses)
        self.chapterRecords = chapterRecords
        self.verseRecords = verseRecords
        text = try section(.text)
        content = try section(.content)
        guard chapterRecords.count % RecordLayout.chapterSize == 0 else {
            throw chapterRecords.damaged(
                "length \(chapterRecords.count) is not a multiple of \(RecordLayout.chapterSize)")
        }
        guard verseRecords.count % RecordLayout.verseSize == 0, verseRecords.count >= RecordLayout.verseSize else {
            throw verseRecords.damaged("length \(verseRecords.count) is not a whole number of records")
        }
        let chapterCount = chapterRecords.count / RecordLayout.chapterSize
        self.chapterCount = chapterCount
        checkedChapters = CheckedParts(count: chapterCount * 2)
        verseCount = verseRecords.count / RecordLayout.verseSize - 1
        books = try Self.readBooks(
            section(.books), strings: strings, chapters: chapterRecords, chapterCount: chapterCount,
            verseCount: verseCount)
    }

    /// The bytes of a section, bounds-checked; nil when the file has no section of that kind.
    public func sectionBytes(_ kind: SectionKind) -> StoreBytes? {
        guard let entry = sections.first(where: { $0.kind == kind }) else { return nil }
        return StoreBytes(file: file, section: kind, start: entry.offset, count: entry.length)
    }

    /// The index of the first verse of each book in the verse table, in book order, then the verse count.
    public var bookVerseStarts: [Int] {
        var starts: [Int] = []
        starts.reserveCapacity(books.count + 1)
        var total = 0
        for index in books.indices {
            starts.append(total)
            total += books[index].verseCount
        }
        starts.append(total)
        return starts
    }

    /// The reference of verse `index` of the verse table (`0..<verseCount`), in book `book`.
    ///
    /// - Complexity: O(log chapters of the book).
    public func verseKey(at index: Int, in book: StoredBook) throws(StoreError) -> VerseKey {
        try verseKey(at: index, records: book.firstChapterRecord..<(book.firstChapterRecord + book.chapterCount))
    }

    /// The reference of verse `index` of the verse table (`0..<verseCount`), its book found from the chapter
    /// records (no `StoredBook` is copied: the search pages ask for one key per hit).
    ///
    /// - Complexity: O(log chapters).
    public func verseKey(at index: Int) throws(StoreError) -> VerseKey {
        try verseKey(at: index, records: 0..<chapterCount)
    }

    /// The key of verse `index` from the last of chapter records `records` whose first verse is at or before
    /// it (an empty chapter shares its first verse with the next record, so the last of equals holds verses).
    /// Each field is read where it lies through one reader, bounds-checked; the record's book byte is checked.
    private func verseKey(at index: Int, records: Range<Int>) throws(StoreError) -> VerseKey {
        let reader = chapterRecords.reader
        let size = RecordLayout.chapterSize
        func field(_ field: RecordLayout.ChapterField, of record: Int) throws(ByteReadError) -> Int {
            Int(try reader.u32(at: record * size + field.offset))
        }
        guard !records.isEmpty else { throw .notFound("verse \(index)") }
        if records.lowerBound == 0, records.upperBound == chapterCount, index >= 0, index < verseCount,
            let table = verseChapters.table(reader, records: chapterCount, verses: verseCount),
            let chapter = table.chapter(holding: index)
        {
            // The table holds the records' fields as read and checked when it was built.
            let first = Int(chapter.firstVerse)
            guard first <= index, index - first < Int(chapter.verseCount) else { throw .notFound("verse \(index)") }
            return VerseKey(book: chapter.book, chapter: Int(chapter.number), verse: try verseLabel(index))
        }
        var low = records.lowerBound
        let (raw, number, first, count): (UInt8, Int, Int, Int)
        do {
            var high = records.upperBound
            while high - low > 1 {
                let middle = (low + high) / 2
                if try field(.firstVerse, of: middle) <= index { low = middle } else { high = middle }
            }
            (raw, number, first, count) = (
                try reader.u8(at: low * size + RecordLayout.chapterBook), try field(.number, of: low),
                try field(.firstVerse, of: low), try field(.verseCount, of: low)
            )
        } catch {
            throw chapterRecords.damaged(error)
        }
        guard first <= index, index - first < count else { throw .notFound("verse \(index)") }
        guard let book = BookID(rawValue: raw) else { throw chapterRecords.damaged("record \(low): book \(raw)") }
        return VerseKey(book: book, chapter: number, verse: try verseLabel(index))
    }

    /// The text of verse `index` of the verse table, after its chapter's text is checked against its
    /// checksum (a mismatch throws `StoreError.damagedPart`).
    ///
    /// - Complexity: O(log chapters + the chapter's text), the check being most of it.
    public func verseText(at index: Int) throws(StoreError) -> String {
        let record = try chapterRecord(holdingVerse: index)
        try checkText(record)
        let key = VerseKey(book: record.book, chapter: record.number, verse: "")
        return try verseText(index, in: record, key: key).text
    }

    /// Checks the magic, version, length and table checksum, and that every section lies inside the file.
    static func readHeader(
        _ whole: StoreBytes, path: String
    ) throws(StoreError) -> (entries: [SectionEntry], covered: [Range<Int>]) {
        guard whole.count >= StoreFormat.headerSize else {
            if whole.count >= 8, try whole.bytes(at: 0, length: 8) == StoreFormat.magic {
                throw .truncated(path: path, expected: StoreFormat.headerSize, actual: whole.count)
            }
            throw .notAStore(path: path)
        }
        guard try whole.bytes(at: 0, length: 8) == StoreFormat.magic else { throw .notAStore(path: path) }
        let version = Int(try whole.u16(at: 8))
        guard version == StoreFormat.version else { throw .unsupportedVersion(path: path, version: version) }
        guard Int(try whole.u16(at: 10)) == StoreFormat.headerSize else {
            throw .badHeader(path: path, reason: "header size")
        }
        let declared = try whole.u64(at: 16)
        guard declared == UInt64(whole.count) else {
            if declared > UInt64(whole.count) {
                throw .truncated(path: path, expected: Int(clamping: declared), actual: whole.count)
            }
            throw .badHeader(path: path, reason: "the header says \(declared) bytes, the file has \(whole.count)")
        }
        let count = Int(try whole.u32(at: 12))
        guard count <= StoreFormat.maximumSectionCount else {
            throw .badHeader(path: path, reason: "\(count) sections declared")
        }
        let tableEnd = StoreFormat.headerSize + count * StoreFormat.sectionEntrySize
        guard tableEnd <= whole.count else { throw .truncated(path: path, expected: tableEnd, actual: whole.count) }
        let stored = try whole.u32(at: 24)
        guard stored == StoreWriter.headerChecksum(try whole.bytes(at: 0, length: tableEnd)) else {
            throw .badHeader(path: path, reason: "header checksum mismatch")
        }
        var entries: [SectionEntry] = []
        var covered = [0..<tableEnd]
        for index in 0..<count {
            let base = StoreFormat.headerSize + index * StoreFormat.sectionEntrySize
            let rawKind = try whole.u32(at: base)
            let offset = try whole.u64(at: base + 8)
            let length = try whole.u64(at: base + 16)
            guard offset >= UInt64(tableEnd), offset <= UInt64(whole.count), length <= UInt64(whole.count) - offset
            else {
                throw .badHeader(path: path, reason: "section \(index) (kind \(rawKind)) lies outside the file")
            }
            covered.append(Int(offset)..<Int(offset + length))
            // A kind this version does not know is skipped: later versions may add sections.
            guard let kind = SectionKind(rawValue: rawKind) else { continue }
            let entry = SectionEntry(
                kind: kind, offset: Int(offset), length: Int(length), checksum: try whole.u32(at: base + 24))
            entries.append(entry)
        }
        return (entries, covered)
    }

    /// Reads and checks the books section.
    ///
    /// The books must share out the chapter records and the verse table between them, in order and all of
    /// them, as the writer lays them out: search finds a verse's book from the books' verse counts alone, and
    /// a book's count bounds what a read of its verses reserves.
    static func readBooks(
        _ bytes: StoreBytes, strings: StringTable, chapters: StoreBytes, chapterCount: Int, verseCount: Int
    ) throws(StoreError) -> [StoredBook] {
        var cursor = bytes.cursor()
        let count = try cursor.varint(below: bytes.count, "book count")
        var books: [StoredBook] = []
        books.reserveCapacity(count)
        // Where a string lies, checked now and decoded only when asked for (see `BookStrings`).
        func place(_ cursor: inout ByteCursor) throws(StoreError) -> UInt64 {
            let code = try cursor.varint()
            guard code != 0 else { return BookStrings.none }
            let (offset, length) = try strings.table.entry(code - 1, referrer: .books)
            guard offset < Int(UInt32.max), length < Int(UInt32.max) else { throw bytes.damaged("string \(code - 1)") }
            return UInt64(offset) << 32 | UInt64(length)
        }
        var (chaptersBefore, versesBefore) = (0, 0)
        for _ in 0..<count {
            let raw = try cursor.u8()
            guard let id = BookID(rawValue: raw) else { throw bytes.damaged("unknown book number \(raw)") }
            let flags = try cursor.u8()
            let text = BookStrings(
                bytes: strings.table.bytes,
                places: (
                    try place(&cursor), try place(&cursor), try place(&cursor), try place(&cursor),
                    try place(&cursor), try place(&cursor), try place(&cursor)
                ))
            let first = try cursor.varint()
            let chapterTotal = try cursor.varint()
            guard first <= chapterCount, chapterTotal <= chapterCount - first else {
                throw bytes.damaged("\(id.code) chapters \(first)+\(chapterTotal) past the \(chapterCount) records")
            }
            guard first == chaptersBefore else {
                throw bytes.damaged(
                    "\(id.code) chapter records start at \(first), not \(chaptersBefore) after the books before")
            }
            chaptersBefore += chapterTotal
            let introOffset = try cursor.varint()
            let introLength = try cursor.varint()
            let verseTotal = try cursor.varint()
            guard verseTotal <= verseCount - versesBefore else {
                throw bytes.damaged("\(id.code) \(verseTotal) verses past the \(verseCount) of the verse table")
            }
            versesBefore += verseTotal
            let introductionChecksum = try cursor.varint()
            guard introductionChecksum <= Int(UInt32.max) else {
                throw bytes.damaged("\(id.code) introduction checksum")
            }
            books.append(
                StoredBook(
                    id: id, text: text, chapterRecords: chapters, chapterCount: chapterTotal,
                    hasIntroduction: flags & 1 != 0, verseCount: verseTotal,
                    firstChapterRecord: first, introduction: (introOffset, introLength),
                    introductionChecksum: UInt32(introductionChecksum)))
        }
        guard chaptersBefore == chapterCount, versesBefore == verseCount else {
            throw bytes.damaged(
                "the books have \(chaptersBefore) chapters and \(versesBefore) verses, the tables \(chapterCount) and \(verseCount)"
            )
        }
        return books
    }
}
