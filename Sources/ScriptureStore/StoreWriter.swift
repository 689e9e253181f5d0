import LecternKernels
import ScriptureModel
import Synchronization

/// Turns parsed books into the bytes of a store file (see `StoreFormat`).
///
/// Writing the bytes to disk safely is `Library`'s job; this is a pure function
/// of the books and metadata.
public enum StoreWriter {
    /// Encodes `books` (stored in canon order) with `metadata`, plus any extra sections such as a search index:
    /// given as bytes, or built by `sections` from the verses in verse-table order.
    ///
    /// - Complexity: O(n) in the books' content, two passes, books in parallel; the built sections are made
    ///   after the books are encoded.
    public static func encode(
        books: [Book], metadata: VersionMetadata, extraSections: [(SectionKind, [UInt8])] = [],
        sections builders: [any StoreSection] = []
    ) throws(StoreError) -> [UInt8] {
        var pending = try prepare(books: books, metadata: metadata, extraSections: extraSections, sections: builders)
        var output = StoreFileBytes()
        try write(&pending, to: &output)
        return output.bytes
    }

    /// A store file ready to be written: its encoded sections (each as its pieces, so that the books' content
    /// and text are not copied into one array each), and the verses the built sections are made from.
    struct Pending {
        /// The encoded sections in file order, before the built ones.
        var sections: [(SectionKind, [[UInt8]])]
        /// Every verse text in verse-table order, for `builders`: the text section's own bytes (shared, not
        /// copied), each verse's end, and the tagged words.
        var verseTexts: VerseTextTable
        /// The sections built from `verseTexts` when the file is written, after `sections`.
        var builders: [any StoreSection]
    }

    /// What the books section says of a book's shape.
    struct BookShape: Sendable {
        var id: BookID
        var chapterCount: Int
        var hasIntroduction: Bool

        init(_ book: borrowing Book) {
            id = book.id
            chapterCount = book.chapters.count
            hasIntroduction = book.hasIntroduction
        }
    }

    /// A book encoded for a store file on its own, before the file's string and style ids are known
    /// (`encode(book:)`): an import encodes each book as soon as it is read and lets its model go, and
    /// `Library.add(encoded:…)` writes them.
    package struct EncodedBook: Sendable {
        /// The book.
        package var id: BookID { shape.id }
        let shape: BookShape
        var encoded: BookEncoder.Encoded
    }

    /// Encodes one book of a store file with its own ids (what `prepare(books:…)` does for each book).
    ///
    /// - Throws: `StoreError.cannotEncode` when it has a chapter twice, or more than a store can hold.
    package static func encode(book: consuming Book) throws(StoreError) -> EncodedBook {
        try checkChapters(book)
        let shape = BookShape(book)
        return EncodedBook(shape: shape, encoded: try BookEncoder.encode(book))
    }

    /// Encodes the books and metadata of a store file, for `write(_:to:)`.
    ///
    /// The books are taken, not borrowed: once they are encoded they are let go, so a caller that gives up
    /// its own reference (`consume`) has the document model freed before the search index is built.
    static func prepare(
        books input: consuming [Book], metadata: VersionMetadata, extraSections: [(SectionKind, [UInt8])] = [],
        sections builders: [any StoreSection] = []
    ) throws(StoreError) -> Pending {
        try checkUnique(input)
        let books = input.enumerated().sorted { ($0.element.id, $0.offset) < ($1.element.id, $1.offset) }
            .map(\.element)
        input = []
        let shapes = books.map { BookShape($0) }
        let merger = IDMerger()
        let encoded = try encodeAll(consume books, merger: merger)
        return try assemble(
            encoded, shapes: shapes, merged: merger.take(), metadata: metadata, extraSections: extraSections,
            sections: builders)
    }

