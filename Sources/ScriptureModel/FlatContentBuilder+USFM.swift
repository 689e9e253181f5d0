/// Builder steps for a parser that reads bytes: markers and files already interned, text and
/// attribute values straight from the source bytes, and the changes a parser makes to a node after
/// opening it (attributes that follow a span's text, a verse's `\va`, a sidebar's `\cat`).
extension FlatContentBuilder {
    /// Opens a container whose marker is the string at `marker` (see `intern(_:)`), or `FlatNode.none`.
    /// - Returns: the container's index.
    @inline(__always)
    public mutating func open(_ kind: FlatNode.Kind, markerID marker: UInt32) -> Int {
        let index = leaf(kind, markerID: marker)
        openNodes.append(index)
        return index
    }

    /// Adds a node with no children whose marker is the string at `marker`, or `FlatNode.none`.
    /// - Returns: the node's index.
    @inline(__always)
    @discardableResult
    public mutating func leaf(_ kind: FlatNode.Kind, markerID marker: UInt32) -> Int {
        let index = content.nodes.count
        var node = FlatNode(kind: kind, end: UInt32(truncatingIfNeeded: index + 1))
        node.marker = marker
        content.nodes.append(node)
        return index
    }

    /// Gives a node a source location; `file` is the file's index in the string table.
    public mutating func setLocation(of index: Int, file: UInt32, line: Int, column: Int, offset: Int) {
        content.nodes[index].location = UInt32(truncatingIfNeeded: content.locations.count)
        content.locations.append(
            FlatLocation(
                file: file, line: UInt32(clamping: line), column: UInt32(clamping: column),
                offset: UInt32(clamping: offset)))
    }

    /// Sets a node's text from a string.
    public mutating func setText(of index: Int, string: String) {
        setText(of: index, string)
    }

    /// Drops the ASCII spaces that end a text node's text.
    /// - Returns: the number of bytes left.
    public mutating func trimTrailingSpaces(ofText index: Int) -> Int {
        var node = content.nodes[index]
        while node.textCount > 0, content.bytes[Int(node.textStart + node.textCount - 1)] == 0x20 {
            node.textCount -= 1
        }
        content.nodes[index] = node
        return Int(node.textCount)
    }

    /// The last byte of a text node's text, in the content or still in `stage`; `nil` when it is empty.
    public func lastByte(ofText index: Int, in stage: borrowing FlatByteStage) -> UInt8? {
        let node = content.nodes[index]
        guard node.textCount > 0 else { return nil }
        return byte(at: Int(node.textStart + node.textCount - 1), in: stage)
    }

    /// Drops the ASCII spaces that end a text node's text, whose bytes may still be in `stage` (they stay
    /// in the buffer, unused, as with `trimTrailingSpaces(ofText:)`).
    /// - Returns: the number of bytes left.
    public mutating func trimTrailingSpaces(ofText index: Int, in stage: borrowing FlatByteStage) -> Int {
        var node = content.nodes[index]
        while node.textCount > 0, byte(at: Int(node.textStart + node.textCount - 1), in: stage) == 0x20 {
            node.textCount -= 1
        }
        content.nodes[index] = node
        return Int(node.textCount)
    }

    /// The content's byte at `offset`, counting the bytes in `stage` as following the content's.
    private func byte(at offset: Int, in stage: borrowing FlatByteStage) -> UInt8 {
        let flushed = content.bytes.count
        return offset >= flushed ? stage.base[offset - flushed] : content.bytes[offset]
    }

    /// Adds an attribute to a node (after any it has), its value from NFC UTF-8 bytes.
    public mutating func addAttribute(to index: Int, nameID name: UInt32, value: UnsafeBufferPointer<UInt8>) {
        makeAttributesLast(of: index)
        let start = content.bytes.count
        content.bytes.append(contentsOf: value)
        content.attributes.append(
            FlatAttribute(
                name: name, valueStart: UInt32(truncatingIfNeeded: start),
                valueCount: UInt32(truncatingIfNeeded: value.count)))
        content.nodes[index].attributeCount += 1
    }

