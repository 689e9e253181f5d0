import ScriptureModel

/// One operation of a content stream with its operands (see `ContentOp`), ids not yet resolved.
enum ContentEvent {
    case end
    case paragraph(marker: Int)
    case table
    case row
    case cell(marker: Int, columnSpan: Int)
    /// Text taken from the verse text: resolve with `ContentReader.verseText`.
    case textRef(TextRun)
    /// Text stored in the stream, at `offset` in the content window.
    case textLiteral(offset: Int, length: Int)
    case verse(label: Int, alternate: Int?, published: Int?)
    case span(style: Int, closed: Bool)
    /// A closed span holding one verse-text run, then a space when `spaceAfter`.
    case word(style: Int, run: TextRun, spaceAfter: Bool)
    case space
    case note(marker: Int, caller: Int)
    case milestone(style: Int)
    case figure(style: Int, captionOffset: Int, captionLength: Int)
    case optionalBreak
}

/// Where a run of verse text is: already moved past by the reader.
struct TextRun {
    var offset: Int
    var length: Int
    var leadingSpace: Bool
    var trailingSpace: Bool
}

/// Reads a content stream op by op, checking every operand, and resolves what the ops point at:
/// pooled strings, styles (cached per stream) and runs of the chapter's verse text.
struct ContentReader {
    private(set) var cursor: ByteCursor
    let verseText: StoreBytes
    private var textPosition = 0
    let strings: StringTable
    let styles: StyleTable
    private var styleCache: [Int: (marker: String, attributes: [Attribute])] = [:]

    init(content: StoreBytes, verseText: StoreBytes, strings: StringTable, styles: StyleTable) {
        cursor = content.cursor()
        self.verseText = verseText
        self.strings = strings
        self.styles = styles
    }

    /// Whether the stream has been read to its end.
    var isAtEnd: Bool { cursor.isAtEnd }

    /// Reads a chapter stream's header: its label, alternate and published numbers.
    mutating func chapterHeader() throws(StoreError) -> (label: String?, alternate: String?, published: String?) {
        let flags = try cursor.u8()
        let label = flags & ChapterFlags.label != 0 ? try string(cursor.varint()) : nil
        let alternate = flags & ChapterFlags.alternate != 0 ? try string(cursor.varint()) : nil
        let published = flags & ChapterFlags.published != 0 ? try string(cursor.varint()) : nil
        return (label, alternate, published)
    }

    /// Reads the next op and its operands.
    ///
    /// Inlined into the decoders' switches, so the event is never built in memory: its operands go
    /// straight to the case that uses them.
    @inline(__always)
    mutating func next() throws(StoreError) -> ContentEvent {
        let byte = try cursor.u8()
        let flags = byte & 0xF0
        // Matched on the raw code: `ContentOp(rawValue:)` is a call the optimiser does not inline.
        switch byte & 0x0F {
        case ContentOp.end.rawValue: return .end
        case ContentOp.paragraph.rawValue: return .paragraph(marker: try cursor.varint())
        case ContentOp.table.rawValue: return .table
        case ContentOp.row.rawValue: return .row
        case ContentOp.cell.rawValue: return .cell(marker: try cursor.varint(), columnSpan: try cursor.varint())
        case ContentOp.textRef.rawValue: return .textRef(try run(flags: flags, length: cursor.varint()))
        case ContentOp.textLiteral.rawValue:
            let length = try cursor.varint()
            let offset = cursor.position
            try cursor.bytes.check(offset, length)
            cursor.position += length
            return .textLiteral(offset: offset, length: length)
        case ContentOp.verse.rawValue:
            let label = try cursor.varint()
            let alternate = flags & OpFlags.alternate != 0 ? try cursor.varint() : nil
            let published = flags & OpFlags.published != 0 ? try cursor.varint() : nil
            return .verse(label: label, alternate: alternate, published: published)
        case ContentOp.span.rawValue: return .span(style: try cursor.varint(), closed: flags & OpFlags.unclosed == 0)
        case ContentOp.word.rawValue:
            let style = try cursor.varint()
            let run = try run(flags: flags, length: cursor.varint())
            return .word(style: style, run: run, spaceAfter: flags & TextFlags.spaceAfter != 0)
        case ContentOp.space.rawValue: return .space
        case ContentOp.note.rawValue: return .note(marker: try cursor.varint(), caller: try cursor.varint())
        case ContentOp.milestone.rawValue: return .milestone(style: try cursor.varint())
        case ContentOp.figure.rawValue:
            let style = try cursor.varint()
            let length = try cursor.varint()
            let offset = cursor.position
            try cursor.bytes.check(offset, length)
            cursor.position += length
            return .figure(style: style, captionOffset: offset, captionLength: length)
        case ContentOp.optionalBreak.rawValue: return .optionalBreak
        default: throw damaged("unknown op \(byte)")
        }
    }

    /// Moves the verse text cursor past a run and says where the run is.
    @inline(__always)
    private mutating func run(flags: UInt8, length: Int) throws(StoreError) -> TextRun {
        let start = textPosition + (flags & TextFlags.skip != 0 ? 1 : 0)
        try verseText.check(start, length)
        textPosition = start + length
        return TextRun(
            offset: start, length: length, leadingSpace: flags & TextFlags.leading != 0,
            trailingSpace: flags & TextFlags.trailing != 0)
    }

    /// A verse-text run as a string.
    func text(_ run: TextRun) throws(StoreError) -> String {
        try verseText.string(
            at: run.offset, length: run.length, leadingSpace: run.leadingSpace, trailingSpace: run.trailingSpace)
    }

    /// Appends text stored in the stream.
    func appendLiteral(offset: Int, length: Int, to target: TextBuffer) throws(StoreError) {
        try cursor.bytes.append(at: offset, length: length, to: target)
    }

    /// Text stored in the stream.
    func literal(offset: Int, length: Int) throws(StoreError) -> String {
        try cursor.bytes.string(at: offset, length: length)
    }

    /// A verse label from its code: a number, or a pooled string.
    func verseLabel(_ code: Int) throws(StoreError) -> String {
        guard code & 1 == 0 else { return try string(code >> 1) }
        return VerseLabel.label(code >> 1)
    }

    /// A pooled string the stream refers to.
    func string(_ id: Int) throws(StoreError) -> String {
        try strings.string(id, referrer: .content)
    }

    /// A style the stream refers to, decoded once per stream.
    mutating func style(_ id: Int) throws(StoreError) -> (marker: String, attributes: [Attribute]) {
        if let cached = styleCache[id] { return cached }
        let style = try styles.style(id)
        styleCache[id] = style
        return style
    }

    /// The error for a stream that does not follow the grammar.
    func damaged(_ reason: String) -> StoreError {
        cursor.bytes.damaged("\(reason) at offset \(cursor.position)")
    }
}
