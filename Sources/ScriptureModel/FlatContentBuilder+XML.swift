/// Builder steps for parsers that stream their input (USX, USJ): attributes and text as UTF-8 bytes,
/// interned markers, and the few repairs a streamed element needs after its content is in.
extension FlatContentBuilder {
    /// Where the content stands: taking it back to a mark (`rollBack(to:)`) drops everything added since.
    public struct Mark: Sendable {
        /// The number of nodes when the mark was taken.
        public let nodeCount: Int
        let byteCount: Int
        let attributeCount: Int
        let locationCount: Int
        let openCount: Int
    }

    /// The current position, for `rollBack(to:)`.
    public var mark: Mark {
        Mark(
            nodeCount: content.nodes.count, byteCount: content.bytes.count, attributeCount: content.attributes.count,
            locationCount: content.locations.count, openCount: openNodes.count)
    }

    /// Drops every node, byte, attribute and location added since `mark` (containers opened since are
    /// dropped too; interned strings stay).
    public mutating func rollBack(to mark: Mark) {
        guard mark.nodeCount <= content.nodes.count else { return }
        content.nodes.removeSubrange(mark.nodeCount...)
        content.bytes.removeSubrange(min(mark.byteCount, content.bytes.count)...)
        content.attributes.removeSubrange(min(mark.attributeCount, content.attributes.count)...)
        content.locations.removeSubrange(min(mark.locationCount, content.locations.count)...)
        while let last = openNodes.last, last >= mark.nodeCount { openNodes.removeLast() }
    }

    /// Opens a character span whose marker is already interned; attributes follow with `addAttribute`.
    public mutating func openCharacter(markerIndex: UInt32, isClosed: Bool = true) {
        var node = FlatNode(kind: .character, end: UInt32(content.nodes.count + 1))
        node.marker = markerIndex
        node.attributeStart = UInt32(content.attributes.count)
        if !isClosed { node.flags |= FlatNode.isOpenSpan }
        content.nodes.append(node)
        openNodes.append(content.nodes.count - 1)
    }

    /// Adds an attribute to the last node added, which must be a character span, milestone or figure
    /// whose attributes are the last ones added. `name` is an index from `intern(_:)`; `value` is NFC.
    public mutating func addAttribute<Bytes: Collection<UInt8>>(name: UInt32, utf8 value: Bytes) {
        guard let last = content.nodes.indices.last else { return }
        if content.nodes[last].attributeCount == 0 {
            content.nodes[last].attributeStart = UInt32(content.attributes.count)
        }
        let start = UInt32(content.bytes.count)
        content.bytes.append(contentsOf: value)
        content.attributes.append(
            FlatAttribute(name: name, valueStart: start, valueCount: UInt32(content.bytes.count) - start))
        content.nodes[last].attributeCount += 1
    }

    /// Adds attributes after those a node already has (they are copied to the end of the table, so
    /// the node's attributes stay in one run).
    public mutating func appendAttributes(_ attributes: [Attribute], to index: Int) {
        let old = content.attributeRange(of: content.nodes[index])
        let start = content.attributes.count
        for slot in old { content.attributes.append(content.attributes[slot]) }
        for item in attributes { content.attributes.append(attribute(item.name, item.value)) }
        content.nodes[index].attributeStart = UInt32(start)
        content.nodes[index].attributeCount = UInt32(content.attributes.count - start)
    }

    /// Opens again a container that was the last to close (nothing was added after its subtree), so that
    /// more content goes into it.
    public mutating func reopen(_ index: Int) {
        guard index < content.nodes.count, Int(content.nodes[index].end) == content.nodes.count,
            openNodes.last.map({ $0 < index }) ?? true
        else { return }
        openNodes.append(index)
    }

