import ScriptureModel

/// Decodes a chapter or introduction stream (see `ContentOp`) straight into `FlatContent`: no `Block`
/// or `Inline` values, text bytes copied from the mapping into the content's buffer, markers and
/// attribute names interned once per stream, and the spans of one style sharing its attributes.
///
/// Every op, id, length and nesting level is checked, so a damaged stream
/// throws `StoreError.damaged` instead of crashing or looping.
struct ContentDecoder {
    var reader: ContentReader
    private let location: SourceLocation
    var builder = FlatContentBuilder()
    /// The one location every paragraph and verse shares (the store file, line 0).
    private var locationSlot: UInt32 = 0
    /// One space byte in the buffer, shared by every `SPACE`.
    private var space: Range<UInt32> = 0..<0
    /// Each style met: its marker and its attribute slots in the content.
    var styles = IDCache<(marker: UInt32, attributes: Range<UInt32>)>(placeholder: (0, 0..<0))
    /// Pooled strings (markers, attribute names) met, by pool id, with their index in the content's strings.
    var interned = IDCache<UInt32>(placeholder: 0)
    /// Paragraph markers met, by pool id: their content string and whether they bound a sidebar.
    private var paragraphMarkers: [(id: Int, marker: UInt32, bound: SidebarBound?)] = []
    /// The chapter's verse text, the string pool, the styles table and the content window, while
    /// `content()` runs.
    private var verseText = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    var pool = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    var styleTable = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var literals = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// Where the chapter's verse text starts in the content's buffer: it is copied in whole, and the
    /// text runs that are part of it (most of them) point into that copy.
    private var textBase: UInt32 = 0

    private enum SidebarBound { case start, end }

    init(reader: ContentReader, location: SourceLocation) {
        self.reader = reader
        self.location = location
    }

    /// Decodes a chapter stream into a chapter numbered `number`.
    ///
    /// - Complexity: O(size of the stream); allocates per array of the content, and once per distinct
    ///   style, marker and attribute name of the chapter.
    mutating func chapter(number: Int) throws(StoreError) -> Chapter {
        let header = try reader.chapterHeader()
        return Chapter(
            number: number, label: header.label, alternateNumber: header.alternate, publishedNumber: header.published,
            content: try content(), location: location)
    }

    /// Decodes blocks up to the end of the stream.
    mutating func content() throws(StoreError) -> FlatContent {
        let (text, strings, stream) = (reader.verseText, reader.strings.table.bytes, reader.cursor.bytes)
        let table = reader.styles.table.bytes
        // Most ops give one node; the verse text is copied whole, and a style's attributes (about one
        // style in three ops, in a tagged text) get their values copied once: room for all up front.
        // No op gives more nodes than it has bytes (a WORD, three nodes, has at least three).
        builder.reserveCapacity(nodes: stream.count + 16, bytes: text.count + stream.count + 1, attributes: stream.count / 4)
        styles = IDCache(placeholder: (0, 0..<0), capacity: stream.count / 8)
        locationSlot = builder.addLocation(location)
        space = appendSpace()
        try text.withUnsafeBytes { (text) throws(StoreError) in
            try strings.withUnsafeBytes { (strings) throws(StoreError) in
                try table.withUnsafeBytes { (table) throws(StoreError) in
                    try stream.withUnsafeBytes { (stream) throws(StoreError) in
                        (verseText, pool, styleTable, literals) = (text, strings, table, stream)
                        defer { (verseText, pool, styleTable, literals) = (.init(start: nil, count: 0), .init(start: nil, count: 0), .init(start: nil, count: 0), .init(start: nil, count: 0)) }
                        textBase = builder.appendBytes(text).lowerBound
                        try blocks(sidebarDepth: 0)
                    }
                }
            }
        }
        return builder.finish()
    }

    /// Decodes blocks up to the end of the stream or, inside a sidebar, up to its end bound (`SidebarMarkers.end`).
    private mutating func blocks(sidebarDepth: Int) throws(StoreError) {
        while !reader.isAtEnd {
            switch try reader.next() {
            case .paragraph(let id):
                let (marker, bound) = try paragraphMarker(id)
                switch bound {
                case nil:
                    builder.openParagraph(marker: marker, locationSlot: locationSlot)
                    try inlines(depth: 1)
                    builder.close()
                case .start:
                    guard sidebarDepth < maximumContentDepth else {
                        throw reader.damaged("sidebars nested deeper than \(maximumContentDepth)")
                    }
                    let category = try boundText()
                    builder.openSidebar(category: category.isEmpty ? nil : category, location: location)
                    try blocks(sidebarDepth: sidebarDepth + 1)
                    builder.close()
                case .end:
                    guard sidebarDepth > 0 else { throw reader.damaged("a sidebar end with no sidebar open") }
                    _ = try boundText()
                    return
                }
            case .table:
                try table()
            default:
                throw reader.damaged("expected a paragraph or table")
            }
        }
        guard sidebarDepth == 0 else { throw reader.damaged("a sidebar with no end") }
    }

    /// A paragraph marker's string in the content, and whether it bounds a sidebar.
    private mutating func paragraphMarker(_ id: Int) throws(StoreError) -> (UInt32, SidebarBound?) {
        for known in paragraphMarkers where known.id == id { return (known.marker, known.bound) }
        let marker = try reader.string(id)
        var bound: SidebarBound?
        if SidebarMarkers.isReserved(marker) {
            if marker == SidebarMarkers.start {
                bound = .start
            } else if marker == SidebarMarkers.end {
                bound = .end
            } else {
                throw reader.damaged("an unknown paragraph marker starting with U+0001")
            }
        }
        let interned = builder.intern(marker)
        paragraphMarkers.append((id, interned, bound))
        return (interned, bound)
    }

