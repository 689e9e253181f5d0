import ScriptureModel
import TextNormalization

/// One book's share of a store file, encoded on its own so that books go in parallel: first with the book's
/// own string and style ids (`encode`), then, once all books' counts give the file's ids, with those (`resolve`).
enum BookEncoder {
    /// A book's bytes, with offsets relative to the book's own start in each section, and what it counted.
    struct Encoded: Sendable {
        /// The introduction stream, then each chapter's stream; their ids are left out (`ids`) until `resolve`.
        var content: [UInt8] = []
        var ids = PendingIDs()
        /// Where the introduction ends and where each chapter ends in `content`, until `resolve`.
        var marks: [PendingIDs.Mark] = []
        var introductionLength = 0
        /// The book's verse text.
        var text: [UInt8] = []
        /// Each verse's text offset (from the book's text start) and label code.
        var verses: [(offset: Int, label: UInt32)] = []
        /// The chapter records, with verses, text and content counted from the book's own start.
        var chapters: [ChapterRecord] = []
        /// The pool ids (plus one, zero for none) of the names, identification, format version and chapter label.
        var names: [Int] = []
        /// The strings and styles the book uses, with their uses, under the book's ids, until they are merged
        /// into the file's (`IDMerger`).
        var strings = FrequencyInterner<ByteString>()
        var styles = StyleSet()
        /// The tagged words of each verse that has them (its index among the book's verses), in verse order.
        var words: [(verse: Int, words: [TaggedWord])] = []
    }

    /// The strings a book keeps outside its content: names, identification, format version, chapter label.
    static func names(_ book: Book) -> [String?] {
        [
            book.names.header, book.names.long, book.names.short, book.names.abbreviation, book.identification,
            book.formatVersion, book.chapterLabel,
        ]
    }

    /// Encodes a book with its own ids, counting its strings and styles, and computes its verse texts.
    ///
    /// The book is taken: given the only reference, each chapter's content is let go once encoded, so that the
    /// document model shrinks as the encoded bytes grow.
    static func encode(_ book: consuming Book) throws(StoreError) -> Encoded {
        var result = Encoded()
        // Chapters in numeric order however the book came (an import has put them so already).
        book.putChaptersInOrder()
        var encoder = ContentEncoder()
        try encoder.introduction(book.introductionContent)
        result.marks.append(PendingIDs.Mark(offset: encoder.out.count, ids: encoder.ids.count))
        var chapters: [Chapter] = []
        swap(&chapters, &book.chapters)
        // The text's size up front, from the content's (each verse's text is mostly its content's, white space
        // collapsed): growing it by doubling would need up to twice the book's text at once. Reserved pages
        // that are never written take no memory.
        let contentSize = chapters.reduce(0) { $0 + $1.content.bytes.count }
        result.text.reserveCapacity(contentSize + contentSize / 8 + 1024)
        // One table of tagged words' values for the book, which every verse's words read once it is made.
        var collector = ChapterVerseCollector(book: book.id, sharingWordValues: true)
        for index in chapters.indices {
            let chapter = chapters[index]
            chapters[index].content = FlatContent()
            defer {
                MemoryRelease.freed(
                    chapter.content.bytes.count + chapter.content.nodes.count * MemoryLayout<FlatNode>.stride)
            }
            // The chapter's verse texts, in NFC, before its content is encoded and let go: written straight
            // into the book's text, so that a long verse is not also held as a buffer and a string.
            let textStart = result.text.count
            var verses = collector.appendVerses(of: chapter, to: &result.text)
            normalize(&verses, in: &result.text)
            let firstVerse = result.verses.count
            // A slice, not a copy: a chapter's text can be most of a book's.
            try encoder.chapter(chapter, verseText: result.text[textStart...])
            result.marks.append(PendingIDs.Mark(offset: encoder.out.count, ids: encoder.ids.count))
            // The labels are counted after the chapter's content, as the verse table comes after it.
            for verse in verses {
                let label: UInt32
                if let number = VerseLabel.number(verse.key.verse) {
                    label = UInt32(number)
                } else {
                    let id = encoder.strings.countGivingID(verse.key.verse)
                    guard id < Int(RecordLayout.labelIsString) else {
                        throw .cannotEncode("too many distinct verse labels")
                    }
                    label = UInt32(id) | RecordLayout.labelIsString
                }
                if !verse.words.isEmpty { result.words.append((result.verses.count, verse.words)) }
                result.verses.append((verse.range.lowerBound, label))
            }
            result.chapters.append(
                ChapterRecord(
                    number: chapter.number, book: book.id, firstVerse: firstVerse, verseCount: verses.count,
                    textOffset: textStart, textLength: result.text.count - textStart, contentOffset: 0,
                    contentLength: 0))
        }
        if let values = collector.takeWordValues() {
            for index in result.words.indices { result.words[index].words.read(values) }
        }
        result.names = names(book).map { name in name.map { encoder.strings.countGivingID($0) + 1 } ?? 0 }
        result.content = encoder.out.bytes
        result.ids = encoder.ids
        result.strings = encoder.strings
        result.styles = encoder.styles
        return result
    }

    /// Puts the verse texts of a chapter (`verses`, their texts at the end of `text`) in NFC where they are
    /// not, their tagged words moved with them (`VerseText.normalizeKeepingWords()`), and the later verses'
    /// ranges moved; the text is left as it is when every verse is NFC already (ASCII and most text).
    static func normalize(_ verses: inout [VerseSpan], in text: inout [UInt8]) {
        let first = text.withUnsafeBufferPointer { bytes in
            verses.firstIndex { !NFC.isNormalized(UnsafeBufferPointer(rebasing: bytes[$0.range])) }
        }
        guard let first else { return }
        let tailStart = verses[first].range.lowerBound
        let tail = Array(text[tailStart...])
        text.removeSubrange(tailStart...)
        for index in first..<verses.count {
            let range = (verses[index].range.lowerBound - tailStart)..<(verses[index].range.upperBound - tailStart)
            var verse = VerseText(
                key: verses[index].key, text: String(decoding: tail[range], as: UTF8.self),
                location: verses[index].location, words: verses[index].words)
            if !NFC.isNormalized(verse.text) { verse.normalizeKeepingWords() }
            let verseStart = text.count
            text.append(contentsOf: verse.text.utf8)
            verses[index].range = verseStart..<text.count
            verses[index].words = verse.words
        }
    }

    /// Puts the file's ids in an encoded book: `strings[id]` and `styles[id]` are the file's ids of the book's.
    static func resolve(_ book: consuming Encoded, strings: [Int], styles: [Int]) throws(StoreError) -> Encoded {
        let (content, marks) = book.ids.resolve(book.content, strings: strings, styles: styles, marks: book.marks)
        book.content = content
        book.ids = PendingIDs()
        book.marks = []
        book.introductionLength = marks[0]
        for index in book.chapters.indices {
            book.chapters[index].contentOffset = marks[index]
            book.chapters[index].contentLength = marks[index + 1] - marks[index]
        }
        for index in book.verses.indices where book.verses[index].label & RecordLayout.labelIsString != 0 {
            let id = strings[Int(book.verses[index].label & ~RecordLayout.labelIsString)]
            guard id < Int(RecordLayout.labelIsString) else { throw .cannotEncode("too many distinct verse labels") }
            book.verses[index].label = UInt32(id) | RecordLayout.labelIsString
        }
        book.names = book.names.map { $0 == 0 ? 0 : strings[$0 - 1] + 1 }
        return book
    }
}
