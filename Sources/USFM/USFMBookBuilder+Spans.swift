import ScriptureModel
import TextNormalization

/// Paragraphs, character styles, notes, figures and milestones: opening and closing frames.
extension USFMBookBuilder {
    mutating func openParagraph(_ name: String, markerID: UInt32, at offset: Int) {
        endBlock()
        let node = flat.open(.paragraph, markerID: markerID)
        setLocation(of: node, offset: offset)
        push(.paragraph, name, node: node, at: offset)
        if !pendingMilestones.isEmpty {
            flat.flush(&stage)
            for milestone in pendingMilestones {
                flat.milestone(milestone)
                noteChild(flat.nodeCount - 1)
            }
            pendingMilestones = []
        }
    }

    mutating func openCharacter(_ marker: USFMMarkerInfo, nested: Bool, at offset: Int) {
        let name = marker.name
        guard tooDeep.isEmpty else { return tooDeep.append(name) }
        if name == "cat", sidebarAwaitsCategory {
            push(.sidebarCategory, name, markerID: FlatNode.none, at: offset)
            return
        }
        if frames.isEmpty {
            guard openStrayParagraph(at: offset) else { return }
        }
        if !nested, let last = frames.indices.last, frames[last].kind == .character {
            let open = frames[last].marker
            report(
                .warning, .unclosedCharacterStyle, at: frames[last].offset,
                "\\\(open) is not closed before \\\(name); close it with \\\(open)* or nest with \\+\(name)")
            popFrame(explicit: false)
        }
        guard admitsNesting(name, at: offset) else { return }
        if marker.isVerseNumber, let last = frames.indices.last, frames[last].endsWithVerse {
            push(.verseField, name, markerID: FlatNode.none, at: offset)
            return
        }
        checkPlacement(of: name, nested: nested, at: offset)
        push(.character, name, markerID: markerID(marker), at: offset)
    }

    mutating func openNoteCharacter(_ marker: USFMMarkerInfo, nested: Bool, at offset: Int) {
        let name = marker.name
        guard tooDeep.isEmpty else { return tooDeep.append(name) }
        guard let noteIndex = frames.lastIndex(where: { $0.kind == .note }) else {
            report(.warning, .misplacedMarker, at: offset, "\\\(name) belongs inside a footnote or cross-reference")
            openCharacter(marker, nested: nested, at: offset)
            return
        }
        let note = frames[noteIndex].marker
        if note == "x" || note == "ex", name.utf8.first == UInt8(ascii: "f") {
            report(
                .warning, .invalidCrossReferenceContent, at: offset,
                "footnote style \\\(name) inside the cross reference \\\(note); use \\xo, \\xk, \\xq or \\xt")
        }
        if !nested, let previous = frames.lastIndex(where: { $0.kind == .noteCharacter }), previous > noteIndex {
            while frames.count > previous { popFrame(explicit: false, warn: true) }
        }
        guard admitsNesting(name, at: offset) else { return }
        checkPlacement(of: name, nested: nested, at: offset)
        push(.noteCharacter, name, markerID: markerID(marker), at: offset)
    }

    mutating func openNote(_ marker: USFMMarkerInfo, at offset: Int) {
        let name = marker.name
        let (caller, _) = readToken()
        if frames.isEmpty {
            guard openStrayParagraph(at: offset) else { return }
        }
        if let outer = frames.last(where: { $0.kind == .note }), outer.marker == "x" || outer.marker == "ex" {
            report(
                .warning, .invalidCrossReferenceContent, at: offset,
                "note \\\(name) inside the cross reference \\\(outer.marker); close \\\(outer.marker)* first")
        }
        guard admitsNesting(name, at: offset) else { return }
        checkPlacement(of: name, nested: false, at: offset)
        push(.note, name, markerID: markerID(marker), at: offset)
        flat.flush(&stage)
        flat.setText(of: frames[frames.count - 1].node, string: caller.isEmpty ? "+" : NFC.normalize(caller))
    }

    mutating func closeOpenNotes(before marker: String, at offset: Int) {
        guard let noteIndex = frames.firstIndex(where: { $0.kind == .note }) else { return }
        let note = frames[noteIndex].marker
        report(
            .warning, .unclosedNote, at: frames[noteIndex].offset,
            "note \\\(note) is not closed before \(marker); close it with \\\(note)*")
        while frames.count > noteIndex { popFrame(explicit: false) }
    }