    /// Encodes the books of a store file read and encoded one by one (`encode(book:)`), for `write(_:to:)`: as
    /// `prepare(books:…)` does, the books' strings and styles merged here, in book order.
    static func prepare(
        encoded input: consuming [EncodedBook], metadata: VersionMetadata, extraSections: [(SectionKind, [UInt8])] = [],
        sections builders: [any StoreSection] = []
    ) throws(StoreError) -> Pending {
        try checkUnique(input.map(\.shape.id))
        var books = input.enumerated().sorted { ($0.element.shape.id, $0.offset) < ($1.element.shape.id, $1.offset) }
            .map(\.element)
        input = []
        let shapes = books.map(\.shape)
        let merger = IDMerger()
        var encoded: [BookEncoder.Encoded] = []
        encoded.reserveCapacity(books.count)
        for index in books.indices {
            // Moved out, not copied: each book's bytes have one owner, freed as `resolveAll` replaces them.
            var part = BookEncoder.Encoded()
            swap(&part, &books[index].encoded)
            merger.add(book: index, handingOver: &part)
            encoded.append(part)
        }
        books = []
        return try assemble(
            encoded, shapes: shapes, merged: merger.take(), metadata: metadata, extraSections: extraSections,
            sections: builders)
    }

    /// The sections of a store file from its books encoded with their own ids, in book order, and the ids
    /// merged from them.
    private static func assemble(
        _ encoded: consuming [BookEncoder.Encoded], shapes: [BookShape], merged: consuming IDMerger.Merged,
        metadata: VersionMetadata, extraSections: [(SectionKind, [UInt8])], sections builders: [any StoreSection]
    ) throws(StoreError) -> Pending {
        guard merged.stringIDs.count == encoded.count, merged.styleIDs.count == encoded.count else {
            throw .cannotEncode("\(encoded.count) books were encoded but \(merged.stringIDs.count) merged")
        }
        let stringOrder = merged.strings.freeze()
        let styleOrder = merged.styles.frequencyOrder()
        let styleIDsInFile = FrequencyInterner<ByteString>.renumbering(styleOrder)
        // The styles and strings sections are built beside the books' ids being put in.
        let (styles, frozenStrings) = (merged.styles, merged.strings.values)
        let tables: (styles: [UInt8], strings: [UInt8])
        (encoded, tables) = try resolveAll(
            encoded, strings: merged.stringIDs.map { $0.map { stringOrder[$0] } },
            styles: merged.styleIDs.map { $0.map { styleIDsInFile[$0] } }
        ) { () throws(StoreError) in
            var pool = StringPool(frozenStrings, room: styles.valueCount + styles.tokenStrings.count)
            let stylesSection = try StyleTable.build(styles, order: styleOrder, strings: &pool)
            return try (stylesSection, pool.section())
        }
        merged = IDMerger.Merged()

        var content: [[UInt8]] = []
        var text: [[UInt8]] = []
        var (contentCount, textCount) = (0, 0)
        var verses = ByteWriter()
        var chapters = ByteWriter()
        var booksSection = ByteWriter()
        booksSection.varint(shapes.count)
        var verseCount = 0
        var chapterCount = 0
        // Every verse text once, in verse-table order: each book's text is the text section's piece.
        var verseTexts = VerseTextTable(books: [])
        verseTexts.books.reserveCapacity(encoded.count)
        for (book, part) in zip(shapes, encoded) {
            var ends: [UInt32] = []
            ends.reserveCapacity(part.verses.count)
            for verse in part.verses.dropFirst() { ends.append(try offset32(verse.offset)) }
            if !part.verses.isEmpty { ends.append(try offset32(part.text.count)) }
            verseTexts.books.append(.init(id: book.id, text: part.text, ends: ends, words: part.words))
            let (contentBase, textBase, verseBase) = (contentCount, textCount, verses.count)
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
            for value in [chapterCount, book.chapterCount, contentBase, part.introductionLength, part.verses.count] {
                booksSection.varint(value)
            }
            booksSection.varint(Int(checksum(part.content, 0..<part.introductionLength, continuing: 0)))
            content.append(part.content)
            text.append(part.text)
            contentCount += part.content.count
            textCount += part.text.count
            verseCount += part.verses.count
            chapterCount += part.chapters.count
        }
        verses.u32(try offset32(textCount))
        verses.u32(0)
        _ = try offset32(contentCount)

        let whole: [(SectionKind, [UInt8])] = [
            (.metadata, metadata.encoded()), (.strings, tables.strings), (.styles, tables.styles),
            (.books, booksSection.bytes), (.chapters, chapters.bytes), (.verses, verses.bytes),
        ]
        var sections = whole.map { ($0.0, [$0.1]) }
        sections += [(.text, text), (.content, content)]
        sections += extraSections.map { ($0.0, [$0.1]) }
        return Pending(sections: sections, verseTexts: verseTexts, builders: builders)
    }

