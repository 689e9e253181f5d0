import ScriptureModel
import TextNormalization

/// One book's share of a store file, counted and encoded on its own so that books go in parallel.
enum BookEncoder {
    /// What counting a book found: its strings and styles with their uses, and its verse texts.
    struct Counted: Sendable {
        var strings: FrequencyInterner<String>
        var styles: FrequencyInterner<StyleKey>
        /// The verse texts of each chapter, in NFC.
        var verseTexts: [[VerseText]]
    }

    /// A book's bytes, with offsets relative to the book's own start in each section.
    struct Encoded: Sendable {
        /// The introduction stream, then each chapter's stream.
        var content: [UInt8] = []
        var introductionLength = 0
        /// The book's verse text.
        var text: [UInt8] = []
        /// Each verse's text offset (from the book's text start) and label code.
        var verses: [(offset: Int, label: UInt32)] = []
        /// The chapter records, with verses, text and content counted from the book's own start.
        var chapters: [ChapterRecord] = []
        /// The pool ids (plus one, zero for none) of the names, identification, format version and chapter label.
        var names: [Int] = []
    }

    /// The strings a book keeps outside its content: names, identification, format version, chapter label.
    static func names(_ book: Book) -> [String?] {
        [
            book.names.header, book.names.long, book.names.short, book.names.abbreviation, book.identification,
            book.formatVersion, book.chapterLabel,
        ]
    }

    /// Counts a book's strings and styles and computes its verse texts.
    static func count(_ book: Book) throws(StoreError) -> Counted {
        var encoder = ContentEncoder()
        try encoder.introduction(book.introductionContent)
        var verseTexts: [[VerseText]] = []
        for chapter in book.chapters {
            try encoder.chapter(chapter, verseText: [])
            let verses = chapterVerseTexts(book, chapter)
            for verse in verses where VerseLabel.number(verse.key.verse) == nil {
                encoder.strings.count(verse.key.verse)
            }
            verseTexts.append(verses)
        }
        for case let name? in names(book) { encoder.strings.count(name) }
        return Counted(strings: encoder.strings, styles: encoder.styles, verseTexts: verseTexts)
    }

    /// Encodes a counted book with the file's ids: its verse texts in order, `chapterCounts` of them to each chapter.
    ///
    /// The book is taken: given the only reference, each chapter's content is let go once encoded, so that the
    /// document model shrinks as the encoded bytes grow.
    static func encode(
        _ book: consuming Book, verseTexts: ArraySlice<VerseText>, chapterCounts: [Int], tables: InternTables
    ) throws(StoreError) -> Encoded {
        var encoder = ContentEncoder(tables: tables)
        var result = Encoded()
        try encoder.introduction(book.introductionContent)
        result.introductionLength = encoder.out.count
        var nextVerse = verseTexts.startIndex
        // The text's exact size up front: growing it by doubling would need up to twice the book's text at once.
        result.text.reserveCapacity(verseTexts.reduce(0) { $0 + $1.text.utf8.count })
        result.verses.reserveCapacity(verseTexts.count)
        var chapters: [Chapter] = []
        swap(&chapters, &book.chapters)
        var release = MemoryRelease()
        for index in chapters.indices {
            let chapter = chapters[index]
            chapters[index].content = FlatContent()
            defer { release.freed(chapter.content.bytes.count + chapter.content.nodes.count * 32) }
            let count = index < chapterCounts.count ? min(chapterCounts[index], verseTexts.endIndex - nextVerse) : 0
            let verses = verseTexts[nextVerse..<(nextVerse + count)]
            nextVerse += count
            let textStart = result.text.count
            let firstVerse = result.verses.count
            for verse in verses {
                let label: UInt32
                if let number = VerseLabel.number(verse.key.verse) {
                    label = UInt32(number)
                } else {
                    let id = try tables.id(of: verse.key.verse)
                    guard id < Int(RecordLayout.labelIsString) else {
                        throw .cannotEncode("too many distinct verse labels")
                    }
                    label = UInt32(id) | RecordLayout.labelIsString
                }
                result.verses.append((result.text.count, label))
                result.text.append(contentsOf: verse.text.utf8)
            }
            let contentStart = encoder.out.count
            // A slice, not a copy: a chapter's text can be most of a book's.
            try encoder.chapter(chapter, verseText: result.text[textStart...])
            result.chapters.append(
                ChapterRecord(
                    number: chapter.number, book: book.id, firstVerse: firstVerse, verseCount: verses.count,
                    textOffset: textStart, textLength: result.text.count - textStart, contentOffset: contentStart,
                    contentLength: encoder.out.count - contentStart))
        }
        result.content = encoder.out.bytes
        for name in names(book) {
            result.names.append(try name.map { name throws(StoreError) in try tables.id(of: name) + 1 } ?? 0)
        }
        return result
    }

    /// The verse texts of one chapter, as `Book.verseTexts()` gives them, in NFC.
    static func chapterVerseTexts(_ book: Book, _ chapter: Chapter) -> [VerseText] {
        let single = Book(id: book.id, chapters: [chapter], location: book.location)
        return single.verseTexts().map { verse in
            var verse = verse
            if !NFC.isNormalized(verse.text) { verse.normalizeKeepingWords() }
            return verse
        }
    }
}
