import ScriptureModel

/// Turns parsed books into the bytes of a store file (see `StoreFormat`).
///
/// Writing the bytes to disk safely is `Library`'s job; this is a pure function
/// of the books and metadata.
public enum StoreWriter {
    /// Encodes `books` (stored in canon order) with `metadata`, plus any extra sections such as a search index:
    /// given as bytes, or built by `sections` from the verses in verse-table order.
    ///
    /// - Complexity: O(n) in the books' content, two passes, books in parallel; the built sections are made
    ///   while the books are encoded.
    public static func encode(
        books: [Book], metadata: VersionMetadata, extraSections: [(SectionKind, [UInt8])] = [],
        sections builders: [any StoreSection] = []
    ) throws(StoreError) -> [UInt8] {
        try checkUnique(books)
        let books = books.enumerated().sorted { ($0.element.id, $0.offset) < ($1.element.id, $1.offset) }.map(\.element)
        let counted = try Parallel.map(books) { book throws(StoreError) in try BookEncoder.count(book) }
        var strings = FrequencyInterner<String>()
        var styles = FrequencyInterner<StyleKey>()
        for book in counted {
            strings.merge(book.strings)
            styles.merge(book.styles)
        }
        strings.freeze()
        styles.freeze()
        let tables = InternTables(strings: strings.frozenIDs, styles: styles.frozenIDs)
        let verseTexts = builders.isEmpty ? [] : counted.flatMap { $0.verseTexts.joined() }
        // The built sections run beside the books' encoding: task 0 builds them, tasks 1… encode a book each.
        let work = try Parallel.map(Array(-1..<books.count)) { index throws(StoreError) -> EncodeWork in
            guard index >= 0 else {
                var built: [(SectionKind, [UInt8])] = []
                for builder in builders { built.append((builder.kind, try builder.build(verses: verseTexts))) }
                return .sections(built)
            }
            return .book(try BookEncoder.encode(books[index], verseTexts: counted[index].verseTexts, tables: tables))
        }
        var encoded: [BookEncoder.Encoded] = []
        var builtSections: [(SectionKind, [UInt8])] = []
        for item in work {
            switch item {
            case .book(let book): encoded.append(book)
            case .sections(let sections): builtSections = sections
            }
        }

        var content = ByteWriter()
        var text = ByteWriter()
        var verses = ByteWriter()
        var chapters = ByteWriter()
        var booksSection = ByteWriter()
        booksSection.varint(books.count)
        var verseCount = 0
        var chapterCount = 0
        for (book, part) in zip(books, encoded) {
            let (contentBase, textBase, verseBase) = (content.count, text.count, verses.count)
            for verse in part.verses {
                verses.u32(try offset32(textBase + verse.offset))
                verses.u32(verse.label)
            }
            for local in part.chapters {
                // The book's own offsets, moved to the sections' starts.
                var record = local
                record.firstVerse += verseCount
                record.textOffset += textBase
                record.contentOffset += contentBase
                let head = try record.head()
                let start = CRC32C.checksum(head)
                let firstRecord = verseBase + local.firstVerse * RecordLayout.verseSize
                let verseRecords = firstRecord..<(firstRecord + local.verseCount * RecordLayout.verseSize)
                chapters.append(head)
                let contentRange = local.contentOffset..<(local.contentOffset + local.contentLength)
                chapters.u32(checksum(part.content, contentRange, continuing: start))
                let textStart = checksum(verses.bytes, verseRecords, continuing: start)
                let textRange = local.textOffset..<(local.textOffset + local.textLength)
                chapters.u32(checksum(part.text, textRange, continuing: textStart))
            }
            booksSection.u8(book.id.rawValue)
            booksSection.u8(book.hasIntroduction ? 1 : 0)
            for name in part.names { booksSection.varint(name) }
            for value in [chapterCount, book.chapters.count, contentBase, part.introductionLength, part.verses.count] {
                booksSection.varint(value)
            }
            booksSection.varint(Int(checksum(part.content, 0..<part.introductionLength, continuing: 0)))
            content.append(part.content)
            text.append(part.text)
            verseCount += part.verses.count
            chapterCount += part.chapters.count
        }
        verses.u32(try offset32(text.count))
        verses.u32(0)
        _ = try offset32(content.count)

        let stylesSection = try StyleTable.build(styles.values, strings: &strings)
        let stringsSection = try StringTable.build(strings.values)
        var sections: [(SectionKind, [UInt8])] = [
            (.metadata, metadata.encoded()), (.strings, stringsSection), (.styles, stylesSection),
            (.books, booksSection.bytes), (.chapters, chapters.bytes), (.verses, verses.bytes), (.text, text.bytes),
            (.content, content.bytes),
        ]
        sections += extraSections + builtSections
        return assemble(sections)
    }

