import ScriptureModel

/// Decodes a chapter stream into a `StyledChapter`: text bytes appended straight from the mapping,
/// one string per paragraph.
struct StyledChapterDecoder {
    private var reader: ContentReader
    private var paragraphs: [StyledParagraph] = []
    private var notes: [StyledNote] = []
    /// Every style's marker (the store's table, built once).
    private let markers: StyleMarkers
    /// Paragraph and cell markers met so far, by string id, with their kinds: a chapter uses a handful,
    /// so a list beats decoding the string and classifying it for every paragraph.
    /// Paragraph markers by string id (see `ContentDecoder`'s).
    private var paragraphMarkers = IDCache<(marker: String, kind: ParagraphKind)>(
        placeholder: ("", .unknown), capacity: 16)
    private var sidebars: [StyledSidebar] = []
    /// The open sidebars, innermost last, by index in `sidebars`.
    private var openSidebars: [Int] = []
    /// The chapter's verse text while `chapter` runs (see `append(_:from:to:)`).
    private var verseText = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

    /// What a paragraph or note collects while it is read.
    private struct Collector {
        var bytes = TextBuffer()
        var spans = SpanBuffer()
        var verses: [VerseMark] = []
        var notes: [NoteMark] = []
        var figures: [FigureMark] = []

        /// A collector with room for `spans` spans and `bytes` bytes of text, and a long paragraph's verses.
        static func reserved(spans: Int, bytes: Int) -> Collector {
            var collector = Collector(bytes: TextBuffer(capacity: bytes), spans: SpanBuffer(capacity: spans))
            collector.verses.reserveCapacity(32)
            return collector
        }
    }

    init(reader: ContentReader, markers: StyleMarkers) {
        self.reader = reader
        self.markers = markers
        // Room for the longest paragraph the chapter can have, so that the buffers do not grow while it is
        // read: each span takes at least two bytes of the stream, and a paragraph's text is at most the
        // chapter's verse text and the stream's bytes. Capped, for a chapter of very many short paragraphs.
        let content = reader.cursor.bytes.count
        scratch = Collector.reserved(
            spans: min(content / 2, 2048), bytes: min(content + reader.verseText.count, 1 << 16))
    }

    mutating func chapter(book: BookID, number: Int) throws(StoreError) -> StyledChapter {
        let header = try reader.chapterHeader()
        try reader.verseText.withUnsafeBytes { (text) throws(StoreError) in
            verseText = text
            defer { verseText = UnsafeBufferPointer(start: nil, count: 0) }
            try blocks()
        }
        guard openSidebars.isEmpty else { throw reader.damaged("a sidebar with no end") }
        return StyledChapter(
            book: book, number: number, label: header.label, publishedNumber: header.published, paragraphs: paragraphs,
            notes: notes, sidebars: sidebars)
    }

    /// Reads the chapter's paragraphs and tables, up to the end of the stream.
    private mutating func blocks() throws(StoreError) {
        var tables = 0
        while !reader.isAtEnd {
            switch try reader.next() {
            case .paragraph(let marker):
                try paragraph(marker: marker, cell: nil)
            case .table:
                try table(number: tables)
                tables += 1
            default:
                throw reader.damaged("expected a paragraph or table")
            }
        }
    }

    /// Reads the `esb` paragraph that opens a sidebar (its text is the category) or the `esbe` that closes one.
    private mutating func sidebarBound(opens: Bool) throws(StoreError) {
        var collector = Collector()
        try inlines(into: &collector, depth: 1)
        if opens {
            guard openSidebars.count < maximumContentDepth else {
                throw reader.damaged("sidebars nested deeper than \(maximumContentDepth)")
            }
            let category = collector.bytes.string()
            openSidebars.append(sidebars.count)
            sidebars.append(StyledSidebar(category: category.isEmpty ? nil : category))
        } else {
            guard openSidebars.popLast() != nil else { throw reader.damaged("a sidebar end with no sidebar open") }
        }
    }

    private mutating func table(number: Int) throws(StoreError) {
        var row = 0
        while true {
            switch try reader.next() {
            case .end:
                return
            case .row:
                try paragraph(
                    marker: "tr", kind: ParagraphKind(marker: "tr"),
                    cell: CellPosition(table: number, row: row, column: -1, columnSpan: 1))
                var column = 0
                cells: while true {
                    switch try reader.next() {
                    case .end:
                        break cells
                    case .cell(let marker, let span):
                        let position = CellPosition(table: number, row: row, column: column, columnSpan: span)
                        try paragraph(marker: marker, cell: position)
                        column += max(1, span)
                    default:
                        throw reader.damaged("expected a table cell")
                    }
                }
                row += 1
            default:
                throw reader.damaged("expected a table row")
            }
        }
    }

    /// Reused for every paragraph, so its arrays grow once per chapter, not once per paragraph.
    private var scratch: Collector

    /// Reads a paragraph whose marker is string `id`.
    private mutating func paragraph(marker id: Int, cell: CellPosition?) throws(StoreError) {
        if let known = paragraphMarkers.value(for: id) {
            return try paragraph(marker: known.marker, kind: known.kind, cell: cell)
        }
        let marker = try reader.string(id)
        let kind = ParagraphKind(marker: marker)
        paragraphMarkers.set((marker, kind), for: id)
        try paragraph(marker: marker, kind: kind, cell: cell)
    }

