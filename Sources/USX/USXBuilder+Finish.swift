import ScriptureModel

/// End tags: each closed element becomes part of the model where it belongs.
extension USXBuilder {
    /// Turns a closed element into model content and hands it to the element around it.
    mutating func finish(_ frame: consuming USXFrame) {
        switch frame.kind {
        case .root, .container, .transparent, .ignored:
            break
        case .sidebar:
            guard let sidebar = sidebars.popLast() else { return }
            appendBlock(.sidebar(sidebar))
        case .book:
            identification = Self.plainText(frame.content)
        case .paragraph(let role):
            finishParagraph(frame, role: role)
        case .character:
            var span = CharacterSpan(
                marker: frame.marker, attributes: frame.attributes, content: frame.content, isClosed: frame.isClosed)
            if frame.hasBar, case .text(let text) = span.content.last,
                let (word, attributes) = AttributeText.split(text)
            {
                span.content[span.content.count - 1] = .text(word)
                span.attributes += attributes
                reportOnce(
                    "attributes in text", .malformedAttributes, at: locator.location(ofTagEndingAt: frame.tagEnd),
                    "USFM attributes in the text of <char style=\"\(frame.marker)\"> (a Paratext export defect); read as attributes"
                )
            }
            appendInline(.character(span))
        case .note:
            appendInline(.note(Note(marker: frame.marker, caller: frame.caller, content: frame.content)))
        case .figure:
            appendInline(.figure(Figure(caption: Self.plainText(frame.content), attributes: frame.attributes)))
        case .table:
            let rows = frame.parts?.rows ?? []
            appendBlock(.table(Table(rows: rows, location: rows.first?.location ?? frame.location ?? start)))
        case .row:
            guard let index = contextIndex, stack[index].kind == .table else { return }
            stack[index].parts?.rows.append(
                TableRow(cells: frame.parts?.cells ?? [], leading: frame.content, location: frame.location ?? start))
        case .cell:
            guard let index = contextIndex, stack[index].kind == .row else { return }
            stack[index].parts?.cells.append(
                TableCell(marker: frame.marker, columnSpan: frame.parts?.columnSpan ?? 1, content: frame.content))
        }
    }

    private mutating func finishParagraph(_ frame: USXFrame, role: USXFrame.ParagraphRole) {
        switch role {
        case .block:
            appendBlock(
                .paragraph(Paragraph(marker: frame.marker, content: frame.content, location: frame.location ?? start)))
        case .chapterLabel:
            let text = Self.plainText(frame.content)
            let label = text.isEmpty ? nil : text
            if chapters.isEmpty {
                chapterLabel = label
            } else {
                chapters[chapters.count - 1].label = label
            }
        case .header(let field):
            let plain = Self.plainText(frame.content)
            names.set(field, to: plain.isEmpty ? nil : plain)
        }
    }

    /// The text of inline content for a name, label or caption: character styles kept,
    /// notes and markers left out, ASCII white space collapsed to one space and trimmed.
    static func plainText(_ content: [Inline]) -> String {
        var bytes: [UInt8] = []
        var pendingSpace = false
        func add(_ content: [Inline]) {
            for inline in content {
                switch inline {
                case .text(let text):
                    for byte in text.utf8 {
                        if isSpace(byte) {
                            pendingSpace = true
                            continue
                        }
                        if pendingSpace && !bytes.isEmpty { bytes.append(0x20) }
                        pendingSpace = false
                        bytes.append(byte)
                    }
                case .character(let span):
                    add(span.content)
                case .verse, .note, .milestone, .figure, .optionalBreak:
                    continue
                }
            }
        }
        add(content)
        return String(decoding: bytes, as: UTF8.self)
    }
}