    /// Gives node `index` the location node `source` has (a table takes its first row's).
    public mutating func copyLocation(to index: Int, from source: Int) {
        let slot = content.nodes[source].location
        guard slot != FlatNode.none else { return }
        let packed = content.locations[Int(slot)]
        if content.nodes[index].location == FlatNode.none {
            content.nodes[index].location = UInt32(content.locations.count)
            content.locations.append(packed)
        } else {
            content.locations[Int(content.nodes[index].location)] = packed
        }
    }

    /// Takes out the outermost open container and everything after it (its subtree so far, still
    /// open) into a builder of its own, where they continue; `self` keeps the closed content before it.
    ///
    /// A parser uses it when a new chapter starts inside an open block, which then belongs to the new
    /// chapter. Node indices `i` at or after `openNodes[0]` become `i - openNodes[0]` in the result.
    public mutating func takeOpenContainers() -> FlatContentBuilder {
        var taken = FlatContentBuilder()
        guard let first = openNodes.first else { return taken }
        let shift = UInt32(first)
        let source = content
        for index in first..<source.nodes.count {
            var node = source.nodes[index]
            node.end -= shift
            if node.marker != FlatNode.none { node.marker = taken.intern(source.strings[Int(node.marker)]) }
            if node.textCount > 0 {
                let start = UInt32(taken.content.bytes.count)
                taken.content.bytes.append(contentsOf: source.utf8(of: index))
                node.textStart = start
            }
            if node.attributeCount > 0 {
                let start = UInt32(taken.content.attributes.count)
                for slot in source.attributeRange(of: node) {
                    let attribute = source.attributes[slot]
                    taken.content.attributes.append(
                        taken.attribute(source.strings[Int(attribute.name)], source.value(of: attribute)))
                }
                node.attributeStart = start
            }
            if node.location != FlatNode.none {
                var packed = source.locations[Int(node.location)]
                packed.file = taken.intern(source.strings[Int(packed.file)])
                node.location = UInt32(taken.content.locations.count)
                taken.content.locations.append(packed)
            }
            taken.content.nodes.append(node)
        }
        taken.openNodes = openNodes.map { $0 - first }
        openNodes.removeAll()
        content.nodes.removeSubrange(first...)
        return taken
    }
}

extension FlatContentBuilder {
    /// Adds a run of text from UTF-8 bytes the caller has made NFC (`text(utf8:)` for a buffer, without
    /// generic dispatch across modules).
    public mutating func text(bytes: UnsafeBufferPointer<UInt8>) {
        var node = FlatNode(kind: .text, end: UInt32(content.nodes.count + 1))
        node.textStart = UInt32(content.bytes.count)
        node.textCount = UInt32(bytes.count)
        if bytes.count == 1 {  // the space between two words: cheaper than the general copy
            content.bytes.append(bytes[0])
        } else {
            content.bytes.append(contentsOf: bytes)
        }
        content.nodes.append(node)
    }

    /// Adds an attribute to the last node added, as `addAttribute(name:utf8:)` does, from a buffer.
    public mutating func addAttribute(name: UInt32, bytes value: UnsafeBufferPointer<UInt8>) {
        guard let last = content.nodes.indices.last else { return }
        if content.nodes[last].attributeCount == 0 {
            content.nodes[last].attributeStart = UInt32(content.attributes.count)
        }
        let start = UInt32(content.bytes.count)
        content.bytes.append(contentsOf: value)
        content.attributes.append(FlatAttribute(name: name, valueStart: start, valueCount: UInt32(value.count)))
        content.nodes[last].attributeCount += 1
    }
}

extension FlatContentBuilder {
    /// Makes room for this many nodes, text bytes and attributes (a parser expects the next chapter to
    /// be about the size of the last), so that the arrays do not grow step by step.
    public mutating func reserveCapacity(nodes: Int, bytes: Int, attributes: Int) {
        content.nodes.reserveCapacity(nodes)
        content.bytes.reserveCapacity(bytes)
        content.attributes.reserveCapacity(attributes)
    }
}