    /// Encodes each book with its own ids, books in parallel, each book's strings and styles handed to `merger`
    /// as it is done. The books are taken, each handed to its encoder alone, so that its content is freed
    /// chapter by chapter as it is encoded.
    private static func encodeAll(
        _ books: consuming [Book], merger: IDMerger
    ) throws(StoreError) -> [BookEncoder.Encoded] {
        let count = books.count
        let slots = Mutex<[Book?]>(books.map { $0 })
        books = []
        return try Parallel.map(count: count) { index throws(StoreError) in
            guard let book = slots.withLock({ $0[index].take() }) else {
                throw .cannotEncode("book \(index) was taken twice")
            }
            var encoded = try BookEncoder.encode(book)
            merger.add(book: index, handingOver: &encoded)
            return encoded
        }
    }

    /// Puts the file's ids in each encoded book (`strings[book]`, `styles[book]` map its ids to the file's),
    /// books in parallel, each book's stream without ids let go once it has them; `tables` (which makes the
    /// styles and strings sections) runs beside them, as the first task.
    private static func resolveAll(
        _ books: consuming [BookEncoder.Encoded], strings: [[Int]], styles: [[Int]],
        beside tables: @Sendable () throws(StoreError) -> (styles: [UInt8], strings: [UInt8])
    ) throws(StoreError) -> ([BookEncoder.Encoded], (styles: [UInt8], strings: [UInt8])) {
        enum Done: Sendable {
            case book(BookEncoder.Encoded)
            case tables(styles: [UInt8], strings: [UInt8])
        }
        let count = books.count
        let slots = Mutex<[BookEncoder.Encoded?]>(books.map { $0 })
        books = []
        let done = try Parallel.map(count: count + 1) { index throws(StoreError) -> Done in
            guard index > 0 else {
                let made = try tables()
                return .tables(styles: made.styles, strings: made.strings)
            }
            guard let book = slots.withLock({ $0[index - 1].take() }) else {
                throw .cannotEncode("book \(index - 1) was taken twice")
            }
            return .book(try BookEncoder.resolve(book, strings: strings[index - 1], styles: styles[index - 1]))
        }
        var resolved: [BookEncoder.Encoded] = []
        resolved.reserveCapacity(count)
        var sections: (styles: [UInt8], strings: [UInt8]) = ([], [])
        for item in done {
            switch item {
            case .book(let book): resolved.append(book)
            case .tables(let styles, let strings): sections = (styles, strings)
            }
        }
        return (resolved, sections)
    }

    /// A store finds books by id and chapters by number, so each must be there once (the parsers merge a
    /// repeated chapter; an import keeps the first copy of a book).
    private static func checkUnique(_ books: [Book]) throws(StoreError) {
        try checkUnique(books.map(\.id))
        for book in books { try checkChapters(book) }
    }

    private static func checkUnique(_ books: [BookID]) throws(StoreError) {
        var seen: Set<BookID> = []
        for book in books where !seen.insert(book).inserted { throw .cannotEncode("\(book.code) is given twice") }
    }

    private static func checkChapters(_ book: Book) throws(StoreError) {
        var numbers: Set<Int> = []
        for chapter in book.chapters where !numbers.insert(chapter.number).inserted {
            throw .cannotEncode("\(book.id.code) has chapter \(chapter.number) twice")
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
}
