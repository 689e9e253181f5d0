import ScriptureModel
import TextNormalization

/// Where content goes as it is read: the flat content of the introduction or current chapter, or the
/// plain text of an open name, label or caption; and a row's last cell, which content after it joins.
extension USXBuilder {
    /// Pushes a frame, counting the spans, notes, figures and plain-text elements it opens.
    mutating func push(_ frame: USXFrame) {
        if frame.kind.nests { nestingDepth += 1 }
        if frame.kind.isPlainText { plainDepth += 1 }
        stack.append(frame)
    }

    /// Pushes the frame of an element that opens a node with `open`, in `plain` inside a name, label or
    /// caption, else in `content` (in a row's last cell when it comes after one).
    mutating func pushOpening(_ frame: USXFrame, _ open: (inout FlatContentBuilder, inout USXNames, Bool) -> Void) {
        var frame = frame
        if plainDepth > 0 {
            frame.isInPlain = true
            frame.node = Int32(clamping: plain.nodeCount)
            open(&plain, &styles, true)
        } else {
            frame.reopenedCell = reopenLastCell()
            frame.node = Int32(clamping: content.nodeCount)
            open(&content, &styles, false)
        }
        push(frame)
    }

    /// Adds a leaf (text, verse, milestone, figure, break) where inline content goes now.
    mutating func appendInline(_ add: (inout FlatContentBuilder) -> Void) {
        guard let index = contextIndex, stack[index].kind.holdsInlines || stack[index].kind == .row else { return }
        if plainDepth > 0 {
            add(&plain)
        } else {
            let reopened = reopenLastCell()
            add(&content)
            if reopened { content.close() }
        }
    }

    /// When content goes into a row that has a cell, opens that cell again so that the content joins it.
    mutating func reopenLastCell() -> Bool {
        guard let index = contextIndex, case .row = stack[index].kind, stack[index].lastCell >= 0 else { return false }
        content.reopen(Int(stack[index].lastCell))
        return true
    }

    /// Closes the node a frame opened (and the cell it opened again).
    mutating func closeNode(of frame: USXFrame) {
        if frame.isInPlain {
            plain.close()
        } else {
            content.close()
            if frame.reopenedCell { content.close() }
        }
    }

    /// Adds text, in NFC, to a builder; `check` false says the bytes are known to have none from 0xCC on
    /// (so they are NFC as they are).
    static func appendText(_ bytes: UnsafeBufferPointer<UInt8>, check: Bool, to builder: inout FlatContentBuilder) {
        if check && NFC.mayNeedNormalization(bytes) && !NFC.isKnownNormalized(bytes) {
            builder.text(NFC.string(bytes))
        } else {
            builder.text(bytes: bytes)
        }
    }

    /// Calls `body` with an attribute's value in NFC.
    static func withValue<Result>(
        _ attributes: XMLAttributes, at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let bytes = attributes.valueBytes(at: index)
        guard attributes.valueMayNeedNormalization(at: index) && !NFC.isKnownNormalized(bytes) else {
            return body(bytes)
        }
        var normalized = NFC.string(bytes)
        return normalized.withUTF8 { body($0) }
    }

    /// Warns of each attribute but `style` and `closed` given an empty value (`strong=""`), as the USFM parser
    /// does for `\w a|strong=""\w*`, once a file for each element and name, with the count; the attribute is
    /// kept as it is. (An empty style or `closed` has its own diagnostic.)
    mutating func reportEmptyValues(_ attributes: XMLAttributes, of element: String, endOffset: Int) {
        for index in 0..<attributes.count where attributes.entry(unchecked: index).value_length == 0 {
            let name = attributes.name(at: index)
            if name == USXAttribute.style.nameIndex || name == USXAttribute.closed.nameIndex { continue }
            let text = attributes.nameText(at: index)
            reportOnce(
                "empty:\(element):\(text)", .emptyAttributeValue, at: locator.location(ofTagEndingAt: endOffset),
                "attribute '\(text)' of <\(element)> has an empty value; give it a value or leave it out")
        }
    }

    /// Adds the attributes of a start tag (all but those `skip` picks) to the node just opened.
    static func addAttributes(
        _ attributes: XMLAttributes, to builder: inout FlatContentBuilder, styles: inout USXNames, inPlain: Bool,
        skip: (Int) -> Bool
    ) {
        for index in 0..<attributes.count where !skip(index) {
            let name: UInt32
            if let id = styles.id(name: attributes.name(at: index), attributes.nameBytes(at: index)) {
                name = styles.index(id, in: &builder, inPlain: inPlain)
            } else {
                name = builder.intern(attributes.nameText(at: index))
            }
            withValue(attributes, at: index) { builder.addAttribute(name: name, bytes: $0) }
        }
    }

    // MARK: Plain text

    /// Begins a name, label or caption: its content goes to `plain` from here.
    mutating func pushPlain(_ kind: USXFrame.Kind, tagEnd: Int = -1) {
        plainMarks.append(plain.mark)
        push(USXFrame(kind, tagEnd: tagEnd))
    }

    /// Ends a name, label or caption: its text for a name, label or caption (character styles kept,
    /// notes and markers left out, ASCII white space collapsed to one space and trimmed), its nodes dropped.
    mutating func takePlain(_ frame: USXFrame) -> String {
        plainDepth -= 1
        guard let mark = plainMarks.popLast() else { return "" }
        var bytes: [UInt8] = []
        var pendingSpace = false
        let nodes = plain.content.nodes
        var index = mark.nodeCount
        while index < nodes.count {
            switch nodes[index].kind {
            case .text:
                for byte in plain.content.utf8(of: index) {
                    if Self.isSpace(byte) {
                        pendingSpace = true
                        continue
                    }
                    if pendingSpace && !bytes.isEmpty { bytes.append(0x20) }
                    pendingSpace = false
                    bytes.append(byte)
                }
                index += 1
            case .character:
                index += 1
            default:
                index = max(index + 1, Int(nodes[index].end))
            }
        }
        plain.rollBack(to: mark)
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Chapters

    /// Starts a chapter: the content so far becomes the introduction's or the last chapter's; blocks
    /// still open (a paragraph or sidebar the `<chapter>` stands in) go on in the new one.
    mutating func startNewChapter(_ chapter: Chapter) {
        let (done, shift) = content.startChapter()
        parts.store(done)
        if shift > 0 {
            let shift = Int32(shift)
            for index in stack.indices where !stack[index].isInPlain {
                if stack[index].node >= shift { stack[index].node -= shift }
                if stack[index].lastCell >= shift { stack[index].lastCell -= shift }
            }
        }
        styles.contentReplaced()
        lastCharacterStyle = LastCharacterStyle()
        parts.chapters.append(chapter)
    }
}