    private mutating func paragraph(marker: String, kind: ParagraphKind, cell: CellPosition?) throws(StoreError) {
        if kind == .unknown, SidebarMarkers.isReserved(marker) {
            guard cell == nil, marker == SidebarMarkers.start || marker == SidebarMarkers.end else {
                throw reader.damaged("an unknown paragraph marker starting with U+0001")
            }
            return try sidebarBound(opens: marker == SidebarMarkers.start)
        }
        try styledParagraph(marker: marker, kind: kind, cell: cell)
    }

    private mutating func styledParagraph(marker: String, kind: ParagraphKind, cell: CellPosition?) throws(StoreError) {
        var collector = scratch
        scratch = Collector(bytes: collector.bytes, spans: collector.spans)
        collector.bytes.removeAll()
        collector.spans.removeAll()
        collector.verses.removeAll(keepingCapacity: true)
        collector.notes.removeAll(keepingCapacity: true)
        collector.figures.removeAll(keepingCapacity: true)
        try inlines(into: &collector, depth: 1)
        paragraphs.append(
            StyledParagraph(
                marker: marker, kind: kind,
                text: collector.bytes.string(),
                spans: collector.spans.array(), verses: Array(collector.verses[...]),
                notes: Array(collector.notes[...]),
                figures: Array(collector.figures[...]), cell: cell, sidebar: openSidebars.last))
        scratch = collector
    }

    private mutating func inlines(into collector: inout Collector, depth: Int) throws(StoreError) {
        guard depth < maximumContentDepth else {
            throw reader.damaged("content nested deeper than \(maximumContentDepth)")
        }
        while true {
            switch try reader.next() {
            case .end:
                return
            case .textRef(let run):
                Self.append(run, from: verseText, to: collector.bytes)
            case .textLiteral(let offset, let length):
                try reader.appendLiteral(offset: offset, length: length, to: collector.bytes)
            case .space:
                collector.bytes.append(0x20)
            case .verse(let label, let alternate, let published):
                collector.verses.append(
                    VerseMark(
                        offset: collector.bytes.count, number: try reader.verseLabel(label),
                        alternateNumber: try alternate.map { id throws(StoreError) in try reader.string(id) },
                        publishedNumber: try published.map { id throws(StoreError) in try reader.string(id) }))
            case .span(let style, _):
                let index = collector.spans.count
                let start = collector.bytes.count
                collector.spans.append(StyledSpan(range: start..<start, marker: try marker(style), style: style))
                try inlines(into: &collector, depth: depth + 1)
                collector.spans.setEnd(of: index, to: collector.bytes.count)
            case .word(let style, let run, let spaceAfter):
                let marker: InlineMarker
                if let known = markers.marker(style) { marker = known } else { marker = try unreadMarker(style) }
                let start = collector.bytes.count
                Self.append(run, from: verseText, to: collector.bytes)
                collector.spans.append(StyledSpan(range: start..<collector.bytes.count, marker: marker, style: style))
                if spaceAfter { collector.bytes.append(0x20) }
            case .note(let marker, let caller):
                var note = Collector(bytes: TextBuffer(capacity: 64), spans: SpanBuffer(capacity: 8))
                try inlines(into: &note, depth: depth + 1)
                collector.notes.append(NoteMark(offset: collector.bytes.count, note: notes.count))
                notes.append(
                    StyledNote(
                        marker: try reader.string(marker), caller: try reader.string(caller),
                        text: note.bytes.string(), spans: note.spans.array()))
            case .figure(let style, let offset, let length):
                let caption = try reader.literal(offset: offset, length: length)
                collector.figures.append(FigureMark(offset: collector.bytes.count, caption: caption, style: style))
            case .milestone, .optionalBreak:
                continue
            case .paragraph, .table, .row, .cell:
                throw reader.damaged("a block op inside a paragraph")
            }
        }
    }

    /// Appends a run of the verse text with its spaces (the reader has checked that it lies inside it).
    /// (Static, and given the text: a method here would copy the whole decoder in the loop.)
    @inline(__always)
    private static func append(_ run: TextRun, from verseText: UnsafeBufferPointer<UInt8>, to buffer: TextBuffer) {
        guard let base = verseText.baseAddress else {
            // No verse text: the run is empty (the reader checked it), only its spaces are added.
            if run.leadingSpace { buffer.append(0x20) }
            if run.trailingSpace { buffer.append(0x20) }
            return
        }
        buffer.append(
            base + run.offset, length: run.length, readable: verseText.count &- run.offset,
            leadingSpace: run.leadingSpace, trailingSpace: run.trailingSpace)
    }

    /// A style's marker, from the store's table.
    @inline(__always)
    private func marker(_ style: Int) throws(StoreError) -> InlineMarker {
        if let marker = markers.marker(style) { return marker }
        return try unreadMarker(style)
    }

    /// The marker of a style the table could not read: read again from the styles table, which throws
    /// what is wrong with it.
    @inline(never)
    private func unreadMarker(_ style: Int) throws(StoreError) -> InlineMarker {
        let styles = reader.styles
        return InlineMarker(try styles.strings.string(styles.markerID(style), referrer: .styles))
    }
}
