import LecternKernels
import ScriptureModel

/// Decodes a chapter or introduction stream (see `ContentOp`) straight into `FlatContent`: no `Block`
/// or `Inline` values, nodes written in place into room for as many as the ops give (counted first),
/// text bytes copied from the mapping into the content's buffer, markers and attribute names interned
/// once per stream, and the spans of one style sharing its attributes.
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
    /// Paragraph markers by string id (a table, not a list: a chapter of many thousand unknown markers, each its
    /// own, took time growing with their square).
    private var paragraphMarkers = IDCache<(marker: UInt32, bound: SidebarBound?)>(
        placeholder: (0, nil), capacity: 16)
    /// The chapter's verse text, the string pool, the styles table and the content window, while
    /// `content()` runs.
    private var verseText = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    var pool = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    var styleTable = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var literals = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// Where the chapter's verse text starts in the content's buffer: it is copied in whole, and the
    /// text runs that are part of it (most of them) point into that copy.
    private var textBase: UInt32 = 0
    /// The nodes written so far, in room for `nodeCapacity`, while `content()` runs. The builder keeps
    /// the text buffer and the tables and takes the nodes at the end.
    private var nodes: UnsafeMutablePointer<FlatNode>?
    private var nodeCount = 0
    private var nodeCapacity = 0
    /// The offset of the next op in the stream (`literals`), and of the next verse-text run.
    private var at = 0
    private var textAt = 0

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
        // The verse text is copied whole, and a style's attributes get their values copied once: room
        // for all up front. In a tagged text about one byte in twenty of the stream starts a new style,
        // with one or two attributes (JHN 3 of the WEB: 153 styles in 3,293 bytes).
        builder.reserveCapacity(nodes: 0, bytes: text.count + stream.count + 1, attributes: stream.count / 8)
        styles = IDCache(placeholder: (0, 0..<0), capacity: stream.count / 8)
        locationSlot = builder.addLocation(location)
        space = appendSpace()
        var failure: StoreError?
        // The nodes are written in place, into room for as many as the ops give (counted first: a
        // chapter's nodes are about four fifths of its stream's bytes, and never more than all of them).
        let room = stream.withUnsafeBytes { Self.nodeCount(of: $0, from: reader.cursor.position) }
        let decoded = [FlatNode](unsafeUninitializedCapacity: room) { room, initialized in
            (nodes, nodeCount, nodeCapacity) = (room.baseAddress, 0, room.count)
            defer { (nodes, nodeCapacity) = (nil, 0) }
            do throws(StoreError) {
                try text.withUnsafeBytes { (text) throws(StoreError) in
                    try strings.withUnsafeBytes { (strings) throws(StoreError) in
                        try table.withUnsafeBytes { (table) throws(StoreError) in
                            try stream.withUnsafeBytes { (stream) throws(StoreError) in
                                (verseText, pool, styleTable, literals) = (text, strings, table, stream)
                                (at, textAt) = (reader.cursor.position, 0)
                                defer {
                                    (verseText, pool, styleTable, literals) = (
                                        .init(start: nil, count: 0), .init(start: nil, count: 0),
                                        .init(start: nil, count: 0), .init(start: nil, count: 0)
                                    )
                                }
                                textBase = builder.appendBytes(text).lowerBound
                                try blocks(sidebarDepth: 0)
                            }
                        }
                    }
                }
            } catch {
                failure = error
            }
            // Nodes hold no references: on failure the room is given back with none counted.
            initialized = failure == nil ? nodeCount : 0
        }
        if let failure { throw failure }
        return builder.finish(nodes: decoded)
    }

    /// How many nodes the ops of `stream` from `start` give at most: one per op but `END`, two or three
    /// per `WORD`; the ops' operands are stepped over as `ContentOp.operands(of:)` gives them. A stream that
    /// does not follow the grammar gets room for one node per byte (no op gives more nodes than it has
    /// bytes), and decoding it then says what is wrong.
    ///
    /// - Complexity: O(n), a byte or two per op (JHN 3 of the WEB: about 39k instructions of 350k, callgrind).
    static func nodeCount(of stream: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let fallback = stream.count + 16
        guard let base = stream.baseAddress else { return 0 }
        let end = stream.count
        var (at, count) = (start, 0)
        while at < end {
            let byte = base[at]
            at += 1
            guard let shape = ContentOp.operands(of: byte) else { return fallback }
            switch byte & 0x0F {
            case ContentOp.end.rawValue: count -= 1
            case ContentOp.word.rawValue: count += byte & TextFlags.spaceAfter != 0 ? 2 : 1
            default: break
            }
            var operands = shape.varints
            // Most operands are one byte: when the next `operands` bytes all are, step over them at once.
            if operands > 0, at + 8 <= end {
                let next = UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
                let high = next & 0x8080_8080_8080_8080 & ((1 &<< UInt64(8 * operands)) &- 1)
                if high == 0 {
                    at += operands
                    operands = 0
                }
            }
            while operands > 0 {
                guard at < end else { return fallback }
                if base[at] < 0x80 { operands -= 1 }
                at += 1
            }
            if shape.bytes {
                guard let length = Varint.read(base, at: &at, end: end, maxBytes: Varint.maxBytes64), length <= end - at
                else { return fallback }
                at += length
            }
            count += 1
        }
        return min(max(count, 0), fallback)
    }

    // MARK: - Nodes

    /// Writes the next node.
    @inline(__always)
    private mutating func put(_ node: FlatNode) throws(StoreError) {
        guard nodeCount < nodeCapacity, let nodes else { throw damaged("more nodes than the stream has bytes") }
        (nodes + nodeCount).initialize(to: node)
        nodeCount += 1
    }

    /// Writes a container node whose subtree `close(_:)` ends; gives its index.
    @inline(__always)
    private mutating func open(_ node: FlatNode) throws(StoreError) -> Int {
        try put(node)
        return nodeCount - 1
    }

    /// Ends the subtree of the container at `index` after the last node written.
    @inline(__always)
    private mutating func close(_ index: Int) {
        nodes?[index].end = UInt32(truncatingIfNeeded: nodeCount)
    }

    /// A node of `kind` with no children yet (its `end` is the next index).
    @inline(__always)
    private func node(_ kind: FlatNode.Kind) -> FlatNode {
        FlatNode(kind: kind, end: UInt32(truncatingIfNeeded: nodeCount + 1))
    }

    /// A text node for bytes already in the buffer.
    @inline(__always)
    private func textNode(_ bytes: Range<UInt32>, at index: Int) -> FlatNode {
        var node = FlatNode(kind: .text, end: UInt32(truncatingIfNeeded: index + 1))
        node.textStart = bytes.lowerBound
        node.textCount = bytes.upperBound &- bytes.lowerBound
        return node
    }

    // MARK: - Reading the stream

    /// Reads the next op byte.
    @inline(__always)
    private mutating func op() throws(StoreError) -> UInt8 {
        guard at < literals.count else { throw streamDamaged("unexpected end at offset \(at)") }
        at += 1
        return literals[at - 1]
    }

    /// Reads a varint operand (`Varint`: one or two bytes inline), the errors in `varintError`.
    /// `ByteReader.varint` reads the same but checks its window on each call: through it, a chapter read
    /// takes about 42k more instructions (JHN 3 of the WEB, callgrind: 392k against 350k).
    @inline(__always)
    private mutating func varint() throws(StoreError) -> Int {
        if let base = literals.baseAddress, let value = Varint.read(base, at: &at, end: literals.count, maxBytes: 9) {
            return value
        }
        return try varintError()
    }

    /// The error of the varint at `at` that `varint` cannot read, worded for the stream.
    @inline(never)
    private mutating func varintError() throws(StoreError) -> Int {
        do {
            return try ByteReader(literals).varint(at: &at, end: literals.count)
        } catch {
            if case .pastEnd = error.problem { throw streamDamaged("unexpected end at offset \(error.offset)") }
            throw reader.cursor.bytes.damaged(error)
        }
    }

    /// Moves past a run of the verse text and says where it is, checked to lie inside it.
    @inline(__always)
    private mutating func run(flags: UInt8) throws(StoreError) -> TextRun {
        let length = try varint()
        let start = textAt + (flags & TextFlags.skip != 0 ? 1 : 0)
        guard length <= verseText.count, start <= verseText.count - length else {
            try reader.verseText.check(start, length)
            throw streamDamaged("a text run past the verse text")
        }
        textAt = start + length
        return TextRun(
            offset: start, length: length, leadingSpace: flags & TextFlags.leading != 0,
            trailingSpace: flags & TextFlags.trailing != 0)
    }

    /// Moves past `length` bytes stored in the stream (a literal or a caption) and says where they start.
    private mutating func stored() throws(StoreError) -> Int {
        let length = try varint()
        guard length <= literals.count - at else {
            try reader.cursor.bytes.check(at, length)
            throw streamDamaged("stored text past the stream")
        }
        at += length
        return at - length
    }

    /// The error for a stream that does not follow the grammar.
    private func streamDamaged(_ reason: String) -> StoreError {
        reader.cursor.bytes.damaged(reason)
    }

    /// The error for a stream that does not follow the grammar, at the current offset.
    private func damaged(_ reason: String) -> StoreError {
        reader.cursor.bytes.damaged("\(reason) at offset \(at)")
    }

    // MARK: - Blocks

    /// Decodes blocks up to the end of the stream or, inside a sidebar, up to its end bound (`SidebarMarkers.end`).
    private mutating func blocks(sidebarDepth: Int) throws(StoreError) {
        while at < literals.count {
            let byte = try op()
            switch byte & 0x0F {
            case ContentOp.paragraph.rawValue:
                let (marker, bound) = try paragraphMarker(try varint())
                switch bound {
                case nil:
                    var paragraph = node(.paragraph)
                    paragraph.marker = marker
                    paragraph.location = locationSlot
                    let index = try open(paragraph)
                    try inlines(depth: 1)
                    close(index)
                case .start:
                    guard sidebarDepth < maximumContentDepth else {
                        throw damaged("sidebars nested deeper than \(maximumContentDepth)")
                    }
                    let category = try boundText()
                    var sidebar = node(.sidebar)
                    sidebar.location = builder.addLocation(location)
                    if !category.isEmpty {
                        let bytes = builder.appendText(category)
                        sidebar.textStart = bytes.lowerBound
                        sidebar.textCount = UInt32(truncatingIfNeeded: bytes.count)
                        sidebar.flags |= FlatNode.hasCategory
                    }
                    let index = try open(sidebar)
                    try blocks(sidebarDepth: sidebarDepth + 1)
                    close(index)
                case .end:
                    guard sidebarDepth > 0 else { throw damaged("a sidebar end with no sidebar open") }
                    _ = try boundText()
                    return
                }
            case ContentOp.table.rawValue:
                try table()
            default:
                if byte & 0x0F > ContentOp.space.rawValue { throw damaged("unknown op \(byte)") }
                throw damaged("expected a paragraph or table")
            }
        }
        guard sidebarDepth == 0 else { throw damaged("a sidebar with no end") }
    }

    /// A paragraph marker's string in the content, and whether it bounds a sidebar.
    private mutating func paragraphMarker(_ id: Int) throws(StoreError) -> (UInt32, SidebarBound?) {
        if let known = paragraphMarkers.value(for: id) { return known }
        let marker = try reader.string(id)
        var bound: SidebarBound?
        if SidebarMarkers.isReserved(marker) {
            if marker == SidebarMarkers.start {
                bound = .start
            } else if marker == SidebarMarkers.end {
                bound = .end
            } else {
                throw damaged("an unknown paragraph marker starting with U+0001")
            }
        }
        let interned = builder.intern(marker)
        paragraphMarkers.set((interned, bound), for: id)
        return (interned, bound)
    }

    /// Reads the content of a sidebar's bound paragraph and gives its text runs joined (the category);
    /// the content itself is not kept.
    private mutating func boundText() throws(StoreError) -> String {
        let start = nodeCount
        try inlines(depth: 1)
        var text: [UInt8] = []
        var index = start
        while index < nodeCount, let node = nodes?[index] {
            if node.kind == .text {
                text += builder.content.bytes[Int(node.textStart)..<Int(node.textStart) + Int(node.textCount)]
            }
            index = Int(node.end)
        }
        nodeCount = start
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func table() throws(StoreError) {
        var table = node(.table)
        table.location = builder.addLocation(location)
        let tableIndex = try open(table)
        while true {
            let byte = try op()
            switch byte & 0x0F {
            case ContentOp.end.rawValue:
                close(tableIndex)
                return
            case ContentOp.row.rawValue:
                var row = node(.row)
                row.location = builder.addLocation(location)
                let rowIndex = try open(row)
                try inlines(depth: 2)
                cells: while true {
                    let byte = try op()
                    switch byte & 0x0F {
                    case ContentOp.end.rawValue:
                        break cells
                    case ContentOp.cell.rawValue:
                        var cell = node(.cell)
                        cell.marker = try intern(try varint(), referrer: .content)
                        cell.span = UInt16(clamping: try varint())
                        let cellIndex = try open(cell)
                        try inlines(depth: 2)
                        close(cellIndex)
                    default:
                        if byte & 0x0F > ContentOp.space.rawValue { throw damaged("unknown op \(byte)") }
                        throw damaged("expected a table cell")
                    }
                }
                close(rowIndex)
            default:
                if byte & 0x0F > ContentOp.space.rawValue { throw damaged("unknown op \(byte)") }
                throw damaged("expected a table row")
            }
        }
    }

    // MARK: - Inlines

    /// Decodes inlines up to and including the next `END`.
    private mutating func inlines(depth: Int) throws(StoreError) {
        guard depth < maximumContentDepth else {
            throw damaged("content nested deeper than \(maximumContentDepth)")
        }
        while true {
            let byte = try op()
            let flags = byte & 0xF0
            // Matched on the raw code: `ContentOp(rawValue:)` is a call the optimiser does not inline.
            switch byte & 0x0F {
            case ContentOp.end.rawValue:
                return
            case ContentOp.word.rawValue:
                let style = try self.style(try varint())
                let run = try self.run(flags: flags)
                try word(style: style, run: shared(run) ?? copied(run), spaceAfter: flags & TextFlags.spaceAfter != 0)
            case ContentOp.textRef.rawValue:
                let run = try self.run(flags: flags)
                try put(textNode(shared(run) ?? copied(run), at: nodeCount))
            case ContentOp.space.rawValue:
                try put(textNode(space, at: nodeCount))
            case ContentOp.span.rawValue:
                let style = try self.style(try varint())
                let index = try open(characterNode(style, end: nodeCount + 1, isClosed: flags & OpFlags.unclosed == 0))
                try inlines(depth: depth + 1)
                close(index)
            case ContentOp.verse.rawValue:
                let label = try varint()
                let alternate = flags & OpFlags.alternate != 0 ? try varint() : nil
                let published = flags & OpFlags.published != 0 ? try varint() : nil
                try verse(label: label, alternate: alternate, published: published)
            case ContentOp.textLiteral.rawValue:
                let offset = try stored()
                let bytes = builder.appendBytes(UnsafeBufferPointer(rebasing: literals[offset..<at]))
                try put(textNode(bytes, at: nodeCount))
            case ContentOp.note.rawValue:
                try note(marker: try varint(), caller: try varint(), depth: depth)
            case ContentOp.milestone.rawValue:
                try milestone(try varint())
            case ContentOp.figure.rawValue:
                let id = try varint()
                let offset = try stored()
                try figure(id, offset: offset, length: at - offset)
            case ContentOp.optionalBreak.rawValue:
                try put(node(.optionalBreak))
            case ContentOp.paragraph.rawValue, ContentOp.table.rawValue, ContentOp.row.rawValue,
                ContentOp.cell.rawValue:
                throw damaged("a block op inside a paragraph")
            default:
                throw damaged("unknown op \(byte)")
            }
        }
    }

    @inline(never)
    private mutating func note(marker: Int, caller: Int, depth: Int) throws(StoreError) {
        var note = node(.note)
        note.marker = try intern(marker, referrer: .content)
        let callerBytes = try appendPoolString(caller)
        note.textStart = callerBytes.lowerBound
        note.textCount = UInt32(truncatingIfNeeded: callerBytes.count)
        let index = try open(note)
        try inlines(depth: depth + 1)
        close(index)
    }

    /// A character span of `style` whose subtree ends at `end`.
    @inline(__always)
    private func characterNode(
        _ style: (marker: UInt32, attributes: Range<UInt32>), end: Int, isClosed: Bool
    ) -> FlatNode {
        var span = FlatNode(kind: .character, end: UInt32(truncatingIfNeeded: end))
        span.marker = style.marker
        span.attributeStart = style.attributes.lowerBound
        span.attributeCount = style.attributes.upperBound &- style.attributes.lowerBound
        if !isClosed { span.flags |= FlatNode.isOpenSpan }
        return span
    }

    /// Adds a closed span of `style` holding one run of text, then a shared space when `spaceAfter`.
    @inline(__always)
    private mutating func word(
        style: (marker: UInt32, attributes: Range<UInt32>), run: Range<UInt32>, spaceAfter: Bool
    ) throws(StoreError) {
        let index = nodeCount
        try put(characterNode(style, end: index + 2, isClosed: true))
        try put(textNode(run, at: index + 1))
        if spaceAfter { try put(textNode(space, at: index + 2)) }
    }

    /// Adds a verse start; its label and numbers are pooled strings or a number.
    @inline(never)
    private mutating func verse(label: Int, alternate: Int?, published: Int?) throws(StoreError) {
        var verse = node(.verse)
        verse.location = locationSlot
        // A label is a number (its decimal digits) or a pooled string (`15-16`, `3a`).
        let number = label & 1 == 0 ? builder.appendDecimal(label >> 1) : try appendPoolString(label >> 1)
        verse.textStart = number.lowerBound
        verse.textCount = UInt32(truncatingIfNeeded: number.count)
        builder.appendVerseNumbers(
            alternate: try alternate.map { id throws(StoreError) in try reader.string(id) },
            published: try published.map { id throws(StoreError) in try reader.string(id) }, to: &verse)
        try put(verse)
    }

    @inline(never)
    private mutating func milestone(_ id: Int) throws(StoreError) {
        let style = try reader.style(id)
        var milestone = node(.milestone)
        milestone.marker = builder.intern(style.marker)
        let attributes = builder.appendAttributes(style.attributes)
        milestone.attributeStart = attributes.lowerBound
        milestone.attributeCount = UInt32(truncatingIfNeeded: attributes.count)
        try put(milestone)
    }

    @inline(never)
    private mutating func figure(_ id: Int, offset: Int, length: Int) throws(StoreError) {
        let style = try reader.style(id)
        var figure = node(.figure)
        figure.marker = builder.intern("fig")
        let caption = builder.appendText(try reader.literal(offset: offset, length: length))
        figure.textStart = caption.lowerBound
        figure.textCount = UInt32(truncatingIfNeeded: caption.count)
        let attributes = builder.appendAttributes(style.attributes)
        figure.attributeStart = attributes.lowerBound
        figure.attributeCount = UInt32(truncatingIfNeeded: attributes.count)
        try put(figure)
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
