import ScriptureModel

/// Inline content (text, verses, character styles, notes, milestones, figures) and tables.
extension USJBuilder {
    /// Where inline content is read, which decides whether a verse may start in it.
    enum InlineContext {
        /// A paragraph of the book, a table cell or row: verses may start.
        case paragraph
        /// The book line, a header field or a chapter label: no verses.
        case header
        /// A note or figure caption: no verses.
        case note
    }

    /// Reads the content of an element as inline content, into the open node.
    mutating func inlines(_ nodes: [JSONNode], in context: InlineContext) {
        for node in nodes { inline(node, in: context) }
    }

    /// Runs `body` on where inline content goes now: the plain text being read, or the content.
    mutating func add(_ body: (inout FlatContentBuilder) -> Void) {
        if plainDepth > 0 { body(&plain) } else { body(&content) }
    }

    /// Reads one string or element of inline content into the open node.
    mutating func inline(_ node: JSONNode, in context: InlineContext) {
        if case .string(let text) = node.value {
            let text = Self.nfc(text)
            add { $0.text(text) }
            return
        }
        guard let element = element(node) else { return }
        switch element.type {
        case "verse":
            if let start = verse(element, in: context) { add { $0.verse(start) } }
        case "ref":
            if element.value("loc") == nil {
                report(
                    .error, .missingAttribute, at: element.location,
                    "the ref element has no loc; add the reference it points to, as in \"loc\":\"GEN 1:1\"")
            }
            span("ref", element, in: context)
        case "char":
            guard let style = element.marker, !style.isEmpty else {
                report(
                    .error, .missingAttribute, at: element.location,
                    "the char element has no marker; add one such as \"marker\":\"wj\" (its text is kept unstyled)")
                inlines(element.content, in: context)
                return
            }
            if !USXVocabulary.isCharacterStyle(style) {
                reportOnce(
                    "char:" + style, .unknownStyle, at: element.location, "unknown character style \"\(style)\"; kept")
            }
            span(style, element, in: context)
        case "category":
            add { $0.openCharacter(marker: "cat") }
            inlines(element.content, in: context)
            add { $0.close() }
        case "note":
            let style = required(element, "marker", fallback: "f", "add f or x, as in")
            if !USXVocabulary.isNoteStyle(style) {
                reportOnce(
                    "note:" + style, .unknownStyle, at: element.location, "unknown note style \"\(style)\"; kept")
            }
            let caller = required(element, "caller", fallback: "+", "add one, as in")
            // `category` holds a `\\cat` (USFM 3.1.2's `attribute` category): its span, first in the note.
            let category = element.value("category").map { Self.nfc($0) }
            add {
                $0.openNote(marker: style, caller: caller)
                if let category, !category.isEmpty { $0.noteCategory(category) }
            }
            inlines(element.content, in: .note)
            add { $0.close() }
        case "ms":
            guard let style = element.marker, !style.isEmpty else {
                report(
                    .error, .missingAttribute, at: element.location,
                    "the ms element has no marker; add one such as \"marker\":\"qt-s\"")
                return
            }
            if !USXVocabulary.isMilestoneStyle(style) {
                reportOnce(
                    "ms:" + style, .unknownStyle, at: element.location, "unknown milestone style \"\(style)\"; kept")
            }
            reportEmptyValues(element)
            let milestone = Milestone(marker: style, attributes: element.attributes())
            add { $0.milestone(milestone) }
        case "figure":
            reportEmptyValues(element)
            // USX and USJ call the image `file`; USFM 3 and the model call it `src`.
            let attributes = element.attributes().map { $0.name == "file" ? Attribute("src", $0.value) : $0 }
            let figure = Figure(caption: plainText(element.content, in: .note), attributes: attributes)
            add { $0.figure(figure) }
        case "optbreak":
            add { $0.optionalBreak() }
        case "book", "chapter", "para", "table", "table:row", "table:cell", "sidebar", "periph", "USJ":
            report(
                .error, .misplacedMarker, at: element.location,
                "a \(element.type) element inside inline content is not kept; its text is kept where it stands")
            inlines(element.content, in: context)
        default:
            reportOnce(
                "element:" + element.type, .unknownElement, at: element.location,
                "unknown element type \"\(element.type)\"; its content is kept as if it were not there")
            inlines(element.content, in: context)
        }
    }