    /// One task of the encoding: a book, or the built sections.
    private enum EncodeWork: Sendable {
        case book(BookEncoder.Encoded)
        case sections([(SectionKind, [UInt8])])
    }

    /// A store finds books by id and chapters by number, so each must be there once (the parsers merge a
    /// repeated chapter; an import keeps the first copy of a book).
    private static func checkUnique(_ books: [Book]) throws(StoreError) {
        var seen: Set<BookID> = []
        for book in books {
            guard seen.insert(book.id).inserted else { throw .cannotEncode("\(book.id.code) is given twice") }
            var numbers: Set<Int> = []
            for chapter in book.chapters where !numbers.insert(chapter.number).inserted {
                throw .cannotEncode("\(book.id.code) has chapter \(chapter.number) twice")
            }
        }
    }

    /// The CRC-32C of `bytes[range]`, continuing `crc`.
    private static func checksum(_ bytes: [UInt8], _ range: Range<Int>, continuing crc: UInt32) -> UInt32 {
        bytes.withUnsafeBytes { CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[range]), continuing: crc) }
    }

    private static func offset32(_ value: Int) throws(StoreError) -> UInt32 {
        guard value >= 0, value <= Int(UInt32.max) else {
            throw .cannotEncode("\(value) does not fit the format's 32 bits")
        }
        return UInt32(value)
    }

    /// Lays out the header, the section table and the sections, and fills in the checksums.
    static func assemble(_ sections: [(SectionKind, [UInt8])]) -> [UInt8] {
        let tableEnd = StoreFormat.headerSize + sections.count * StoreFormat.sectionEntrySize
        var entries: [SectionEntry] = []
        var position = tableEnd
        for (kind, bytes) in sections {
            position = (position + StoreFormat.alignment - 1) / StoreFormat.alignment * StoreFormat.alignment
            entries.append(
                SectionEntry(kind: kind, offset: position, length: bytes.count, checksum: CRC32.checksum(bytes)))
            position += bytes.count
        }
        var file = ByteWriter()
        file.bytes.reserveCapacity(position)
        file.append(StoreFormat.magic)
        file.u16(StoreFormat.version)
        file.u16(UInt16(StoreFormat.headerSize))
        file.u32(UInt32(sections.count))
        file.u64(UInt64(position))
        file.u32(0)
        file.u32(0)
        for entry in entries {
            file.u32(entry.kind.rawValue)
            file.u32(0)
            file.u64(UInt64(entry.offset))
            file.u64(UInt64(entry.length))
            file.u32(entry.checksum)
            file.u32(0)
        }
        file.patchU32(headerChecksum(file.bytes[0..<tableEnd]), at: 24)
        for (index, (_, bytes)) in sections.enumerated() {
            while file.count < entries[index].offset { file.u8(0) }
            file.append(bytes)
        }
        return file.bytes
    }

    /// The CRC-32 of the header (all but its checksum field) and the section table.
    static func headerChecksum(_ headerAndTable: some Collection<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.update(headerAndTable.prefix(24))
        crc.update(headerAndTable.dropFirst(28))
        return crc.value
    }
}
