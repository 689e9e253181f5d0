import ScriptureModel
import TextNormalization

/// Turns parsed books into the bytes of a store file (see `StoreFormat`).
///
/// Writing the bytes to disk safely is `Library`'s job; this is a pure function
/// of the books and metadata.
public enum StoreWriter {
    /// Encodes `books` (stored in canon order) with `metadata`, plus any extra sections such as a search index.
    ///
    /// - Complexity: O(n) in the books' content, two passes.
    public static func encode(
        books: [Book], metadata: VersionMetadata, extraSections: [(SectionKind, [UInt8])] = []
    ) throws(StoreError) -> [UInt8] {
        let books = books.enumerated().sorted { ($0.element.id, $0.offset) < ($1.element.id, $1.offset) }.map(\.element)
        let verseTexts = books.map { book in book.chapters.map { chapterVerseTexts(book, $0) } }

        var encoder = ContentEncoder()
        for book in books {
            try encoder.introduction(book.introduction)
            for chapter in book.chapters { try encoder.chapter(chapter, verseText: []) }
        }
        encoder.freeze()

        var text = ByteWriter()
        var verses = ByteWriter()
        var chapters = ByteWriter()
        var booksSection = ByteWriter()
        var verseCount = 0
        booksSection.varint(books.count)
        for (bookIndex, book) in books.enumerated() {
            let introStart = encoder.out.count
            try encoder.introduction(book.introduction)
            let introLength = encoder.out.count - introStart
            let firstChapter = chapters.count / RecordLayout.chapterSize
            var bookVerses = 0
            for (chapterIndex, chapter) in book.chapters.enumerated() {
                let chapterVerses = verseTexts[bookIndex][chapterIndex]
                let textStart = text.count
                let firstVerse = verseCount
                for verse in chapterVerses {
                    verses.u32(try offset32(text.count))
                    verses.u32(try label(verse.key.verse, &encoder.strings))
                    text.append(verse.text.utf8)
                }
                verseCount += chapterVerses.count
                bookVerses += chapterVerses.count
                let contentStart = encoder.out.count
                try encoder.chapter(chapter, verseText: Array(text.bytes[textStart...]))
                for value in [
                    chapter.number, firstVerse, chapterVerses.count, textStart, text.count - textStart, contentStart,
                    encoder.out.count - contentStart,
                ] {
                    chapters.u32(try offset32(value))
                }
                chapters.u8(book.id.rawValue)
                chapters.append([0, 0, 0])
            }
            booksSection.u8(book.id.rawValue)
            booksSection.u8(book.hasIntroduction ? 1 : 0)
            for name in [
                book.names.header, book.names.long, book.names.short, book.names.abbreviation, book.identification,
                book.formatVersion, book.chapterLabel,
            ] {
                booksSection.varint(name.map { encoder.strings.id($0) + 1 } ?? 0)
            }
            for value in [firstChapter, book.chapters.count, introStart, introLength, bookVerses] {
                booksSection.varint(value)
            }
        }
        verses.u32(try offset32(text.count))
        verses.u32(0)

        let styles = try StyleTable.build(encoder.styles.values, strings: &encoder.strings)
        let strings = try StringTable.build(encoder.strings.values)
        var sections: [(SectionKind, [UInt8])] = [
            (.metadata, metadata.encoded()), (.strings, strings), (.styles, styles), (.books, booksSection.bytes),
            (.chapters, chapters.bytes), (.verses, verses.bytes), (.text, text.bytes), (.content, encoder.out.bytes),
        ]
        sections += extraSections
        return assemble(sections)
    }

    /// The verse texts of one chapter, as `Book.verseTexts()` gives them, in NFC.
    static func chapterVerseTexts(_ book: Book, _ chapter: Chapter) -> [VerseText] {
        let single = Book(id: book.id, chapters: [chapter], location: book.location)
        return single.verseTexts().map { verse in
            var verse = verse
            if !NFC.isNormalized(verse.text) { verse.text = NFC.normalize(verse.text) }
            return verse
        }
    }

    private static func label(_ label: String, _ strings: inout FrequencyInterner<String>) throws(StoreError) -> UInt32
    {
        if let number = VerseLabel.number(label) { return UInt32(number) }
        let id = strings.id(label)
        guard id < Int(RecordLayout.labelIsString) else { throw .cannotEncode("too many distinct verse labels") }
        return UInt32(id) | RecordLayout.labelIsString
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