    /// Adds attributes to a node, after any it has.
    public mutating func addAttributes(_ attributes: [Attribute], after index: Int) {
        makeAttributesLast(of: index)
        for item in attributes { content.attributes.append(attribute(item.name, item.value)) }
        content.nodes[index].attributeCount += UInt32(truncatingIfNeeded: attributes.count)
    }

    /// Sets a verse's alternate (`\va`) or published (`\vp`) number.
    public mutating func setVerseNumber(of index: Int, alternate: Bool, _ value: String) {
        var alternateValue = content.alternateNumber(of: index)
        var publishedValue = content.publishedNumber(of: index)
        if alternate { alternateValue = value } else { publishedValue = value }
        var node = content.nodes[index]
        appendVerseNumbers(alternate: alternateValue, published: publishedValue, to: &node)
        content.nodes[index] = node
    }

    /// Sets or clears an open sidebar's category.
    public mutating func setCategory(ofSidebar index: Int, _ category: String?) {
        if let category {
            setText(of: index, category)
            content.nodes[index].flags |= FlatNode.hasCategory
        } else {
            content.nodes[index].textCount = 0
            content.nodes[index].flags &= ~FlatNode.hasCategory
        }
    }

    /// Sets a table cell's column span.
    public mutating func setColumnSpan(of index: Int, _ span: Int) {
        content.nodes[index].span = UInt16(clamping: span)
    }

    /// Moves a node's attributes to the end of the attribute table, so that more can follow them.
    private mutating func makeAttributesLast(of index: Int) {
        let node = content.nodes[index]
        let count = Int(node.attributeCount)
        if count == 0 {
            content.nodes[index].attributeStart = UInt32(truncatingIfNeeded: content.attributes.count)
            return
        }
        guard Int(node.attributeStart) + count != content.attributes.count else { return }
        let start = content.attributes.count
        for slot in attributeRange(of: node) { content.attributes.append(content.attributes[slot]) }
        content.nodes[index].attributeStart = UInt32(truncatingIfNeeded: start)
    }

    private func attributeRange(of node: FlatNode) -> Range<Int> {
        Int(node.attributeStart)..<Int(node.attributeStart) + Int(node.attributeCount)
    }

    /// The content, with every open container closed, in arrays of exactly its size; the builder
    /// starts again empty but keeps its arrays' capacity, so that building the next content (the
    /// next chapter) grows no array it has grown before.
    public mutating func takeContent() -> FlatContent {
        close(toDepth: 0)
        var taken = FlatContent()
        taken.nodes = Self.take(&content.nodes)
        taken.bytes = Self.take(&content.bytes)
        taken.attributes = Self.take(&content.attributes)
        taken.locations = Self.take(&content.locations)
        taken.strings = content.strings
        swap(&taken.stringIndex, &content.stringIndex)
        content.strings = []
        content.strings.reserveCapacity(taken.strings.count)
        // The next content interns about as many strings: reserving them saves the table's regrowth.
        content.stringIndex = Dictionary(minimumCapacity: taken.strings.count)
        return taken
    }

    /// The elements of one of the builder's arrays, in an array of their size, the builder's left empty: an
    /// exact copy, the builder keeping its capacity for the next content; but from a megabyte on, the array
    /// itself when it wastes little room (a long verse's bytes, read into room made for them), else the copy,
    /// the builder's room let go, so that a large content is never held twice, nor its room kept.
    private static func take<Element>(_ array: inout [Element]) -> [Element] {
        guard array.count * MemoryLayout<Element>.stride >= 1 << 20 else {
            defer { array.removeAll(keepingCapacity: true) }
            return array.exactCopy()
        }
        var taken: [Element] = []
        swap(&taken, &array)
        return taken.capacity - taken.count <= taken.count / 8 ? taken : taken.exactCopy()
    }

