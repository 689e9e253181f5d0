extension FlatContent {
    /// The children of a table row that come before its cells in `TableRow.leading` order: every child
    /// that is not a cell, in order (the tree puts a row's leading inlines before its cells).
    public func leadingChildren(ofRow index: Int) -> [Int] {
        children(of: index).filter { nodes[$0].kind != .cell }
    }

    /// The cells of a table row, in order.
    public func cells(ofRow index: Int) -> [Int] {
        children(of: index).filter { nodes[$0].kind == .cell }
    }

    /// The verse labels of the verses that start in the content, in order: in paragraphs, table rows
    /// and cells, character spans and sidebars, not in notes (as the `Block` tree gives them).
    public var verseLabels: [String] {
        var labels: [String] = []
        for block in topLevel { collectVerseLabels(inBlock: block, into: &labels) }
        return labels
    }

    private func collectVerseLabels(inBlock index: Int, into labels: inout [String]) {
        switch nodes[index].kind {
        case .table:
            for row in children(of: index) where nodes[row].kind == .row {
                for child in leadingChildren(ofRow: row) { collectVerseLabels(inInline: child, into: &labels) }
                for cell in cells(ofRow: row) {
                    for child in children(of: cell) { collectVerseLabels(inInline: child, into: &labels) }
                }
            }
        case .sidebar:
            for child in children(of: index) { collectVerseLabels(inBlock: child, into: &labels) }
        default:
            for child in children(of: index) { collectVerseLabels(inInline: child, into: &labels) }
        }
    }

    private func collectVerseLabels(inInline index: Int, into labels: inout [String]) {
        switch nodes[index].kind {
        case .verse: labels.append(text(of: index))
        case .character: for child in children(of: index) { collectVerseLabels(inInline: child, into: &labels) }
        default: break
        }
    }

    /// Appends every block of `other` after this content's blocks (its strings, attributes and locations
    /// come along).
    ///
    /// - Complexity: O(size of `other`); allocates per array, not per node.
    public mutating func append(contentsOf other: FlatContent) {
        guard !other.isEmpty else { return }
        var builder = FlatContentBuilder(continuing: self)
        self = FlatContent()  // keep the arrays uniquely referenced
        builder.append(contentsOf: other)
        self = builder.finish()
    }
}

extension FlatContentBuilder {
    /// Appends every block of `other` (which has no open containers) at the current position.
    ///
    /// - Complexity: O(size of `other`).
    public mutating func append(contentsOf other: FlatContent) {
        let strings = other.strings.map { intern($0) }
        let nodeBase = UInt32(content.nodes.count)
        let byteBase = UInt32(content.bytes.count)
        let attributeBase = UInt32(content.attributes.count)
        let locationBase = UInt32(content.locations.count)
        content.bytes.append(contentsOf: other.bytes)
        for attribute in other.attributes {
            content.attributes.append(
                FlatAttribute(
                    name: strings[Int(attribute.name)], valueStart: attribute.valueStart + byteBase,
                    valueCount: attribute.valueCount))
        }
        for location in other.locations {
            var moved = location
            moved.file = strings[Int(location.file)]
            content.locations.append(moved)
        }
        content.nodes.reserveCapacity(content.nodes.count + other.nodes.count)
        for node in other.nodes {
            var moved = node
            moved.end += nodeBase
            moved.textStart += byteBase
            moved.attributeStart += attributeBase
            if node.marker != FlatNode.none { moved.marker = strings[Int(node.marker)] }
            if node.location != FlatNode.none { moved.location += locationBase }
            content.nodes.append(moved)
        }
    }

    /// Makes room for `nodes` more nodes and `bytes` more text bytes, so a decoder that knows about
    /// how much it will add does not grow the arrays step by step.
    public mutating func reserveCapacity(nodes: Int, bytes: Int) {
        content.nodes.reserveCapacity(content.nodes.count + nodes)
        content.bytes.reserveCapacity(content.bytes.count + bytes)
    }

    /// Adds `location` to the location table and returns its slot, for nodes that all share it (a
    /// decoder's paragraphs and verses, whose `location` it sets).
    public mutating func addLocation(_ location: SourceLocation) -> UInt32 {
        let slot = UInt32(content.locations.count)
        content.locations.append(
            FlatLocation(
                file: intern(location.file), line: UInt32(clamping: location.line),
                column: UInt32(clamping: location.column), offset: UInt32(clamping: location.offset)))
        return slot
    }