    /// A character span (`char` or `ref`): its attributes, `closed`, and content.
    private mutating func span(_ marker: String, _ element: USJElement, in context: InlineContext) {
        let closed = element.value("closed")
        if let closed, closed != "false" && closed != "true" {
            report(
                .warning, .malformedAttributes, at: element.location,
                "\"closed\":\"\(closed)\" should be \"true\" or \"false\"")
        }
        reportEmptyValues(element)
        let attributes = element.attributes(skipping: ["closed"])
        add { $0.openCharacter(marker: marker, attributes: attributes, isClosed: closed != "false") }
        inlines(element.content, in: context)
        add { $0.close() }
    }

    /// A verse start, or nil (reported) when it has no good number, comes before a chapter or stands where no
    /// verse may.
    mutating func verse(_ element: USJElement, in context: InlineContext) -> VerseStart? {
        guard let number = element.value("number"), !number.isEmpty else {
            if element.value("eid") != nil { return nil }
            report(.error, .missingAttribute, at: element.location, "the verse has no number; add \"number\":\"1\"")
            return nil
        }
        if parts.isChapterBroken { return nil }
        guard let chapter = parts.chapters.last else {
            report(
                .error, .verseBeforeChapter, at: element.location,
                "verse \(number) comes before the first chapter; add {\"type\":\"chapter\",\"marker\":\"c\",\"number\":\"1\"} before it"
            )
            return nil
        }
        if openSidebars > 0 {
            report(
                .warning, .misplacedVerse, at: element.location,
                "a verse inside a sidebar, which is study content, not verse text; close the sidebar before the verse")
        }
        switch USXBuilder.verseLabelForm(number) {
        case .regular: break
        case .unusual:
            report(
                .warning, .invalidVerseNumber, at: element.location,
                "verse number \"\(number)\" has characters other than digits, letters, - and ,; kept as written")
        case .invalid:
            report(
                .error, .invalidVerseNumber, at: element.location,
                "verse number \"\(number)\" is not a number, a range such as 1-2, or a part such as 3a")
            return nil
        }
        guard context == .paragraph else {
            report(.error, .misplacedMarker, at: element.location, "a verse inside a note, title or header is not kept")
            return nil
        }
        if !parts.verseLabels.insert(number) {
            report(.error, .duplicateVerse, at: element.location, "verse \(number) again in chapter \(chapter.number)")
        }
        return VerseStart(
            number: number, alternateNumber: element.value("altnumber"), publishedNumber: element.value("pubnumber"),
            location: element.location)
    }

    /// A table: `table:row` elements, each with leading content and `table:cell` elements (content after
    /// a cell joins that cell). A table is where its first row is.
    mutating func table(_ element: USJElement) {
        let table = content.nodeCount
        content.openTable(location: element.location)
        var firstRow: Int?
        for node in element.content {
            guard let row = self.element(node) else { continue }
            guard row.type == "table:row" else {
                report(
                    .error, .misplacedMarker, at: row.location,
                    "a \(row.type) element directly in a table is not kept; tables hold table:row elements")
                continue
            }
            if firstRow == nil { firstRow = content.nodeCount }
            content.openRow(location: row.location)
            var lastCell: Int?
            for item in row.content {
                if Self.type(of: item) == "table:cell", let cell = self.element(item) {
                    lastCell = content.nodeCount
                    tableCell(cell)
                } else if let lastCell {
                    content.reopen(lastCell)
                    inline(item, in: .paragraph)
                    content.close()
                } else {
                    inline(item, in: .paragraph)
                }
            }
            content.close()
        }
        content.close()
        if let firstRow { content.copyLocation(to: table, from: firstRow) }
    }

    private mutating func tableCell(_ element: USJElement) {
        let style = required(element, "marker", fallback: "tc1", "add one such as")
        var span = 1
        if let text = element.value("colspan") {
            if let value = Int(text), value >= 1, value <= 1000 {
                span = value
            } else {
                report(
                    .warning, .malformedAttributes, at: element.location,
                    "colspan \"\(text)\" is not a whole number from 1; read as 1")
            }
        }
        content.openCell(marker: style, columnSpan: span)
        inlines(element.content, in: .paragraph)
        content.close()
    }
}
