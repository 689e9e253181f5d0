import CByteScan

/// Whether a character style's content is not verse text: `va`, `vp`, `ca`, `cp`, `cat`, `fig`, and `rq`
/// (an inline quotation reference, which USFM classes with titles, headings and labels).
///
/// Compares the marker's bytes packed into an integer (a `Set<String>` would hash every `\w`).
func isExcludedCharacterMarker(_ marker: String) -> Bool {
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
func isNonScriptureParagraph(_ marker: String) -> Bool {
    let utf8 = marker.utf8
    return utf8.count == 3 && marker == "lit"
}

/// Walks chapters' nodes and collects their verse texts and tagged words (see `Book.verseTexts()`).
struct VerseTextCollector {
    let book: BookID
    var chapter = 0
    var verses: [VerseText] = []
    /// The keys of the verses, when `keysAlone` (no `VerseText` is made then: a verse text with its location
    /// is three times a key, and 1.6 million of them were the peak of an import of short verses).
    var keys: [VerseKey] = []
    /// The tagged words of the current verse.
    var words: [TaggedWord] = []
    /// The values of the tagged words collected since the verses were last taken.
    var wordValues = TaggedWordInterner()
    /// Whether taking verses leaves their words' values unread, for one table of the whole book
    /// (`ChapterVerseCollector.init(book:sharingWordValues:)`).
    var sharesWordValues = false
    var current: (key: VerseKey, location: SourceLocation)?
    /// Whether `current` is set (testing the optional itself copies the key and location).
    var inVerse = false
    /// The current verse's text.
    var text = VerseBytes()
    var pendingSpace = false
    var afterNote = false
    /// The chapter being walked, its text bytes, and which of its strings are excluded character markers.
    var content = FlatContent()
    var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// The chapter's nodes and attributes while `add(_:)` runs: read through pointers, the walk retains no array.
    var nodes = UnsafeBufferPointer<FlatNode>(start: nil, count: 0)
    var attributeSlots = UnsafeBufferPointer<FlatAttribute>(start: nil, count: 0)
    var excludedMarkers: [UInt8] = []
    /// For each of the chapter's strings as a paragraph marker: 0 not yet known, 1 verse text, 2 set apart.
    var paragraphClasses: [UInt8] = []
    /// `excludedMarkers` while `add(_:)` runs.
    var excluded = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// What each of the chapter's strings is as an attribute name (see `TaggedWord.nameKind(_:)`).
    var attributeNames: [UInt8] = []
    /// Counts the verses started, so a tagged word can tell that no verse started inside it.
    var verseSerial = 0
    /// Whether only the verses' keys and locations are wanted: no text is collected.
    var keysOnly = false
    /// Whether, with `keysOnly`, each verse gives its key alone to `keys` instead of a `VerseText` without text
    /// to `verses` (`Book.verseKeys()`; a `BookOutline` wants the locations, so it sets `keysOnly` alone).
    var keysAlone = false
    /// Whether each verse becomes a `vref` line in `lines` instead of a `VerseText` (no tagged words).
    var writesLines = false
    /// The `vref` lines so far, when `writesLines`.
    var lines: [UInt8] = []
    /// How the current verse's line starts, `BOOK C:V` and a tab, when `writesLines`.
    var lineStart: [UInt8] = []
    /// Whether each verse's text is appended to `appended`, after the verses before it, and becomes a
    /// `VerseSpan` in `spans` instead of a `VerseText` (see `ChapterVerseCollector.appendVerses(of:to:)`).
    var appendsText = false
    /// The verses' texts so far, when `appendsText`.
    var appended: [UInt8] = []
    /// The current verse's bytes already moved from `text` to `appended` (when `appendsText`, a verse of more
    /// than `flushSize` bytes is not held twice).
    var flushed = 0
    static let flushSize = 1 << 20
    /// The verses so far, when `appendsText`.
    var spans: [VerseSpan] = []
    /// The order of the chapter's verses so far (see `finishChapter()`).
    var order = VerseOrder()

    init(book: BookID) {
        self.book = book
    }

    mutating func startChapter(_ number: Int) {
        finishChapter()
        chapter = number
        beginChapterOrder()
    }

    mutating func finishVerse() {
        if writesLines {
            if inVerse { appendLine() }
        } else if appendsText {
            if let current {
                let start = appended.count - flushed
                appended.append(contentsOf: text.bytes)
                spans.append(
                    VerseSpan(
                        key: current.key, location: current.location, range: start..<appended.count,
                        words: takeWords()))
            }
        } else if let current, keysAlone {
            keys.append(current.key)
        } else if let current {
            verses.append(
                VerseText(
                    key: current.key, text: String(decoding: text.bytes, as: UTF8.self), location: current.location,
                    words: takeWords()))
        }
        words.removeAll(keepingCapacity: true)
        current = nil
        inVerse = false
        text.count = 0
        flushed = 0
        pendingSpace = false
        afterNote = false
    }

    /// Appends the `vref` line of a verse whose text is `text`: `BOOK C:V<TAB>text` (`VerseKey.description`).
    private mutating func appendLine() {
        lines.append(contentsOf: lineStart)
        lines.append(contentsOf: text.bytes)
        lines.append(0x0A)
    }

    /// Makes `lineStart` for the verse at node `index`: the book's code, a space, the chapter, `:`, the verse
    /// node's text as `VerseKey.description` writes it, and a tab; no `VerseKey` is made.
    private mutating func startLine(_ index: Int) {
        lineStart.removeAll(keepingCapacity: true)
        lineStart.append(contentsOf: book.code.utf8)
        lineStart.append(0x20)
        lineStart.appendDecimal(chapter)
        lineStart.append(UInt8(ascii: ":"))
        let node = nodes[index]
        let start = Int(node.textStart)
        let count = Int(node.textCount)
        if count > 0, start + count <= bytes.count {
            lineStart.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<(start + count)]))
        }
        lineStart.append(0x09)
    }

    /// Adds a chapter's blocks, walking its nodes in the order of the `Block` tree.
    mutating func add(_ content: FlatContent) {
        self.content = content
        text.makeUnique()
        excludedMarkers = content.strings.map { isExcludedCharacterMarker($0) ? 1 : 0 }
        paragraphClasses = [UInt8](repeating: 0, count: content.strings.count)
        attributeNames = writesLines ? [] : content.strings.map { TaggedWord.nameKind($0) }
        content.bytes.withUnsafeBufferPointer { bytes in
            content.nodes.withUnsafeBufferPointer { nodes in
                content.attributes.withUnsafeBufferPointer { attributes in
                    excludedMarkers.withUnsafeBufferPointer { excluded in
                        (self.bytes, self.nodes, self.attributeSlots) = (bytes, nodes, attributes)
                        self.excluded = excluded
                        for block in content.topLevel { add(block: block, inSidebar: false) }
                        self.bytes = UnsafeBufferPointer(start: nil, count: 0)
                        self.nodes = UnsafeBufferPointer(start: nil, count: 0)
                        self.attributeSlots = UnsafeBufferPointer(start: nil, count: 0)
                        self.excluded = UnsafeBufferPointer(start: nil, count: 0)
                    }
                }
            }
        }
        self.content = FlatContent()
    }

    mutating func add(block index: Int, inSidebar: Bool) {
        switch nodes[index].kind {
        case .table:
            for row in content.children(of: index) where nodes[row].kind == .row {
                addParagraph(row, setApart: inSidebar, skippingCells: true)
                for cell in content.children(of: row) where nodes[cell].kind == .cell {
                    addParagraph(cell, setApart: inSidebar)
                }
            }
        case .sidebar:
            // Study content, never verse text; only a verse wrongly started inside it (which the parsers
            // report) makes the rest of that paragraph verse text, as in a heading, so no verse is lost.
            for inner in content.children(of: index) { add(block: inner, inSidebar: true) }
        default:
            addParagraph(index, setApart: inSidebar || isSetApart(marker: nodes[index].marker))
        }
    }

    /// Whether a paragraph of the marker with string index `id` is set apart from verse text (a heading, a
    /// title, `\lit`), classified once a chapter for each marker (`paragraphClasses`).
    private mutating func isSetApart(marker id: UInt32) -> Bool {
        guard id != FlatNode.none, Int(id) < paragraphClasses.count else { return Self.isSetApart("") }
        if paragraphClasses[Int(id)] == 0 {
            paragraphClasses[Int(id)] = Self.isSetApart(content.strings[Int(id)]) ? 2 : 1
        }
        return paragraphClasses[Int(id)] == 2
    }

    private static func isSetApart(_ marker: String) -> Bool {
        !ParagraphKind(marker: marker).carriesVerseText || isNonScriptureParagraph(marker)
    }

    /// The sibling after `index` inside `end`, past cells when `skippingCells` (a row's leading inlines).
    private func sibling(after index: Int, end: Int, skippingCells: Bool) -> Int {
        var next = Int(nodes[index].end)
        while skippingCells, next < end, nodes[next].kind == .cell { next = Int(nodes[next].end) }
        return next
    }

    /// Adds a paragraph's (or cell's, or row's leading) content between boundaries. Set-apart content (a
    /// heading, a sidebar's paragraph) adds nothing unless a verse starts inside it (`\d \v 1 …`, as Psalm
    /// titles and BSB ZEC 12:1 have it): then the content from that verse on is verse text.
    mutating func addParagraph(_ parent: Int, setApart: Bool, skippingCells: Bool = false) {
        let end = Int(nodes[parent].end)
        var first = parent + 1
        while skippingCells, first < end, nodes[first].kind == .cell { first = Int(nodes[first].end) }
        if setApart {
            while first < end, nodes[first].kind != .verse {
                first = sibling(after: first, end: end, skippingCells: skippingCells)
            }
            guard first < end else { return }
        }
        if keysOnly {
            startVerses(from: first, end: end)
            return
        }
        boundary()
        add(from: first, end: end, skippingCells: skippingCells)
        boundary()
    }

    /// Starts the verses `add(from:end:skippingCells:)` would start from node `start` up to `end`, without
    /// walking its text: one pass over the nodes, into character spans that are not excluded, past every other
    /// subtree (notes, figures, cells, inline blocks), which it would not look into for verses either.
    mutating func startVerses(from start: Int, end: Int) {
        var index = start
        while index < end {
            let node = nodes[index]
            switch node.kind {
            case .verse:
                startVerse(index)
                index = max(index + 1, Int(node.end))
            case .character where !isExcluded(node), .text:
                index += 1
            default:
                index = max(index + 1, Int(node.end))
            }
        }
    }

    /// Finishes the verse being collected and starts the one at node `index`.
    mutating func startVerse(_ index: Int) {
        finishVerse()
        noteVerseOrder(index)
        if writesLines {
            startLine(index)
            inVerse = true
            verseSerial &+= 1
            return
        }
        current = (
            VerseKey(book: book, chapter: chapter, verse: content.text(of: index)),
            content.location(of: index) ?? FlatContent.nowhere
        )
        inVerse = true
        verseSerial &+= 1
    }

    mutating func boundary() {
        pendingSpace = true
        afterNote = false
    }

    /// Adds the siblings from node `start` up to `end`: one pass over the nodes in order, into character spans
    /// (their children come right after them, so the pass reads on) and past every subtree it leaves out.
    mutating func add(from start: Int, end: Int, skippingCells: Bool = false) {
        var index = start
        while index < end {
            if inVerse, !keysOnly, !afterNote, Self.walksInC {
                index = walkText(from: index, end: end)
                guard index < end else { break }
            }
            let node = nodes[index]
            switch node.kind {
            case .text:
                append(textAt: Int(node.textStart), count: Int(node.textCount))
                index += 1
                continue
            case .verse:
                startVerse(index)
            case .character:
                if isExcluded(node) { break }
                if writesLines || keysOnly || node.attributeCount == 0 {
                    index += 1
                    continue
                }
                addTagged(index)
            case .note:
                afterNote = true
            case .milestone, .figure, .optionalBreak:
                break
            case .cell where skippingCells:
                // A row's cells, after its leading inlines, are added as paragraphs of their own.
                break
            case .paragraph, .table, .row, .cell, .sidebar:
                // Not an inline: the tree keeps its text as a run (`FlatContent.inline(at:)`).
                guard inVerse, !keysOnly else { break }
                content.subtreeText(of: index).withUnsafeBufferPointer { append(bytes: $0) }
            }
            index = max(index + 1, Int(node.end))
        }
    }

    /// Moves the current verse's text but its last character to `appended` (which it is bound for), so that
    /// a huge verse is not held twice; the character kept says the text is not empty and what it ends with.
    private mutating func flushText() {
        var keep = text.count - 1
        while keep > 0 && text.base[keep] & 0xC0 == 0x80 { keep -= 1 }
        appended.append(contentsOf: UnsafeBufferPointer(start: text.base, count: keep))
        flushed += keep
        text.removeFirst(keep)
    }

    /// Whether `FlatNode`'s layout is `lectern_flat_node`'s, so `lectern_walk_text` can read the nodes (the
    /// kinds' values are handed to it with each walk).
    static let walksInC: Bool = {
        let node = MemoryLayout<FlatNode>.self
        let flat = MemoryLayout<lectern_flat_node>.self
        let fields: [(PartialKeyPath<FlatNode>, PartialKeyPath<lectern_flat_node>)] = [
            (\FlatNode.storedKind, \lectern_flat_node.kind), (\FlatNode.storedMarker, \lectern_flat_node.marker),
            (\FlatNode.storedEnd, \lectern_flat_node.end), (\FlatNode.textStart, \lectern_flat_node.text_start),
            (\FlatNode.textCount, \lectern_flat_node.text_count),
            (\FlatNode.attributeCount, \lectern_flat_node.attribute_count),
        ]
        return node.stride == flat.stride
            && fields.allSatisfy { node.offset(of: $0.0) != nil && node.offset(of: $0.0) == flat.offset(of: $0.1) }
    }()

    /// Appends the text of the nodes from `start` on, up to `end`, in C (`lectern_walk_text`), and gives the
    /// index of the first node it left for the caller.
    private mutating func walkText(from start: Int, end: Int) -> Int {
        text.reserve(512)
        var walk = lectern_text_walk(
            nodes: UnsafeRawPointer(nodes.baseAddress), index: UInt64(start), end: UInt64(end),
            bytes: bytes.baseAddress, byte_count: UInt64(bytes.count), excluded: excluded.baseAddress,
            string_count: UInt64(excluded.count), text: text.base, count: UInt64(text.count),
            capacity: UInt64(text.capacity), pending_space: pendingSpace ? 1 : 0,
            enters_tagged: writesLines ? 1 : 0, text_kind: FlatNode.Kind.text.rawValue,
            character_kind: FlatNode.Kind.character.rawValue)
        lectern_walk_text(&walk)
        text.count = Int(walk.count)
        pendingSpace = walk.pending_space != 0
        if appendsText, text.count > Self.flushSize { flushText() }
        return Int(walk.index)
    }

    /// Whether a character span's marker is one whose content is not verse text.
    private func isExcluded(_ node: FlatNode) -> Bool {
        node.marker != FlatNode.none && excludedMarkers[Int(node.marker)] != 0
    }

    /// Adds a span with attributes, noting its bytes when it carries a Strong's number, lemma or morphology.
    @inline(never)
    mutating func addTagged(_ index: Int) {
        let node = nodes[index]
        guard !isExcluded(node) else { return }
        let start = flushed + text.count
        let serial = verseSerial
        add(from: index + 1, end: Int(node.end))
        guard inVerse, verseSerial == serial, flushed + text.count > start else { return }
        appendTaggedWord(node, utf8Range: start..<(flushed + text.count))
    }

    /// Appends what `TaggedWord.init?(_:node:utf8Range:)` gives for a character span, if anything, its values
    /// read through the chapter's pointers into `wordValues` (a value met before makes no `String`). The word
    /// reads its values once its verse is taken (`takeVerses()`, `takeSpans()`).
    private mutating func appendTaggedWord(_ node: FlatNode, utf8Range: Range<Int>) {
        let absent = TaggedWordValues.absent
        var strong = absent
        var lemma = absent
        var morph = absent
        let first = Int(node.attributeStart)
        for slot in first..<(first + Int(node.attributeCount)) {
            let attribute = attributeSlots[slot]
            let kind = attributeNames[Int(attribute.name)]
            guard kind != 0, kind != 3 || morph == absent else { continue }
            let start = Int(attribute.valueStart)
            let index = wordValues.index(
                of: UnsafeBufferPointer(rebasing: bytes[start..<(start + Int(attribute.valueCount))]))
            switch kind {
            case 1: strong = index
            case 2: lemma = index
            default: morph = index
            }
        }
        guard strong != absent || lemma != absent || morph != absent else { return }
        words.append(TaggedWord(utf8Range: utf8Range, values: nil, strong: strong, lemma: lemma, morph: morph))
    }

    /// The verses collected so far (none are kept), their tagged words reading the values collected with them
    /// (unless `sharesWordValues`).
    mutating func takeVerses() -> [VerseText] { take(\.verses, words: \.words) }

    /// The verse spans collected so far, as `takeVerses()` gives the verses.
    mutating func takeSpans() -> [VerseSpan] { take(\.spans, words: \.words) }

    private mutating func take<Verse>(
        _ list: WritableKeyPath<VerseTextCollector, [Verse]>, words: WritableKeyPath<Verse, [TaggedWord]>
    ) -> [Verse] {
        var taken: [Verse] = []
        swap(&taken, &self[keyPath: list])
        if !sharesWordValues, let values = takeWordValues() {
            for index in taken.indices where !taken[index][keyPath: words].isEmpty {
                taken[index][keyPath: words].read(values)
            }
        }
        return taken
    }

    /// The values of the tagged words collected since the last call, as the table they read; nil when there
    /// are none.
    mutating func takeWordValues() -> TaggedWordValues? {
        wordValues.isEmpty ? nil : wordValues.take()
    }

    /// Appends a text node's bytes, `count` from `start` in the chapter's bytes.
    @inline(__always)
    private mutating func append(textAt start: Int, count: Int) {
        guard inVerse, !keysOnly, count > 0, start >= 0, count <= bytes.count - start else { return }
        append(bytes.baseAddress! + start, count: count, readable: bytes.count - start)
    }

    /// Appends text that is not the chapter's own bytes.
    private mutating func append(bytes other: UnsafeBufferPointer<UInt8>) {
        guard inVerse, !keysOnly, let from = other.baseAddress, other.count > 0 else { return }
        append(from, count: other.count, readable: other.count)
    }

    /// Appends text with ASCII white space collapsed (`lectern_append_collapsed`), `readable` bytes readable
    /// from `from`.
    private mutating func append(_ from: UnsafePointer<UInt8>, count: Int, readable: Int) {
        // A note only ever precedes the text's first byte: white space clears `afterNote`.
        if afterNote {
            if isASCIIWhiteSpace(from[0]) {
                afterNote = false
            } else {
                separateFromNote(before: UnsafeBufferPointer(start: from, count: count))
            }
        }
        // When the text goes on to `appended`, a long text (a verse read as one run) is taken a part at a time,
        // each moved on before the next, so that it is never all in `text` as well.
        let part = appendsText ? Self.flushSize : count
        var done = 0
        while done < count {
            let length = min(part, count - done)
            text.reserve(length + 33)
            var pending: Int32 = pendingSpace ? 1 : 0
            text.count = lectern_append_collapsed(text.base, text.count, from + done, length, readable - done, &pending)
            pendingSpace = pending != 0
            if appendsText, text.count > Self.flushSize { flushText() }
            done += length
        }
    }

    /// The verse's tagged words in an array of their number: `words` keeps its room for the next verse, and a
    /// verse keeps no room it does not use (an import holds every verse's words until its search index is
    /// built; arrays sized for the verse before, or grown by doubling, held about 60 % more than the words).
    private func takeWords() -> [TaggedWord] { words.exactCopy() }

    /// After a left-out note, keeps a space where the note stood between two letters or digits.
    @inline(never)
    private mutating func separateFromNote(before bytes: UnsafeBufferPointer<UInt8>) {
        afterNote = false
        if !pendingSpace, let last = text.lastScalar(),
            last.properties.isAlphabetic || last.properties.numericType != nil,
            let next = firstScalar(of: bytes), next.properties.isAlphabetic || next.properties.numericType != nil
        {
            pendingSpace = true
        }
    }

    private func isASCIIWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private func firstScalar(of bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        var index = 0
        while index < bytes.count, isASCIIWhiteSpace(bytes[index]) { index += 1 }
        guard index < bytes.count else { return nil }
        var end = index + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self).unicodeScalars.first
    }
}
