import ScriptureModel

/// End tags: each closed element's node is closed, or its plain text kept where it belongs.
extension USXBuilder {
    /// Closes what an element opened.
    mutating func finish(_ frame: USXFrame) {
        if frame.kind.nests { nestingDepth -= 1 }
        switch frame.kind {
        case .root, .container, .transparent, .ignored:
            break
        case .sidebar:
            openSidebars -= 1
            content.close()
        case .book:
            parts.identification = takePlain(frame)
        case .paragraph(.block), .row, .cell:
            content.close()
            if frame.kind == .cell, let index = contextIndex, stack[index].kind == .row {
                stack[index].lastCell = frame.node
            }
        case .paragraph(.chapterLabel):
            parts.setChapterLabel(takePlain(frame))
        case .paragraph(.header(let field)):
            let plain = takePlain(frame)
            parts.names.set(field, to: plain.isEmpty ? nil : plain)
        case .character:
            closeNode(of: frame)
            if frame.hasBar { splitAttributeText(frame) }
        case .note:
            closeNode(of: frame)
        case .figure:
            let caption = takePlain(frame)
            let figure = Figure(caption: caption, attributes: figureAttributes.popLast() ?? [])
            appendInline { $0.figure(figure) }
        case .table:
            content.close()
            // A table is where its first row is (its children are known once it is closed).
            let table = Int(frame.node)
            if table >= 0, let row = content.content.children(of: table).first(where: {
                content.content.nodes[$0].kind == .row
            }) {
                content.copyLocation(to: table, from: row)
            }
        }
    }

    /// `<char style="w">word|strong="H1"</char>` (a Paratext export defect): the text after the bar of the
    /// span's last text becomes its attributes. The span's node is closed.
    private mutating func splitAttributeText(_ frame: USXFrame) {
        let inPlain = frame.isInPlain
        // Read in a scope of its own: a copy of the content still held when the builder changes it would make
        // the builder copy its arrays (the whole book's nodes and text, once per such span).
        let found = { (flat: FlatContent) -> (last: Int, word: String, attributes: [Attribute], marker: String)? in
            let node = Int(frame.node)
            guard node >= 0, node < flat.nodes.count else { return nil }
            var last: Int?
            for child in flat.children(of: node) { last = child }
            guard let last, flat.nodes[last].kind == .text, let (word, attributes) = AttributeText.split(flat.text(of: last))
            else { return nil }
            return (last, word, attributes, flat.marker(of: node))
        }(inPlain ? plain.content : content.content)
        guard let found else { return }
        let node = Int(frame.node)
        if inPlain {
            plain.replaceText(of: found.last, with: found.word)
            plain.appendAttributes(found.attributes, to: node)
        } else {
            content.replaceText(of: found.last, with: found.word)
            content.appendAttributes(found.attributes, to: node)
        }
        reportOnce(
            "attributes in text", .malformedAttributes, at: locator.location(ofTagEndingAt: Int(frame.tagEnd)),
            "USFM attributes in the text of <char style=\"\(found.marker)\"> (a Paratext export defect); read as attributes"
        )
    }
}
