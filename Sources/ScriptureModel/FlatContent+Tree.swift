extension FlatContent {
    /// The content as `Block` values (made now; walk `nodes` to avoid making them).
    public var blocks: [Block] {
        topLevel.map { block(at: $0) }
    }

    /// The block at a top-level or sidebar child index.
    public func block(at index: Int) -> Block {
        switch nodes[index].kind {
        case .table:
            var table = Table(location: location(of: index) ?? FlatContent.nowhere)
            for rowIndex in children(of: index) where nodes[rowIndex].kind == .row {
                var row = TableRow(location: location(of: rowIndex) ?? FlatContent.nowhere)
                for child in children(of: rowIndex) {
                    if nodes[child].kind == .cell {
                        row.cells.append(
                            TableCell(
                                marker: marker(of: child), columnSpan: nodes[child].columnSpan,
                                content: inlines(in: child)))
                    } else {
                        row.leading.append(inline(at: child))
                    }
                }
                table.rows.append(row)
            }
            return .table(table)
        case .sidebar:
            let category = nodes[index].hasCategory ? text(of: index) : nil
            return .sidebar(
                Sidebar(
                    category: category, blocks: children(of: index).map { block(at: $0) },
                    location: location(of: index) ?? FlatContent.nowhere))
        default:
            return .paragraph(
                Paragraph(
                    marker: marker(of: index), content: inlines(in: index),
                    location: location(of: index) ?? FlatContent.nowhere))
        }
    }

    /// A container's children as `Inline` values.
    public func inlines(in index: Int) -> [Inline] {
        var result: [Inline] = []
        result.reserveCapacity(4)
        for child in children(of: index) { result.append(inline(at: child)) }
        return result
    }

    /// The inline at an index.
    public func inline(at index: Int) -> Inline {
        let node = nodes[index]
        switch node.kind {
        case .text:
            return .text(text(of: index))
        case .verse:
            return .verse(
                VerseStart(
                    number: text(of: index), alternateNumber: alternateNumber(of: index),
                    publishedNumber: publishedNumber(of: index), location: location(of: index) ?? FlatContent.nowhere))
        case .character:
            return .character(
                CharacterSpan(
                    marker: marker(of: index), attributes: attributes(of: index), content: inlines(in: index),
                    isClosed: node.isClosed))
        case .note:
            return .note(Note(marker: marker(of: index), caller: text(of: index), content: inlines(in: index)))
        case .milestone:
            return .milestone(Milestone(marker: marker(of: index), attributes: attributes(of: index)))
        case .figure:
            return .figure(Figure(caption: text(of: index), attributes: attributes(of: index)))
        case .optionalBreak:
            return .optionalBreak
        case .paragraph, .table, .row, .cell, .sidebar:
            // Not an inline: only reachable through a damaged build; keep its text.
            return .text(String(decoding: subtreeText(of: index), as: UTF8.self))
        }
    }

    /// The bytes of every text node in a subtree, in order.
    public func subtreeText(of index: Int) -> [UInt8] {
        var result: [UInt8] = []
        for inner in index..<Int(nodes[index].end) where nodes[inner].kind == .text {
            result.append(contentsOf: utf8(of: inner))
        }
        return result
    }

    /// The location given to blocks built without one.
    static let nowhere = SourceLocation(file: "", line: 0, column: 0)
}

extension FlatContent: Hashable {
    /// Two contents are equal when they hold the same tree: the same nodes with the same markers,
    /// texts, attributes and locations, however their tables are laid out.
    public static func == (lhs: FlatContent, rhs: FlatContent) -> Bool {
        guard lhs.nodes.count == rhs.nodes.count else { return false }
        for index in lhs.nodes.indices {
            let left = lhs.nodes[index]
            let right = rhs.nodes[index]
            guard left.kind == right.kind, left.flags == right.flags, left.span == right.span,
                left.end == right.end, lhs.marker(of: index) == rhs.marker(of: index),
                lhs.utf8(of: index).elementsEqual(rhs.utf8(of: index)),
                lhs.location(of: index) == rhs.location(of: index)
            else { return false }
            guard left.attributeCount == right.attributeCount else { return false }
            for offset in 0..<Int(left.attributeCount) {
                let leftAttribute = lhs.attributes[Int(left.attributeStart) + offset]
                let rightAttribute = rhs.attributes[Int(right.attributeStart) + offset]
                guard lhs.strings[Int(leftAttribute.name)] == rhs.strings[Int(rightAttribute.name)],
                    lhs.value(of: leftAttribute) == rhs.value(of: rightAttribute)
                else { return false }
            }
        }
        return true
    }

    /// Hashes the node kinds, subtree shapes and texts (equal contents hash equally).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(nodes.count)
        for index in nodes.indices {
            hasher.combine(nodes[index].kind)
            hasher.combine(nodes[index].end)
            for byte in utf8(of: index) { hasher.combine(byte) }
        }
    }
}