    mutating func openUnknown(_ marker: USFMMarkerInfo, nested: Bool, at offset: Int) {
        let name = marker.name
        let isExtension = name.hasPrefix("z")
        if !isExtension {
            report(.warning, .unknownMarker, at: offset, "unknown marker \\\(name); check its spelling against USFM 3")
        }
        if name.hasSuffix("-s") || name.hasSuffix("-e") {
            readMilestone(name, at: offset)
        } else if hasClosingMarker(name, from: cursor.position) {
            openCharacter(marker, nested: nested, at: offset)
        } else {
            openParagraph(name, markerID: flat.intern(name), at: offset)
        }
    }

    /// Whether `\name*` occurs within the next few kilobytes (decides whether an unknown marker is a character style).
    mutating func hasClosingMarker(_ name: String, from start: Int) -> Bool {
        let needle = Array("\\\(name)*".utf8)
        let input = cursor.input
        let end = min(input.count, start + 4096)
        guard end - start >= needle.count else { return false }
        var index = start
        while index + needle.count <= end {
            if input[index] == backslash {
                var matches = true
                for offset in 1..<needle.count where input[index + offset] != needle[offset] {
                    matches = false
                    break
                }
                if matches { return true }
            }
            index += 1
        }
        return false
    }

    mutating func readMilestone(_ name: String, at offset: Int) {
        var attributes: [Attribute] = []
        cursor.advance(while: isSpace)
        var attributeRange: Range<Int>?
        if cursor.peek() == pipe {
            cursor.advance()
            let start = cursor.position
            cursor.advance(while: { $0 != backslash })
            attributeRange = start..<cursor.position
        }
        if cursor.peek() == backslash, cursor.peek(1) == asterisk {
            cursor.advance(2)
            if let attributeRange { attributes = parseAttributes(attributeRange, marker: name) }
        } else {
            report(.warning, .unclosedMilestone, at: offset, "milestone \\\(name) must end with \\*")
            if let attributeRange {
                if case .failure(let problem) = USFMAttributes.parse(cursor.bytes(attributeRange), marker: name) {
                    attributes = problem.recovered
                }
            }
        }
        let milestone = Milestone(marker: name, attributes: attributes)
        if frames.isEmpty {
            pendingMilestones.append(milestone)
        } else {
            flat.flush(&stage)
            flat.milestone(milestone)
            noteChild(flat.nodeCount - 1)
        }
    }

    // MARK: - Attributes

    mutating func readAttributes() {
        let bar = cursor.position
        cursor.advance()
        let start = cursor.position
        cursor.advance(while: { $0 != backslash })
        guard tooDeep.isEmpty, let last = frames.indices.last else { return }
        checkAttributeBar(at: bar, end: cursor.position, frame: frames[last])
        addAttributes(start..<cursor.position, marker: frames[last].marker, to: frames[last].node)
    }

    mutating func parseAttributes(_ range: Range<Int>, marker: String) -> [Attribute] {
        checkAttributeBytes(range, marker: marker)
        checkSpacesAroundEquals(range, marker: marker)
        switch USFMAttributes.parse(cursor.bytes(range), marker: marker) {
        case .success(let attributes):
            return attributes
        case .failure(let problem):
            report(.warning, problem.kind, at: range.lowerBound + problem.offset, problem.message)
            return problem.recovered
        }
    }

    /// Reports an attribute list broken over lines and each `name=""`, at the line end and at the empty value.
    mutating func checkAttributeBytes(_ range: Range<Int>, marker: String) {
        let input = cursor.input
        var index = range.lowerBound
        var reportedLineEnd = false
        while index < range.upperBound {
            let byte = input[index]
            if (byte == 0x0A || byte == 0x0D) && !reportedLineEnd {
                // Only line ends before more attribute text: the list's own last line end is white space.
                var next = index
                while next < range.upperBound, isSpace(input[next]) { next += 1 }
                if next < range.upperBound {
                    reportedLineEnd = true
                    report(
                        .warning, .attributesAcrossLines, at: index,
                        "the attribute list of \\\(marker) is broken over lines; keep it on one line")
                }
            } else if byte == UInt8(ascii: "=") {
                var quote = index + 1
                while quote < range.upperBound, input[quote] == space { quote += 1 }
                if quote + 1 < range.upperBound, input[quote] == UInt8(ascii: "\""),
                    input[quote + 1] == UInt8(ascii: "\"")
                {
                    var nameStart = index
                    while nameStart > range.lowerBound, !isSpace(input[nameStart - 1]), input[nameStart - 1] != pipe {
                        nameStart -= 1
                    }
                    let name = String(decoding: UnsafeBufferPointer(rebasing: input[nameStart..<index]), as: UTF8.self)
                    report(
                        .warning, .emptyAttributeValue, at: quote,
                        "attribute '\(name)' of \\\(marker) has an empty value; give it a value or leave it out")
                    index = quote + 2
                    continue
                }
            }
            index += 1
        }
    }

    // MARK: - Depth