    /// Appends UTF-8 bytes to the text buffer without making a node, and says where they are: for text
    /// nodes that share them, or attribute values (`addAttribute`).
    public mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<UInt32> {
        let start = UInt32(content.bytes.count)
        content.bytes.append(contentsOf: bytes)
        return start..<UInt32(content.bytes.count)
    }

    /// Adds an attribute to the attribute table without a node: its name is string `name` (from
    /// `intern`) and its value `value` in the buffer (from `appendBytes`). Returns its slot; consecutive
    /// slots make the attribute range of a character span (shared by every span of the same style).
    public mutating func addAttribute(name: UInt32, value: Range<UInt32>) -> UInt32 {
        let slot = UInt32(content.attributes.count)
        content.attributes.append(FlatAttribute(name: name, valueStart: value.lowerBound, valueCount: UInt32(value.count)))
        return slot
    }

    /// The next attribute slot `addAttribute` will give.
    public var nextAttributeSlot: UInt32 { UInt32(content.attributes.count) }

    /// Appends a verse's alternate (`va`) and published (`vp`) numbers as `node`'s attributes, last in the
    /// table, and sets its flags to say which it has.
    package mutating func appendVerseNumbers(alternate: String?, published: String?, to node: inout FlatNode) {
        node.flags &= ~(FlatNode.hasAlternate | FlatNode.hasPublished)
        node.attributeStart = UInt32(truncatingIfNeeded: content.attributes.count)
        if let alternate {
            content.attributes.append(attribute("va", alternate))
            node.flags |= FlatNode.hasAlternate
        }
        if let published {
            content.attributes.append(attribute("vp", published))
            node.flags |= FlatNode.hasPublished
        }
        node.attributeCount = UInt32(truncatingIfNeeded: content.attributes.count) - node.attributeStart
    }
}

extension FlatContent {
    /// Where a node's text (see `utf8(of:)`) lies in `bytes`.
    @inlinable
    public func textRange(of index: Int) -> Range<Int> {
        let node = nodes[index]
        return Int(node.textStart)..<Int(node.textStart) + Int(node.textCount)
    }

    /// How many attributes a node has (a verse's alternate and published numbers not counted).
    public func attributeCount(of index: Int) -> Int {
        nodes[index].kind == .verse ? 0 : Int(nodes[index].attributeCount)
    }
}

extension FlatContent {
    /// The slots of a node's attributes, for `attributeName(at:)` and `attributeValue(at:)` (none for a verse).
    public func attributeSlots(of index: Int) -> Range<Int> {
        nodes[index].kind == .verse ? 0..<0 : attributeRange(of: nodes[index])
    }

    /// The index in `strings` of the name of the attribute in `slot`.
    public func attributeName(at slot: Int) -> Int { Int(attributes[slot].name) }

    /// Where the value of the attribute in `slot` lies in `bytes`.
    public func attributeValue(at slot: Int) -> Range<Int> {
        Int(attributes[slot].valueStart)..<Int(attributes[slot].valueStart) + Int(attributes[slot].valueCount)
    }
}

extension FlatContentBuilder {
    // For a decoder that writes its nodes itself into room it reserved (the store's `ContentDecoder`):
    // the builder keeps the text buffer, the attribute, string and location tables, and takes the nodes
    // at the end.

    /// Appends a string's UTF-8 to the text buffer without making a node, and says where it is.
    package mutating func appendText(_ string: String) -> Range<UInt32> {
        let start = UInt32(truncatingIfNeeded: content.bytes.count)
        content.bytes.append(contentsOf: string.utf8)
        return start..<UInt32(truncatingIfNeeded: content.bytes.count)
    }

    /// Appends a non-negative number's decimal digits to the text buffer without making a node, and
    /// says where they are.
    package mutating func appendDecimal(_ value: Int) -> Range<UInt32> {
        let start = UInt32(truncatingIfNeeded: content.bytes.count)
        content.bytes.appendDecimal(value)
        return start..<UInt32(truncatingIfNeeded: content.bytes.count)
    }

    /// Adds attributes to the attribute table without a node, and gives their slots.
    package mutating func appendAttributes(_ attributes: [Attribute]) -> Range<UInt32> {
        let first = nextAttributeSlot
        for item in attributes { content.attributes.append(attribute(item.name, item.value)) }
        return first..<nextAttributeSlot
    }

    /// The content, its nodes `nodes`: a builder that has made no node of its own takes the nodes a
    /// decoder wrote, whose markers, texts, attributes and locations point into this builder's tables.
    package mutating func finish(nodes: [FlatNode]) -> FlatContent {
        precondition(content.nodes.isEmpty && openNodes.isEmpty, "finish(nodes:) on a builder that made nodes")
        content.nodes = nodes
        return content
    }
}
