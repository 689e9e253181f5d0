/// Builds `FlatContent` in document order: open a container, add its children, close it.
///
/// Every call appends to arrays; nothing is allocated per node. Containers still open when the
/// content is taken are closed then.
public struct FlatContentBuilder: Sendable {
    /// The content so far (open containers' `end` is set when they close).
    public internal(set) var content: FlatContent {
        @inlinable _read { yield contentStorage }
        _modify { yield &contentStorage }
        set { contentStorage = newValue }
    }
    /// The storage of `content`, for the builder steps inlined into parsers.
    @usableFromInline var contentStorage = FlatContent()
    /// The indices of the open containers, outermost first.
    public internal(set) var openNodes: [Int] = []
    /// The string-table index of the file of the last location added (see `internFile(_:)`).
    var lastFile: UInt32 = FlatNode.none

    /// Starts empty content.
    public init() {}

    /// Continues `content` (which has no open containers): new nodes go after its last block.
    public init(continuing content: FlatContent) {
        self.content = content
    }

    /// The number of nodes so far.
    public var nodeCount: Int { content.nodes.count }

    /// The innermost open container's index, if any.
    public var innermost: Int? { openNodes.last }

    /// Opens a paragraph.
    public mutating func openParagraph(marker: String, location: SourceLocation) {
        open(.paragraph, marker: marker, location: location)
    }

    /// Opens a paragraph at a place in `file`: `openParagraph(marker:location:)` without a `SourceLocation`
    /// made, copied and let go (its file name retained and released) for each.
    public mutating func openParagraph(marker: String, file: String, at place: SourcePlace) {
        leaf(.paragraph, marker: marker)
        setLocation(of: content.nodes.count - 1, file: internFile(file), place)
        openNodes.append(content.nodes.count - 1)
    }

    /// Opens a table.
    public mutating func openTable(location: SourceLocation) {
        open(.table, marker: nil, location: location)
    }

    /// Opens a table row; its leading inlines come before its cells.
    public mutating func openRow(location: SourceLocation) {
        open(.row, marker: nil, location: location)
    }

    /// Opens a table cell.
    public mutating func openCell(marker: String, columnSpan: Int) {
        open(.cell, marker: marker, location: nil)
        content.nodes[content.nodes.count - 1].span = UInt16(clamping: columnSpan)
    }

    /// Opens a sidebar.
    public mutating func openSidebar(category: String?, location: SourceLocation) {
        open(.sidebar, marker: nil, location: location)
        if let category {
            setText(of: content.nodes.count - 1, category)
            content.nodes[content.nodes.count - 1].flags |= FlatNode.hasCategory
        }
    }

    /// Opens a character span.
    public mutating func openCharacter(marker: String, attributes: [Attribute] = [], isClosed: Bool = true) {
        open(.character, marker: marker, location: nil)
        let index = content.nodes.count - 1
        addAttributes(attributes, to: index)
        if !isClosed { content.nodes[index].flags |= FlatNode.isOpenSpan }
    }

    /// Opens a note.
    public mutating func openNote(marker: String, caller: String) {
        open(.note, marker: marker, location: nil)
        setText(of: content.nodes.count - 1, caller)
    }

    /// Closes the innermost open container.
    public mutating func close() {
        guard let index = openNodes.popLast() else { return }
        content.nodes[index].end = UInt32(content.nodes.count)
    }

    /// Closes open containers until `depth` remain.
    public mutating func close(toDepth depth: Int) {
        while openNodes.count > depth { close() }
    }

    /// Marks an open or closed character span as not closed in its source.
    public mutating func markUnclosed(_ index: Int) {
        content.nodes[index].flags |= FlatNode.isOpenSpan
    }

    /// Adds a run of text.
    public mutating func text(_ text: String) {
        leaf(.text)
        setText(of: content.nodes.count - 1, text)
    }

    /// Adds a run of text from UTF-8 bytes the caller has made NFC.
    public mutating func text<Bytes: Collection<UInt8>>(utf8: Bytes) {
        leaf(.text)
        let index = content.nodes.count - 1
        content.nodes[index].textStart = UInt32(content.bytes.count)
        content.bytes.append(contentsOf: utf8)
        content.nodes[index].textCount = UInt32(content.bytes.count) - content.nodes[index].textStart
    }

    /// Adds a verse start.
    public mutating func verse(_ verse: VerseStart) {
        leaf(.verse, location: verse.location)
        setVerse(
            content.nodes.count - 1, verse.number, alternate: verse.alternateNumber, published: verse.publishedNumber)
    }

    /// Adds a verse start at a place in `file`: `verse(_:)` without a `VerseStart` and its `SourceLocation` made,
    /// copied and let go for each.
    public mutating func verse(
        number: String, alternate: String?, published: String?, file: String, at place: SourcePlace
    ) {
        leaf(.verse)
        setLocation(of: content.nodes.count - 1, file: internFile(file), place)
        setVerse(content.nodes.count - 1, number, alternate: alternate, published: published)
    }

    private mutating func setVerse(_ index: Int, _ number: String, alternate: String?, published: String?) {
        setText(of: index, number)
        content.nodes[index].attributeStart = UInt32(content.attributes.count)
        if let alternate {
            content.attributes.append(attribute("va", alternate))
            content.nodes[index].flags |= FlatNode.hasAlternate
        }
        if let published {
            content.attributes.append(attribute("vp", published))
            content.nodes[index].flags |= FlatNode.hasPublished
        }
        content.nodes[index].attributeCount = UInt32(content.attributes.count) - content.nodes[index].attributeStart
    }

