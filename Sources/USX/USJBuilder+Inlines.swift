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

    /// Reads the content of an element as inline content.
    mutating func inlines(_ nodes: [JSONNode], in context: InlineContext) -> [Inline] {
        var content: [Inline] = []
        for node in nodes { inline(node, into: &content, in: context) }
        return content
    }

    /// Reads one string or element of inline content and appends what it becomes.
    mutating func inline(_ node: JSONNode, into content: inout [Inline], in context: InlineContext) {
        if case .string(let text) = node.value {
            content.append(.text(Self.nfc(text)))
            return
        }
        guard let element = element(node) else { return }
        switch element.type {
        case "verse":
            if let start = verse(element, in: context) { content.append(.verse(start)) }
        case "ref":
            if element.value("loc") == nil {
                report(
                    .error, .missingAttribute, at: element.location,
                    "the ref element has no loc; add the reference it points to, as in \"loc\":\"GEN 1:1\"")
            }
            content.append(.character(span("ref", element, in: context)))
        case "char":
            guard let style = element.marker, !style.isEmpty else {
                report(
                    .error, .missingAttribute, at: element.location,
                    "the char element has no marker; add one such as \"marker\":\"wj\" (its text is kept unstyled)")
                content += inlines(element.content, in: context)
                return
            }
            if !USXVocabulary.isCharacterStyle(style) {
                reportOnce(
                    "char:" + style, .unknownStyle, at: element.location, "unknown character style \"\(style)\"; kept")
            }
            content.append(.character(span(style, element, in: context)))
        case "category":
            content.append(.character(CharacterSpan(marker: "cat", content: inlines(element.content, in: context))))
        case "note":
            let style = required(element, "marker", fallback: "f", "add f or x, as in")
            if !USXVocabulary.isNoteStyle(style) {
                reportOnce(
                    "note:" + style, .unknownStyle, at: element.location, "unknown note style \"\(style)\"; kept")
            }
            let caller = required(element, "caller", fallback: "+", "add one, as in")
            content.append(.note(Note(marker: style, caller: caller, content: inlines(element.content, in: .note))))
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
            content.append(.milestone(Milestone(marker: style, attributes: element.attributes())))
        case "figure":
            // USX and USJ call the image `file`; USFM 3 and the model call it `src`.
            let attributes = element.attributes().map { $0.name == "file" ? Attribute("src", $0.value) : $0 }
            let caption = Self.plainText(inlines(element.content, in: .note))
            content.append(.figure(Figure(caption: caption, attributes: attributes)))
        case "optbreak":
            content.append(.optionalBreak)
        case "book", "chapter", "para", "table", "table:row", "table:cell", "sidebar", "periph", "USJ":
            report(
                .error, .misplacedMarker, at: element.location,
                "a \(element.type) element inside inline content is not kept; its text is kept where it stands")
            content += inlines(element.content, in: context)
        default:
            reportOnce(
                "element:" + element.type, .unknownElement, at: element.location,
                "unknown element type \"\(element.type)\"; its content is kept as if it were not there")
            content += inlines(element.content, in: context)
        }
    }

    /// A character span (`char` or `ref`): its attributes, `closed`, and content.
    private mutating func span(_ marker: String, _ element: USJElement, in context: InlineContext) -> CharacterSpan {
        let closed = element.value("closed")
        if let closed, closed != "false" && closed != "true" {
            report(
                .warning, .malformedAttributes, at: element.location,
                "\"closed\":\"\(closed)\" should be \"true\" or \"false\"")
        }
        return CharacterSpan(
            marker: marker, attributes: element.attributes(skipping: ["closed"]),
            content: inlines(element.content, in: context), isClosed: closed != "false")
    }

    /// A verse start, or nil (reported) when it has no good number, comes before a chapter or stands where no
    /// verse may.
    mutating func verse(_ element: USJElement, in context: InlineContext) -> VerseStart? {
        guard let number = element.value("number"), !number.isEmpty else {
            if element.value("eid") != nil { return nil }
            report(.error, .missingAttribute, at: element.location, "the verse has no number; add \"number\":\"1\"")
            return nil
        }
        if isChapterBroken { return nil }
        guard let chapter = chapters.last else {
            report(
                .error, .verseBeforeChapter, at: element.location,
                "verse \(number) comes before the first chapter; add {\"type\":\"chapter\",\"marker\":\"c\",\"number\":\"1\"} before it"
            )
            return nil
        }
        if !sidebars.isEmpty {
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
        if !verseLabels.insert(number).inserted {
            report(.error, .duplicateVerse, at: element.location, "verse \(number) again in chapter \(chapter.number)")
        }
        return VerseStart(
            number: number, alternateNumber: element.value("altnumber"), publishedNumber: element.value("pubnumber"),
            location: element.location)
    }

    /// A table: `table:row` elements, each with leading content and `table:cell` elements.
    mutating func table(_ element: USJElement) {
        var rows: [TableRow] = []
        for node in element.content {
            guard let row = self.element(node) else { continue }
            guard row.type == "table:row" else {
                report(
                    .error, .misplacedMarker, at: row.location,
                    "a \(row.type) element directly in a table is not kept; tables hold table:row elements")
                continue
            }
            var leading: [Inline] = []
            var cells: [TableCell] = []
            for item in row.content {
                if Self.type(of: item) == "table:cell", let cell = self.element(item) {
                    cells.append(tableCell(cell))
                } else if cells.isEmpty {
                    inline(item, into: &leading, in: .paragraph)
                } else {
                    inline(item, into: &cells[cells.count - 1].content, in: .paragraph)
                }
            }
            rows.append(TableRow(cells: cells, leading: leading, location: row.location))
        }
        appendBlock(.table(Table(rows: rows, location: rows.first?.location ?? element.location)))
    }

    private mutating func tableCell(_ element: USJElement) -> TableCell {
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
        return TableCell(marker: style, columnSpan: span, content: inlines(element.content, in: .paragraph))
    }
}