    /// Reads the content of a sidebar's bound paragraph and gives its text runs joined (the category);
    /// the content itself is not kept.
    private mutating func boundText() throws(StoreError) -> String {
        let start = builder.nodeCount
        try inlines(depth: 1)
        var text: [UInt8] = []
        var index = start
        while index < builder.nodeCount {
            if builder.content.nodes[index].kind == .text { text += builder.content.utf8(of: index) }
            index = Int(builder.content.nodes[index].end)
        }
        builder.removeNodes(from: start)
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func table() throws(StoreError) {
        builder.openTable(location: location)
        while true {
            switch try reader.next() {
            case .end:
                builder.close()
                return
            case .row:
                builder.openRow(location: location)
                try inlines(depth: 2)
                cells: while true {
                    switch try reader.next() {
                    case .end:
                        break cells
                    case .cell(let marker, let span):
                        builder.openCell(marker: try reader.string(marker), columnSpan: span)
                        try inlines(depth: 2)
                        builder.close()
                    default:
                        throw reader.damaged("expected a table cell")
                    }
                }
                builder.close()
            default:
                throw reader.damaged("expected a table row")
            }
        }
    }

    /// Decodes inlines up to and including the next `END`.
    private mutating func inlines(depth: Int) throws(StoreError) {
        guard depth < maximumContentDepth else {
            throw reader.damaged("content nested deeper than \(maximumContentDepth)")
        }
        while true {
            switch try reader.next() {
            case .end:
                return
            case .textRef(let run):
                text(run)
            case .textLiteral(let offset, let length):
                builder.text(
                    UnsafeBufferPointer(rebasing: literals[offset..<(offset + length)]), leadingSpace: false,
                    trailingSpace: false)
            case .space:
                builder.text(sharing: space)
            case .verse(let label, let alternate, let published):
                try verse(label: label, alternate: alternate, published: published)
            case .span(let id, let closed):
                let style = try self.style(id)
                builder.openCharacter(marker: style.marker, attributes: style.attributes, isClosed: closed)
                try inlines(depth: depth + 1)
                builder.close()
            case .word(let id, let run, let spaceAfter):
                let style = try self.style(id)
                builder.word(
                    marker: style.marker, attributes: style.attributes, sharing: shared(run) ?? copied(run),
                    following: spaceAfter ? space : nil)
            case .note(let marker, let caller):
                builder.openNote(marker: try reader.string(marker), caller: try reader.string(caller))
                try inlines(depth: depth + 1)
                builder.close()
            case .milestone(let id):
                try milestone(id)
            case .figure(let id, let offset, let length):
                try figure(id, offset: offset, length: length)
            case .optionalBreak:
                builder.optionalBreak()
            case .paragraph, .table, .row, .cell:
                throw reader.damaged("a block op inside a paragraph")
            }
        }
    }

    /// Adds a verse start; its label and numbers are pooled strings or a number.
    @inline(never)
    private mutating func verse(label: Int, alternate: Int?, published: Int?) throws(StoreError) {
        builder.verse(
            number: try reader.verseLabel(label),
            alternate: try alternate.map { id throws(StoreError) in try reader.string(id) },
            published: try published.map { id throws(StoreError) in try reader.string(id) },
            locationSlot: locationSlot)
    }

    @inline(never)
    private mutating func milestone(_ id: Int) throws(StoreError) {
        let style = try reader.style(id)
        builder.milestone(Milestone(marker: style.marker, attributes: style.attributes))
    }

    @inline(never)
    private mutating func figure(_ id: Int, offset: Int, length: Int) throws(StoreError) {
        let style = try reader.style(id)
        builder.figure(
            Figure(caption: try reader.literal(offset: offset, length: length), attributes: style.attributes))
    }

    /// Adds a run of the verse text (the reader has checked that it lies inside it).
    @inline(__always)
    private mutating func text(_ run: TextRun) {
        builder.text(sharing: shared(run) ?? copied(run))
    }

    /// Copies a run of the verse text and its spaces to the end of the buffer, for a run whose space is
    /// not next to it in the verse text.
    @inline(never)
    private mutating func copied(_ run: TextRun) -> Range<UInt32> {
        let start = builder.content.bytes.count
        if run.leadingSpace { _ = appendSpace() }
        _ = builder.appendBytes(UnsafeBufferPointer(rebasing: verseText[run.offset..<(run.offset + run.length)]))
        if run.trailingSpace { _ = appendSpace() }
        return UInt32(truncatingIfNeeded: start)..<UInt32(truncatingIfNeeded: builder.content.bytes.count)
    }

    /// Appends one space to the buffer.
    private mutating func appendSpace() -> Range<UInt32> {
        var byte: UInt8 = 0x20
        return withUnsafePointer(to: &byte) { builder.appendBytes(UnsafeBufferPointer(start: $0, count: 1)) }
    }

    /// Where a run of the verse text, with its spaces, lies in the copy of the verse text in the buffer:
    /// nil when a space it has is not next to it in the verse text (then its bytes are copied).
    @inline(__always)
    private func shared(_ run: TextRun) -> Range<UInt32>? {
        var (start, end) = (run.offset, run.offset + run.length)
        if run.leadingSpace {
            guard start > 0, verseText[start - 1] == 0x20 else { return nil }
            start -= 1
        }
        if run.trailingSpace {
            guard end < verseText.count, verseText[end] == 0x20 else { return nil }
            end += 1
        }
        return (textBase + UInt32(truncatingIfNeeded: start))..<(textBase + UInt32(truncatingIfNeeded: end))
    }
}