    private mutating func setLocation(of index: Int, file: UInt32, _ place: SourcePlace) {
        setLocation(of: index, file: file, line: place.line, column: place.column, offset: place.offset)
    }

    /// Adds a milestone.
    public mutating func milestone(_ milestone: Milestone) {
        leaf(.milestone, marker: milestone.marker)
        addAttributes(milestone.attributes, to: content.nodes.count - 1)
    }

    /// Adds a figure.
    public mutating func figure(_ figure: Figure) {
        leaf(.figure, marker: "fig")
        setText(of: content.nodes.count - 1, figure.caption)
        addAttributes(figure.attributes, to: content.nodes.count - 1)
    }

    /// Adds an optional line break.
    public mutating func optionalBreak() {
        leaf(.optionalBreak)
    }

    /// Adds an inline and everything in it.
    public mutating func append(_ inline: Inline) {
        switch inline {
        case .text(let run): text(run)
        case .verse(let verse): self.verse(verse)
        case .milestone(let milestone): self.milestone(milestone)
        case .figure(let figure): self.figure(figure)
        case .optionalBreak: optionalBreak()
        case .character(let span):
            openCharacter(marker: span.marker, attributes: span.attributes, isClosed: span.isClosed)
            append(contentsOf: span.content)
            close()
        case .note(let note):
            openNote(marker: note.marker, caller: note.caller)
            append(contentsOf: note.content)
            close()
        }
    }

    /// Adds inlines in order.
    public mutating func append(contentsOf inlines: [Inline]) {
        for inline in inlines { append(inline) }
    }

    /// Adds a block and everything in it.
    public mutating func append(_ block: Block) {
        switch block {
        case .paragraph(let paragraph):
            openParagraph(marker: paragraph.marker, location: paragraph.location)
            append(contentsOf: paragraph.content)
            close()
        case .table(let table):
            openTable(location: table.location)
            for row in table.rows {
                openRow(location: row.location)
                append(contentsOf: row.leading)
                for cell in row.cells {
                    openCell(marker: cell.marker, columnSpan: cell.columnSpan)
                    append(contentsOf: cell.content)
                    close()
                }
                close()
            }
            close()
        case .sidebar(let sidebar):
            openSidebar(category: sidebar.category, location: sidebar.location)
            append(contentsOf: sidebar.blocks)
            close()
        }
    }

    /// Adds blocks in order.
    public mutating func append(contentsOf blocks: [Block]) {
        for block in blocks { append(block) }
    }

    /// Removes the nodes from `index` on (the last nodes added), closing any open container among them.
    public mutating func removeNodes(from index: Int) {
        while let last = openNodes.last, last >= index { openNodes.removeLast() }
        content.nodes.removeSubrange(index...)
    }

    /// Replaces a text node's text (the old bytes stay unused in the buffer).
    public mutating func replaceText(of index: Int, with text: String) {
        setText(of: index, text)
    }

    /// The content, with every open container closed.
    public mutating func finish() -> FlatContent {
        close(toDepth: 0)
        return content
    }

    // MARK: - Storage

    mutating func open(_ kind: FlatNode.Kind, marker: String?, location: SourceLocation?) {
        leaf(kind, marker: marker, location: location)
        openNodes.append(content.nodes.count - 1)
    }

    mutating func leaf(_ kind: FlatNode.Kind, marker: String? = nil, location: SourceLocation? = nil) {
        var node = FlatNode(kind: kind, end: UInt32(content.nodes.count + 1))
        if let marker { node.marker = intern(marker) }
        content.nodes.append(node)
        if let location {
            setLocation(
                of: content.nodes.count - 1, file: internFile(location.file), line: location.line,
                column: location.column, offset: location.offset)
        }
    }

    mutating func setText(of index: Int, _ text: String) {
        content.nodes[index].textStart = UInt32(content.bytes.count)
        content.bytes.append(contentsOf: text.utf8)
        content.nodes[index].textCount = UInt32(content.bytes.count) - content.nodes[index].textStart
    }

    mutating func addAttributes(_ attributes: [Attribute], to index: Int) {
        content.nodes[index].attributeStart = UInt32(content.attributes.count)
        for item in attributes { content.attributes.append(attribute(item.name, item.value)) }
        content.nodes[index].attributeCount = UInt32(attributes.count)
    }

    mutating func attribute(_ name: String, _ value: String) -> FlatAttribute {
        let start = UInt32(content.bytes.count)
        content.bytes.append(contentsOf: value.utf8)
        return FlatAttribute(name: intern(name), valueStart: start, valueCount: UInt32(content.bytes.count) - start)
    }

    /// `intern(_:)` of a location's file, which is nearly always the last one's: found by comparing it with
    /// that string, which is usually the same `String` (equal at once), without hashing the path.
    mutating func internFile(_ file: String) -> UInt32 {
        if Int(lastFile) < content.strings.count && content.strings[Int(lastFile)] == file { return lastFile }
        lastFile = intern(file)
        return lastFile
    }

    /// The index of `string` in the string table, adding it the first time.
    public mutating func intern(_ string: String) -> UInt32 {
        if let index = content.stringIndex[string] { return index }
        let index = UInt32(content.strings.count)
        content.strings.append(string)
        content.stringIndex[string] = index
        return index
    }
}

extension FlatContent {
    /// Flattens blocks.
    public init(blocks: [Block]) {
        var builder = FlatContentBuilder()
        builder.append(contentsOf: blocks)
        self = builder.finish()
    }

    /// Adds a block at the end.
    public mutating func append(_ block: Block) {
        var builder = FlatContentBuilder(continuing: self)
        self = FlatContent()  // keep the arrays uniquely referenced
        builder.append(block)
        self = builder.finish()
    }
}