    // MARK: - Staged bytes

    /// Adds a run of text whose NFC UTF-8 bytes go to `stage` (see `FlatByteStage`).
    /// - Returns: the text node's index.
    @inlinable @inline(__always)
    @discardableResult
    public mutating func text(staging bytes: UnsafeBufferPointer<UInt8>, in stage: inout FlatByteStage) -> Int {
        if bytes.count > Self.longRun { return text(writing: bytes.count, in: &stage) { $0.append(contentsOf: bytes) } }
        let index = contentStorage.nodeStorage.count
        var node = FlatNode(kind: .text, end: UInt32(truncatingIfNeeded: index &+ 1))
        node.textStart = UInt32(truncatingIfNeeded: contentStorage.byteStorage.count &+ stage.count)
        node.textCount = UInt32(truncatingIfNeeded: bytes.count)
        stage.append(bytes)
        contentStorage.nodeStorage.append(node)
        return index
    }

    /// The length from which a run of text goes straight into the content, not through a `FlatByteStage`
    /// (`text(writing:in:_:)`), so that a long verse is not held twice while it is read.
    public static let longRun = 1 << 16

    /// Adds a text node whose bytes `write` appends to the content's bytes, after the staged bytes are moved
    /// there; room for `size` bytes more is made first (it is a guess: `write` may append more, or fewer).
    /// - Returns: the text node's index.
    public mutating func text(
        writing size: Int, in stage: inout FlatByteStage, _ write: (inout [UInt8]) -> Void
    ) -> Int {
        flush(&stage)
        let index = contentStorage.nodeStorage.count
        var node = FlatNode(kind: .text, end: UInt32(truncatingIfNeeded: index &+ 1))
        let start = contentStorage.byteStorage.count
        let capacity = contentStorage.byteStorage.capacity
        // Exactly the room asked for once, doubling after that, so that many long runs cost linear time.
        if start + size > capacity { contentStorage.byteStorage.reserveCapacity(max(start + size, capacity * 2)) }
        write(&contentStorage.byteStorage)
        node.textStart = UInt32(truncatingIfNeeded: start)
        node.textCount = UInt32(truncatingIfNeeded: contentStorage.byteStorage.count - start)
        contentStorage.nodeStorage.append(node)
        return index
    }

    /// Adds a node with no children whose text's NFC UTF-8 bytes go to `stage`.
    /// - Returns: the node's index.
    @inline(__always)
    @discardableResult
    public mutating func leaf(
        _ kind: FlatNode.Kind, staging bytes: UnsafeBufferPointer<UInt8>, in stage: inout FlatByteStage
    ) -> Int {
        let index = text(staging: bytes, in: &stage)
        content.nodes[index].kind = kind
        return index
    }

    /// Adds an attribute whose value's NFC UTF-8 bytes go to `stage`, for the node opened next
    /// (see `open(_:markerID:attributesFrom:)`); returns nothing, the attribute is the table's last.
    @inlinable @inline(__always)
    public mutating func stageAttribute(
        nameID name: UInt32, value: UnsafeBufferPointer<UInt8>, in stage: inout FlatByteStage
    ) {
        contentStorage.attributeStorage.append(
            FlatAttribute(
                nameID: name, valueStart: UInt32(truncatingIfNeeded: contentStorage.byteStorage.count &+ stage.count),
                count: UInt32(truncatingIfNeeded: value.count)))
        stage.append(value)
    }

    /// Opens a container whose attributes are the attribute table's entries from `start` on.
    /// - Returns: the container's index.
    @inline(__always)
    public mutating func open(_ kind: FlatNode.Kind, markerID marker: UInt32, attributesFrom start: Int) -> Int {
        let index = content.nodes.count
        var node = FlatNode(kind: kind, end: UInt32(truncatingIfNeeded: index + 1))
        node.marker = marker
        node.attributeStart = UInt32(truncatingIfNeeded: start)
        node.attributeCount = UInt32(truncatingIfNeeded: content.attributes.count - start)
        content.nodes.append(node)
        openNodes.append(index)
        return index
    }

