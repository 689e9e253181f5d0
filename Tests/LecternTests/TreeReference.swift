import ScriptureModel

/// The verse text walker as it was before the flat model, over the `Block`/`Inline` tree (kept here as the
/// reference the flat walkers are checked against: `FlatWalkerCorpusTests`).
enum TreeReference {
    /// Every verse of `book` by walking its materialised blocks (`Chapter.blocks`).
    static func verseTexts(_ book: Book) -> [VerseText] {
        var collector = TreeVerseTextCollector(book: book.id)
        var verses: [VerseText] = []
        for chapter in book.chapters {
            collector.startChapter(chapter.number)
            for block in chapter.blocks { collector.add(block) }
            collector.finishVerse()
            // Each chapter's verses in numeric order, stably (`Book.verseTexts()`, issue 47): only a chapter out of
            // order (or repeated, and merged) changes.
            let chapterVerses = collector.verses[verses.count...].enumerated().sorted {
                (VerseKey.leadingNumber($0.element.key.verse), $0.element.key.verse, $0.offset)
                    < (VerseKey.leadingNumber($1.element.key.verse), $1.element.key.verse, $1.offset)
            }
            verses += chapterVerses.map(\.element)
        }
        return verses
    }

    /// The verse labels of a chapter by walking its materialised blocks.
    static func verseLabels(_ chapter: Chapter) -> [String] {
        var labels: [String] = []
        func walk(_ content: [Inline]) {
            for inline in content {
                switch inline {
                case .verse(let start): labels.append(start.number)
                case .character(let span): walk(span.content)
                default: break
                }
            }
        }
        func walk(_ blocks: [Block]) {
            for block in blocks {
                switch block {
                case .paragraph(let paragraph): walk(paragraph.content)
                case .table(let table):
                    for row in table.rows {
                        walk(row.leading)
                        for cell in row.cells { walk(cell.content) }
                    }
                case .sidebar(let sidebar): walk(sidebar.blocks)
                }
            }
        }
        walk(chapter.blocks)
        return labels
    }
}

/// Whether a character style's content is not verse text: `va`, `vp`, `ca`, `cp`, `cat`, `fig`, and `rq`
/// (an inline quotation reference, which USFM classes with titles, headings and labels).
///
/// Compares the marker's bytes packed into an integer (a `Set<String>` would hash every `\w`).
private func treeIsExcludedCharacterMarker(_ marker: String) -> Bool {
    let utf8 = marker.utf8
    guard utf8.count == 2 || utf8.count == 3 else { return false }
    var key: UInt32 = 0
    for byte in utf8 { key = key << 8 | UInt32(byte) }
    switch key {
    case 0x76_61, 0x76_70, 0x63_61, 0x63_70, 0x63_61_74, 0x66_69_67, 0x72_71: return true
    default: return false
    }
}

/// Whether a paragraph style the model classes as prose is not scripture text: `\lit`, a liturgical note
/// (`Literally:`, a congregational response). Like a heading, it adds to verse text only after a verse that
/// starts inside it.
private func treeIsNonScriptureParagraph(_ marker: String) -> Bool {
    let utf8 = marker.utf8
    return utf8.count == 3 && marker == "lit"
}

struct TreeVerseTextCollector {
    let book: BookID
    var chapter = 0
    var verses: [VerseText] = []
    /// The tagged words of the current verse.
    var words: [TaggedWord] = []
    var current: (key: VerseKey, location: SourceLocation)?
    /// Whether `current` is set (testing the optional itself copies the key and location).
    var inVerse = false
    var buffer: [UInt8] = []
    var pendingSpace = false
    var afterNote = false

    init(book: BookID) {
        self.book = book
        buffer.reserveCapacity(1024)
    }

    mutating func startChapter(_ number: Int) {
        finishVerse()
        chapter = number
    }

    mutating func finishVerse() {
        if let current {
            verses.append(
                VerseText(
                    key: current.key, text: String(decoding: buffer, as: UTF8.self), location: current.location,
                    words: words))
        }
        words.removeAll()
        current = nil
        inVerse = false
        buffer.removeAll(keepingCapacity: true)
        pendingSpace = false
        afterNote = false
    }

    mutating func add(_ block: Block, inSidebar: Bool = false) {
        switch block {
        case .paragraph(let paragraph):
            let setApart = inSidebar || !paragraph.kind.carriesVerseText || treeIsNonScriptureParagraph(paragraph.marker)
            addParagraph(paragraph.content, setApart: setApart)
        case .table(let table):
            for row in table.rows {
                addParagraph(row.leading, setApart: inSidebar)
                for cell in row.cells { addParagraph(cell.content, setApart: inSidebar) }
            }
        case .sidebar(let sidebar):
            // Study content, never verse text; only a verse wrongly started inside it (which the parsers
            // report) makes the rest of that paragraph verse text, as in a heading, so no verse is lost.
            for inner in sidebar.blocks { add(inner, inSidebar: true) }
        }
    }

