import ScriptureModel

/// Decodes a chapter or introduction stream (see `ContentOp`) back into the document model.
///
/// Every op, id, length and nesting level is checked, so a damaged stream
/// throws `StoreError.damaged` instead of crashing or looping.
struct ContentDecoder {
    private var cursor: ByteCursor
    private let verseText: StoreBytes
    private var textPosition = 0
    private let strings: StringTable
    private let styles: StyleTable
    private let location: SourceLocation
    /// Styles already decoded in this stream, so repeated words share their attribute arrays.
    private var styleCache: [Int: (marker: String, attributes: [Attribute])] = [:]

    init(content: StoreBytes, verseText: StoreBytes, strings: StringTable, styles: StyleTable, location: SourceLocation)
    {
        cursor = content.cursor()
        self.verseText = verseText
        self.strings = strings
        self.styles = styles
        self.location = location
    }

    /// Decodes a chapter stream into a chapter numbered `number`.
    mutating func chapter(number: Int) throws(StoreError) -> Chapter {
        let flags = try cursor.u8()
        var chapter = Chapter(number: number, location: location)
        if flags & ChapterFlags.label != 0 { chapter.label = try string() }
        if flags & ChapterFlags.alternate != 0 { chapter.alternateNumber = try string() }
        if flags & ChapterFlags.published != 0 { chapter.publishedNumber = try string() }
        chapter.blocks = try blocks()
        return chapter
    }

    /// Decodes blocks up to the end of the stream.
    mutating func blocks() throws(StoreError) -> [Block] {
        var blocks: [Block] = []
        while !cursor.isAtEnd {
            let byte = try cursor.u8()
            switch ContentOp(rawValue: byte & 0x0F) {
            case .paragraph:
                let marker = try string()
                blocks.append(.paragraph(Paragraph(marker: marker, content: try inlines(depth: 1), location: location)))
            case .table:
                blocks.append(.table(try table()))
            default:
                throw damaged("expected a paragraph or table, found op \(byte)")
            }
        }
        return blocks
    }

    private mutating func table() throws(StoreError) -> Table {
        var table = Table(location: location)
        while true {
            let byte = try cursor.u8()
            switch ContentOp(rawValue: byte & 0x0F) {
            case .end:
                return table
            case .row:
                var row = TableRow(location: location)
                row.leading = try inlines(depth: 2)
                while true {
                    let cellByte = try cursor.u8()
                    if cellByte == ContentOp.end.rawValue { break }
                    guard cellByte & 0x0F == ContentOp.cell.rawValue else {
                        throw damaged("expected a table cell, found op \(cellByte)")
                    }
                    let marker = try string()
                    let span = try cursor.varint()
                    row.cells.append(TableCell(marker: marker, columnSpan: span, content: try inlines(depth: 2)))
                }
                table.rows.append(row)
            default:
                throw damaged("expected a table row, found op \(byte)")
            }
        }
    }

    /// Decodes inlines up to and including the next `END`.
    private mutating func inlines(depth: Int) throws(StoreError) -> [Inline] {
        guard depth < maximumContentDepth else { throw damaged("content nested deeper than \(maximumContentDepth)") }
        var content: [Inline] = []
        while true {
            let byte = try cursor.u8()
            let flags = byte & 0xF0
            switch ContentOp(rawValue: byte & 0x0F) {
            case .end:
                return content
            case .textRef:
                content.append(.text(try verseTextRun(flags: flags, length: cursor.varint())))
            case .textLiteral:
                content.append(.text(try cursor.string()))
            case .verse:
                content.append(.verse(try verse(flags: flags)))
            case .span:
                let style = try self.style(cursor.varint())
                let inner = try inlines(depth: depth + 1)
                let span = CharacterSpan(
                    marker: style.marker, attributes: style.attributes, content: inner,
                    isClosed: flags & OpFlags.unclosed == 0)
                content.append(.character(span))
            case .word:
                let style = try self.style(cursor.varint())
                let text = try verseTextRun(flags: flags, length: cursor.varint())
                content.append(
                    .character(
                        CharacterSpan(marker: style.marker, attributes: style.attributes, content: [.text(text)])))
                if flags & TextFlags.spaceAfter != 0 { content.append(.text(" ")) }
            case .space:
                content.append(.text(" "))
            case .note:
                let marker = try string()
                let caller = try string()
                content.append(.note(Note(marker: marker, caller: caller, content: try inlines(depth: depth + 1))))
            case .milestone:
                let style = try self.style(cursor.varint())
                content.append(.milestone(Milestone(marker: style.marker, attributes: style.attributes)))
            case .figure:
                let style = try self.style(cursor.varint())
                content.append(.figure(Figure(caption: try cursor.string(), attributes: style.attributes)))
            case .optionalBreak:
                content.append(.optionalBreak)
            case .paragraph, .table, .row, .cell, nil:
                throw damaged("unexpected op \(byte) inside a paragraph")
            }
        }
    }

    private mutating func verse(flags: UInt8) throws(StoreError) -> VerseStart {
        let code = try cursor.varint()
        let number = code & 1 == 0 ? String(code >> 1) : try strings.string(code >> 1, referrer: .content)
        var start = VerseStart(number: number, location: location)
        if flags & OpFlags.alternate != 0 { start.alternateNumber = try string() }
        if flags & OpFlags.published != 0 { start.publishedNumber = try string() }
        return start
    }

    /// Takes `length` bytes of verse text at the text cursor (after one space when flagged).
    private mutating func verseTextRun(flags: UInt8, length: Int) throws(StoreError) -> String {
        if flags & TextFlags.skip != 0 { textPosition += 1 }
        let text = try verseText.string(
            at: textPosition, length: length, leadingSpace: flags & TextFlags.leading != 0,
            trailingSpace: flags & TextFlags.trailing != 0)
        textPosition += length
        return text
    }

    private mutating func style(_ id: Int) throws(StoreError) -> (marker: String, attributes: [Attribute]) {
        if let cached = styleCache[id] { return cached }
        let style = try styles.style(id)
        styleCache[id] = style
        return style
    }

    private mutating func string() throws(StoreError) -> String {
        try strings.string(cursor.varint(), referrer: .content)
    }

    private func damaged(_ reason: String) -> StoreError {
        cursor.bytes.damaged("\(reason) at offset \(cursor.position)")
    }
}