    /// Whether a span, note or figure named `name` may open inside the top frame: not when it would
    /// stand deeper than `Inline.maximumNestingDepth`. The first marker too deep reports it; it and
    /// any opened inside it are noted in `tooDeep`, so their closing markers close nothing else.
    mutating func admitsNesting(_ name: String, at offset: Int) -> Bool {
        // The bottom frame is the paragraph or cell, so a new frame stands at depth `frames.count`.
        if tooDeep.isEmpty && frames.count <= Inline.maximumNestingDepth { return true }
        if tooDeep.isEmpty {
            report(
                .error, .nestingTooDeep, at: offset,
                "\\\(name) is nested more than \(Inline.maximumNestingDepth) styles and notes deep; "
                    + "its text and the text of what opens inside it are kept in the style around them")
        }
        tooDeep.append(name)
        return false
    }

    // MARK: - Closing

    mutating func closeMarker(_ name: String, at offset: Int) {
        // Only the innermost few are searched, so that a long run of wrong closing markers stays linear.
        if let deep = tooDeep.indices.suffix(Inline.maximumNestingDepth).last(where: { tooDeep[$0] == name }) {
            tooDeep.removeSubrange(deep...)
            return
        }
        guard let index = frames.lastIndex(where: { !$0.isBlockLevel && $0.marker == name }) else {
            report(
                .warning, .unexpectedClosingMarker, at: offset,
                "\\\(name)* closes nothing; remove it or open \\\(name) first")
            return
        }
        while frames.count > index + 1 { popFrame(explicit: false, warn: true) }
        let closing = frames[index]
        popFrame(explicit: true)
        checkWordContent(closing, at: offset)
    }

    /// Warns that a span, note or figure was left open: at the end of its paragraph, or when a
    /// closing marker or a new note style closed it with an outer one (figures only at the end).
    mutating func reportUnclosed(_ frame: USFMFrame, atParagraphEnd: Bool) {
        let marker = frame.marker
        switch frame.kind {
        case .character, .verseField:
            report(
                .warning, .unclosedCharacterStyle, at: frame.offset,
                atParagraphEnd
                    ? "\\\(marker) is not closed at the end of the paragraph; add \\\(marker)*"
                    : "\\\(marker) is not closed; add \\\(marker)*")
        case .note:
            report(
                .warning, .unclosedNote, at: frame.offset,
                atParagraphEnd
                    ? "note \\\(marker) is still open at the end of the paragraph; add \\\(marker)*"
                    : "note \\\(marker) is not closed; add \\\(marker)*")
        case .sidebarCategory:
            report(.warning, .unclosedCharacterStyle, at: frame.offset, "the sidebar's \\cat is not closed; add \\cat*")
        case .figure where atParagraphEnd:
            report(.warning, .unclosedCharacterStyle, at: frame.offset, "\\fig is not closed; add \\fig*")
        default: break
        }
    }

    /// Pops the top frame into its parent's content; block-level frames stay (`endBlock` closes them).
    mutating func popFrame(explicit: Bool, warn: Bool = false) {
        guard let last = frames.indices.last, !frames[last].isBlockLevel else { return }
        tooDeep.removeAll()
        let frame = frames.removeLast()
        if warn, !explicit { reportUnclosed(frame, atParagraphEnd: false) }
        closeNode(frame.node)
        guard frame.holdsValue else {
            if !explicit, frame.kind != .note { flat.markUnclosed(frame.node) }
            return
        }
        flat.flush(&stage)
        let value = flat.content.plainText(of: frame.node)
        switch frame.kind {
        case .figure:
            let attributes = flat.content.attributes(of: frame.node)
            dropNode(of: frame)
            let figure = USFMAttributes.figure(caption: value, attributes: attributes)
            if figure.caption.isEmpty, attributes.isEmpty {
                report(
                    .warning, .emptyFigure, at: frame.offset,
                    "\\fig has no caption and no attributes; give it src=\"…\" and a caption, or remove it")
            }
            flat.figure(figure)
            noteChild(flat.nodeCount - 1)
        case .verseField:
            dropNode(of: frame)
            if let below = frames.last, below.lastVerse >= 0 {
                flat.setVerseNumber(of: below.lastVerse, alternate: frame.marker == "va", value)
            }
        case .sidebarCategory:
            dropNode(of: frame)
            if sidebarNode >= 0 { flat.setCategory(ofSidebar: sidebarNode, value.isEmpty ? nil : value) }
        case .chapterAlternate:
            dropNode(of: frame)
            Self.change(&book) { book in
                if let last = book.chapters.indices.last { book.chapters[last].alternateNumber = value }
            }
        default:
            dropNode(of: frame)
        }
    }
}