    /// Adds a closed character span holding one run of text, its attributes the attribute table's
    /// entries from `start` on, then, when `spaceAfter`, a run of one space; their bytes go to `stage`.
    /// The same nodes as `open(_:markerID:attributesFrom:)`, `text(staging:in:)`, `close()` and a
    /// second `text(staging:in:)` of one space, in one step.
    /// - Returns: the index of the last node added (the span, or the space after it).
    @inlinable @inline(__always)
    public mutating func plainSpan(
        markerID marker: UInt32, attributesFrom start: Int, text bytes: UnsafeBufferPointer<UInt8>, spaceAfter: Bool,
        in stage: inout FlatByteStage
    ) -> Int {
        let index = contentStorage.nodeStorage.count
        let textStart = contentStorage.byteStorage.count &+ stage.count
        var span = FlatNode(kind: .character, end: UInt32(truncatingIfNeeded: index &+ 2))
        span.storedMarker = marker
        span.attributeStart = UInt32(truncatingIfNeeded: start)
        span.attributeCount = UInt32(truncatingIfNeeded: contentStorage.attributeStorage.count &- start)
        var run = FlatNode(kind: .text, end: UInt32(truncatingIfNeeded: index &+ 2))
        run.textStart = UInt32(truncatingIfNeeded: textStart)
        run.textCount = UInt32(truncatingIfNeeded: bytes.count)
        stage.append(bytes)
        contentStorage.nodeStorage.append(span)
        contentStorage.nodeStorage.append(run)
        guard spaceAfter else { return index }
        var after = FlatNode(kind: .text, end: UInt32(truncatingIfNeeded: index &+ 3))
        after.textStart = UInt32(truncatingIfNeeded: textStart &+ bytes.count)
        after.textCount = 1
        stage.appendSpace()
        contentStorage.nodeStorage.append(after)
        return index &+ 2
    }

    /// The number of bytes in the content, not counting those staged: a byte staged at `stage.count` will be
    /// at `flushedByteCount + stage.count` in it.
    @inlinable package var flushedByteCount: Int { contentStorage.byteStorage.count }

    /// Adds nodes and attributes a parser made itself, as `leaf`, `open`, `close` and `stageAttribute` would
    /// have: their indices (`end`, `attributeStart`, `textStart`) count from the content's `nodeCount`,
    /// `attributeCount` and `flushedByteCount` (and the stage) when they were made, and no container is
    /// left open among them.
    @inlinable
    package mutating func append(nodes: UnsafeBufferPointer<FlatNode>, attributes: UnsafeBufferPointer<FlatAttribute>) {
        contentStorage.nodeStorage.append(contentsOf: nodes)
        if !attributes.isEmpty { contentStorage.attributeStorage.append(contentsOf: attributes) }
    }

    /// Drops the attributes from `start` on and the staged bytes from `stagedCount` on (what a
    /// parser staged for a node it then decided not to add).
    public mutating func discardStaged(
        attributesFrom start: Int, bytesFrom stagedCount: Int, in stage: inout FlatByteStage
    ) {
        content.attributes.removeSubrange(start...)
        stage.count = min(stage.count, stagedCount)
    }

    /// The number of attributes so far.
    @inlinable public var attributeCount: Int { contentStorage.attributeStorage.count }

    /// Moves the staged bytes into the content: call it before reading the content's bytes or
    /// adding to them any other way.
    @inline(__always)
    public mutating func flush(_ stage: inout FlatByteStage) {
        guard stage.count > 0 else { return }
        content.bytes.append(contentsOf: UnsafeBufferPointer(start: stage.base, count: stage.count))
        stage.count = 0
    }
}
