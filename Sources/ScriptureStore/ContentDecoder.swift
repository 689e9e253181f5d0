import ScriptureModel

/// Decodes a chapter or introduction stream (see `ContentOp`) back into the document model.
///
/// Every op, id, length and nesting level is checked, so a damaged stream
/// throws `StoreError.damaged` instead of crashing or looping.
struct ContentDecoder {
    private var reader: ContentReader
    private let location: SourceLocation
    /// One shared space run: an indirect enum's box is shared when copied, so no allocation per space.
    private static let space = Inline.text(" ")

    init(reader: ContentReader, location: SourceLocation) {
        self.reader = reader
        self.location = location
    }

    /// Decodes a chapter stream into a chapter numbered `number`.
    mutating func chapter(number: Int) throws(StoreError) -> Chapter {
        let header = try reader.chapterHeader()
        var chapter = Chapter(
            number: number, label: header.label, alternateNumber: header.alternate, publishedNumber: header.published,
            location: location)
        chapter.blocks = try blocks()
        return chapter
    }

    /// Decodes blocks up to the end of the stream.
    mutating func blocks() throws(StoreError) -> [Block] {
        try blocks(sidebarDepth: 0)
    }

    /// Decodes blocks up to the end of the stream or, inside a sidebar, up to its end bound (`SidebarMarkers.end`).
    private mutating func blocks(sidebarDepth: Int) throws(StoreError) -> [Block] {
        var blocks: [Block] = []
        while !reader.isAtEnd {
            switch try reader.next() {
            case .paragraph(let marker):
                let marker = try reader.string(marker)
                let content = try inlines(depth: 1)
                if !SidebarMarkers.isReserved(marker) {
                    blocks.append(.paragraph(Paragraph(marker: marker, content: content, location: location)))
                } else if marker == SidebarMarkers.start {
                    guard sidebarDepth < maximumContentDepth else {
                        throw reader.damaged("sidebars nested deeper than \(maximumContentDepth)")
                    }
                    let inner = try self.blocks(sidebarDepth: sidebarDepth + 1)
                    let category = content.isEmpty ? nil : Self.plainText(content)
                    blocks.append(.sidebar(Sidebar(category: category, blocks: inner, location: location)))
                } else if marker == SidebarMarkers.end {
                    guard sidebarDepth > 0 else { throw reader.damaged("a sidebar end with no sidebar open") }
                    return blocks
                } else {
                    throw reader.damaged("an unknown paragraph marker starting with U+0001")
                }
            case .table:
                blocks.append(.table(try table()))
            default:
                throw reader.damaged("expected a paragraph or table")
            }
        }
        guard sidebarDepth == 0 else { throw reader.damaged("a sidebar with no end") }
        return blocks
    }

    /// The text of decoded content (a sidebar's category).
    static func plainText(_ content: [Inline]) -> String {
        var text = ""
        for case .text(let run) in content { text += run }
        return text
    }

    private mutating func table() throws(StoreError) -> Table {
        var table = Table(location: location)
        while true {
            switch try reader.next() {
            case .end:
                return table
            case .row:
                var row = TableRow(location: location)
                row.leading = try inlines(depth: 2)
                cells: while true {
                    switch try reader.next() {
                    case .end:
                        break cells
                    case .cell(let marker, let span):
                        let marker = try reader.string(marker)
                        row.cells.append(TableCell(marker: marker, columnSpan: span, content: try inlines(depth: 2)))
                    default:
                        throw reader.damaged("expected a table cell")
                    }
                }
                table.rows.append(row)
            default:
                throw reader.damaged("expected a table row")
            }
        }
    }

    /// Decodes inlines up to and including the next `END`.
    private mutating func inlines(depth: Int) throws(StoreError) -> [Inline] {
        guard depth < maximumContentDepth else {
            throw reader.damaged("content nested deeper than \(maximumContentDepth)")
        }
        var content: [Inline] = []
        while true {
            switch try reader.next() {
            case .end:
                return content
            case .textRef(let run):
                content.append(.text(try reader.text(run)))
            case .textLiteral(let offset, let length):
                content.append(.text(try reader.literal(offset: offset, length: length)))
            case .space:
                content.append(Self.space)
            case .verse(let label, let alternate, let published):
                var start = VerseStart(number: try reader.verseLabel(label), location: location)
                if let alternate { start.alternateNumber = try reader.string(alternate) }
                if let published { start.publishedNumber = try reader.string(published) }
                content.append(.verse(start))
            case .span(let id, let closed):
                let style = try reader.style(id)
                let inner = try inlines(depth: depth + 1)
                content.append(
                    .character(
                        CharacterSpan(
                            marker: style.marker, attributes: style.attributes, content: inner, isClosed: closed)))
            case .word(let id, let run, let spaceAfter):
                let style = try reader.style(id)
                let text = Inline.text(try reader.text(run))
                content.append(
                    .character(CharacterSpan(marker: style.marker, attributes: style.attributes, content: [text])))
                if spaceAfter { content.append(Self.space) }
            case .note(let marker, let caller):
                let note = Note(marker: try reader.string(marker), caller: try reader.string(caller))
                content.append(
                    .note(Note(marker: note.marker, caller: note.caller, content: try inlines(depth: depth + 1))))
            case .milestone(let id):
                let style = try reader.style(id)
                content.append(.milestone(Milestone(marker: style.marker, attributes: style.attributes)))
            case .figure(let id, let offset, let length):
                let style = try reader.style(id)
                content.append(
                    .figure(
                        Figure(
                            caption: try reader.literal(offset: offset, length: length), attributes: style.attributes)))
            case .optionalBreak:
                content.append(.optionalBreak)
            case .paragraph, .table, .row, .cell:
                throw reader.damaged("a block op inside a paragraph")
            }
        }
    }
}