    /// Adds a paragraph's (or cell's) content between boundaries. Set-apart content (a heading, a
    /// sidebar's paragraph) adds nothing unless a verse starts inside it (`\d \v 1 …`, as Psalm titles
    /// and BSB ZEC 12:1 have it): then the content from that verse on is verse text.
    mutating func addParagraph(_ content: [Inline], setApart: Bool) {
        var content = content[...]
        if setApart {
            guard let first = content.firstIndex(where: { if case .verse = $0 { true } else { false } }) else {
                return
            }
            content = content[first...]
        }
        boundary()
        add(content)
        boundary()
    }

    mutating func boundary() {
        pendingSpace = true
        afterNote = false
    }

    mutating func add(_ content: some Collection<Inline>) {
        for inline in content {
            switch inline {
            case .text(let text):
                append(text)
            case .verse(let start):
                finishVerse()
                current = (VerseKey(book: book, chapter: chapter, verse: start.number), start.location)
                inVerse = true
            case .character(let span):
                if span.attributes.isEmpty {
                    if !treeIsExcludedCharacterMarker(span.marker) { add(span.content) }
                } else {
                    addTagged(span)
                }
            case .note:
                afterNote = true
            case .milestone, .figure, .optionalBreak:
                break
            }
        }
    }

    /// Adds a span with attributes, noting its bytes when it carries a Strong's number, lemma or morphology.
    @inline(never)
    mutating func addTagged(_ span: CharacterSpan) {
        guard !treeIsExcludedCharacterMarker(span.marker) else { return }
        let start = buffer.count
        let verse = current?.key
        add(span.content)
        guard inVerse, current?.key == verse, buffer.count > start,
            let word = TaggedWord(span, utf8Range: start..<buffer.count)
        else { return }
        words.append(word)
    }

    /// Appends text with ASCII white space collapsed, a run of other bytes at a time.
    mutating func append(_ text: String) {
        guard inVerse else { return }
        // Reads the string's own UTF-8 (a copy of the string to call `withUTF8` costs a retain and release).
        if text.utf8.withContiguousStorageIfAvailable({ append(bytes: $0) }) == nil {
            var copy = text
            copy.withUTF8 { append(bytes: $0) }
        }
    }

    private mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        var index = 0
        while index < count {
            if isASCIIWhiteSpace(bytes[index]) {
                pendingSpace = true
                afterNote = false
                index += 1
                continue
            }
            var end = index + 1
            while end < count, !isASCIIWhiteSpace(bytes[end]) { end += 1 }
            // A note only ever precedes the text's first byte: white space clears `afterNote`.
            if afterNote { separateFromNote(before: bytes) }
            if pendingSpace {
                if !buffer.isEmpty { buffer.append(0x20) }
                pendingSpace = false
            }
            appendRun(UnsafeBufferPointer(rebasing: bytes[index..<end]))
            index = end
        }
    }

    /// After a left-out note, keeps a space where the note stood between two letters or digits.
    @inline(never)
    private mutating func separateFromNote(before bytes: UnsafeBufferPointer<UInt8>) {
        afterNote = false
        if !pendingSpace, let last = lastScalar(), last.properties.isAlphabetic || last.properties.numericType != nil,
            let next = firstScalar(of: bytes), next.properties.isAlphabetic || next.properties.numericType != nil
        {
            pendingSpace = true
        }
    }

    /// Appends bytes: short runs (most words) one by one, which costs less than a bulk append's set-up.
    private mutating func appendRun(_ run: UnsafeBufferPointer<UInt8>) {
        if run.count < 16 {
            for byte in run { buffer.append(byte) }
        } else {
            buffer.append(contentsOf: run)
        }
    }

    private func isASCIIWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private func lastScalar() -> Unicode.Scalar? {
        guard !buffer.isEmpty else { return nil }
        var start = buffer.count - 1
        while start > 0 && buffer[start] & 0xC0 == 0x80 { start -= 1 }
        return String(decoding: buffer[start...], as: UTF8.self).unicodeScalars.first
    }

    private func firstScalar(of bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        var index = 0
        while index < bytes.count,
            bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
        {
            index += 1
        }
        guard index < bytes.count else { return nil }
        var end = index + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self).unicodeScalars.first
    }
}
