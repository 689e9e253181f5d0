import ScriptureModel

extension VersionStore {
    /// The book with this id, if the version has it.
    public func book(_ id: BookID) -> StoredBook? {
        bookIndex(id).map { books[$0] }
    }

    /// Where book `id` is in `books` (a scan of ids only: copying each `StoredBook` would cost more).
    func bookIndex(_ id: BookID) -> Int? {
        for index in books.indices where books[index].id == id { return index }
        return nil
    }

    /// The full content of a chapter: paragraphs, headings, verse starts, notes, character styles, tables.
    ///
    /// Text runs come back with ASCII white space collapsed, and locations point at the store file
    /// (line 0): source positions are not stored.
    ///
    /// The chapter's content and verse text are checked against their checksums the first time they are
    /// read (see `checkedChapters`); a mismatch throws `StoreError.damagedPart`.
    /// - Complexity: O(size of the chapter); touches only the chapter's own bytes.
    public func chapter(_ book: BookID, _ number: Int) throws(StoreError) -> Chapter {
        let record = try chapterRecord(book, number)
        try checkContent(record)
        try checkText(record)
        var decoder = try decoder(content: (record.contentOffset, record.contentLength), text: record)
        return try decoder.chapter(number: record.number)
    }

    /// A chapter as styled text, for drawing: one string per paragraph with style ranges and verse and
    /// note marks (see `StyledChapter`).
    ///
    /// The chapter's content and verse text are checked against their checksums the first time they are
    /// read (CRC-32C, about 0.3 ns a byte); a mismatch throws `StoreError.damagedPart`.
    /// - Complexity: O(size of the chapter), a few allocations per paragraph. The first call on a store
    ///   also reads every style's marker once (O(styles)).
    public func styledChapter(_ book: BookID, _ number: Int) throws(StoreError) -> StyledChapter {
        let record = try chapterRecord(book, number)
        try checkContent(record)
        try checkText(record)
        var decoder = StyledChapterDecoder(
            reader: try reader(content: (record.contentOffset, record.contentLength), text: record),
            markers: attachments.value("ScriptureStore.StyleMarkers") { StyleMarkers(styles: styles) })
        return try decoder.chapter(book: book, number: record.number)
    }

    /// A character style by its id (`StyledSpan.style`): its marker and attributes, such as Strong's numbers.
    public func characterStyle(_ id: Int) throws(StoreError) -> (marker: String, attributes: [Attribute]) {
        try styles.style(id)
    }

    /// A book's introduction (titles and introduction paragraphs before chapter 1) as blocks; empty when it
    /// has none (`introductionContent(_:)` gives it flat, without making the blocks).
    public func introduction(_ book: BookID) throws(StoreError) -> [Block] {
        try introductionContent(book).blocks
    }

    /// A book's introduction (titles and introduction paragraphs before chapter 1), flat; empty when it has none.
    ///
    /// Checked against its checksum first; a mismatch throws `StoreError.damaged`.
    /// - Complexity: O(size of the introduction).
    public func introductionContent(_ book: BookID) throws(StoreError) -> FlatContent {
        guard let stored = self.book(book) else { throw .notFound(book.code) }
        try checkIntroduction(stored)
        var decoder = try decoder(content: stored.introduction, text: nil)
        return try decoder.content()
    }

    /// The verses of a chapter whose numbers fall in `verses` (all of them when nil), in file order.
    ///
    /// A bridge such as `15-16` is included when any of its numbers is in the range.
    /// - Complexity: O(verses in the chapter); reads only the verse table and the text.
    public func verses(_ book: BookID, _ chapter: Int, _ verses: ClosedRange<Int>? = nil) throws(StoreError)
        -> [VerseText]
    {
        let record = try chapterRecord(book, chapter)
        try checkText(record)
        var result: [VerseText] = []
        for index in record.firstVerse..<(record.firstVerse + record.verseCount) {
            let label = try verseLabel(index)
            if let verses {
                guard let covered = VerseLabel.range(label), covered.overlaps(verses) else { continue }
            }
            result.append(
                try verseText(index, in: record, key: VerseKey(book: book, chapter: record.number, verse: label)))
        }
        return result
    }

    /// Every verse of a book, in file order (what `Book.verseTexts()` gave at import).
    public func verseTexts(of book: BookID) throws(StoreError) -> [VerseText] {
        guard let stored = self.book(book) else { throw .notFound(book.code) }
        return try verseTexts(of: stored)
    }

    /// Every verse of the version, book by book in canon order.
    public func allVerseTexts() throws(StoreError) -> [VerseText] {
        var result: [VerseText] = []
        result.reserveCapacity(verseCount)
        for book in books { result += try verseTexts(of: book) }
        return result
    }

    /// Rebuilds a whole book in the document model (for export).
    public func fullBook(_ id: BookID) throws(StoreError) -> Book {
        guard let stored = book(id) else { throw .notFound(id.code) }
        var book = Book(
            id: id, identification: stored.identification, formatVersion: stored.formatVersion, names: stored.names,
            chapterLabel: stored.chapterLabel, location: location)
        book.introductionContent = try introductionContent(id)
        for index in 0..<stored.chapters.count {
            let record = try chapterRecord(at: stored.firstChapterRecord + index)
            try checkContent(record)
            try checkText(record)
            var decoder = try decoder(content: (record.contentOffset, record.contentLength), text: record)
            book.chapters.append(try decoder.chapter(number: record.number))
        }
        return book
    }

    private func verseTexts(of stored: StoredBook) throws(StoreError) -> [VerseText] {
        var result: [VerseText] = []
        // (At most the store's verse count: `readBooks` refuses books whose counts do not add up to it.)
        result.reserveCapacity(stored.verseCount)
        for index in 0..<stored.chapters.count {
            let record = try chapterRecord(at: stored.firstChapterRecord + index)
            try checkText(record)
            for verse in record.firstVerse..<(record.firstVerse + record.verseCount) {
                let key = VerseKey(book: stored.id, chapter: record.number, verse: try verseLabel(verse))
                result.append(try verseText(verse, in: record, key: key))
            }
        }
        return result
    }

    /// Where decoded content says it came from: the store file, line 0.
    var location: SourceLocation { SourceLocation(file: path, line: 0, column: 0) }

    func chapterRecord(_ book: BookID, _ number: Int) throws(StoreError) -> ChapterRecord {
        guard let position = bookIndex(book) else { throw .notFound("\(book.code) \(number)") }
        // The numbers are read in place from the book's records, without making `chapters`.
        let first = books[position].firstChapterRecord
        for record in first..<(first + books[position].chapterCount)
        where try chapterField(.number, of: record) == number {
            return try chapterRecord(at: record)
        }
        throw .notFound("\(book.code) \(number)")
    }

    /// Reads and checks chapter record `index`.
    func chapterRecord(at index: Int) throws(StoreError) -> ChapterRecord {
        func field(_ field: RecordLayout.ChapterField) throws(StoreError) -> Int { try chapterField(field, of: index) }
        let raw = try chapterRecords.u8(at: index * RecordLayout.chapterSize + RecordLayout.chapterBook)
        guard let book = BookID(rawValue: raw) else { throw chapterRecords.damaged("record \(index): book \(raw)") }
        let record = ChapterRecord(
            number: try field(.number), book: book, firstVerse: try field(.firstVerse),
            verseCount: try field(.verseCount), textOffset: try field(.textOffset), textLength: try field(.textLength),
            contentOffset: try field(.contentOffset), contentLength: try field(.contentLength), index: index)
        guard record.firstVerse <= verseCount, record.verseCount <= verseCount - record.firstVerse else {
            throw chapterRecords.damaged("record \(index): verses past the verse table")
        }
        return record
    }

    /// One field of chapter record `index`, bounds-checked but not validated against the rest of the record.
    func chapterField(_ field: RecordLayout.ChapterField, of index: Int) throws(StoreError) -> Int {
        Int(try chapterRecords.u32(at: index * RecordLayout.chapterSize + field.offset))
    }

    func verseLabel(_ index: Int) throws(StoreError) -> String {
        let code = try verseRecords.u32(at: index * RecordLayout.verseSize + 4)
        if code & RecordLayout.labelIsString == 0 { return VerseLabel.label(Int(code)) }
        return try strings.string(Int(code & ~RecordLayout.labelIsString), referrer: .verses)
    }

    /// Verse `index` of the chapter `record`, whose text has been checked: the last verse ends where the
    /// chapter's text does (the next record belongs to the next chapter's check).
    func verseText(_ index: Int, in record: ChapterRecord, key: VerseKey) throws(StoreError) -> VerseText {
        let start = Int(try verseRecords.u32(at: index * RecordLayout.verseSize))
        let end =
            index + 1 < record.firstVerse + record.verseCount
            ? Int(try verseRecords.u32(at: (index + 1) * RecordLayout.verseSize))
            : record.textOffset + record.textLength
        guard record.textOffset <= start, start <= end, end <= record.textOffset + record.textLength else {
            throw verseRecords.damaged("verse \(index) lies outside its chapter's text")
        }
        return VerseText(key: key, text: try text.string(at: start, length: end - start), location: location)
    }

    func verseText(_ index: Int, key: VerseKey) throws(StoreError) -> VerseText {
        let start = Int(try verseRecords.u32(at: index * RecordLayout.verseSize))
        let end = Int(try verseRecords.u32(at: (index + 1) * RecordLayout.verseSize))
        guard start <= end else { throw verseRecords.damaged("verse \(index) ends before it starts") }
        return VerseText(key: key, text: try text.string(at: start, length: end - start), location: location)
    }

    private func decoder(
        content range: (offset: Int, length: Int), text record: ChapterRecord?
    ) throws(StoreError) -> ContentDecoder {
        ContentDecoder(reader: try reader(content: range, text: record), location: location)
    }

    func reader(
        content range: (offset: Int, length: Int), text record: ChapterRecord?
    ) throws(StoreError) -> ContentReader {
        var verseText = try text.slice(0, 0)
        if let record { verseText = try text.slice(record.textOffset, record.textLength) }
        return ContentReader(
            content: try content.slice(range.offset, range.length), verseText: verseText, strings: strings,
            styles: styles)
    }
}
