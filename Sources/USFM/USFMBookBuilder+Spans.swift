import ScriptureModel
import TextNormalization

/// Paragraphs, character styles, notes, figures and milestones: opening and closing frames.
extension USFMBookBuilder {
    mutating func openParagraph(_ name: String, at offset: Int) {
        endBlock()
        push(.paragraph, name, at: offset)
        if !pendingMilestones.isEmpty {
            inlines.append(contentsOf: pendingMilestones)
            pendingMilestones = []
        }
    }

    mutating func openCharacter(_ name: String, nested: Bool, at offset: Int) {
        guard tooDeep.isEmpty else { return tooDeep.append(name) }
        if name == "cat", sidebarAwaitsCategory {
            push(.sidebarCategory, name, at: offset)
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
        if name == "va" || name == "vp", let last = frames.indices.last,
            inlines.withContent(from: frames[last].contentStart, { Self.endsWithVerseStart($0) })
        {
            push(.verseField, name, at: offset)
            return
        }
        push(.character, name, at: offset)
    }

    mutating func openNoteCharacter(_ name: String, nested: Bool, at offset: Int) {
        guard tooDeep.isEmpty else { return tooDeep.append(name) }
        guard let noteIndex = frames.lastIndex(where: { $0.kind == .note }) else {
            report(.warning, .misplacedMarker, at: offset, "\\\(name) belongs inside a footnote or cross-reference")
            openCharacter(name, nested: nested, at: offset)
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
        push(.noteCharacter, name, at: offset)
    }

    mutating func openNote(_ name: String, at offset: Int) {
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
        push(.note, name, at: offset)
        frames[frames.count - 1].caller = caller.isEmpty ? "+" : NFC.normalize(caller)
    }

    mutating func closeOpenNotes(before marker: String, at offset: Int) {
        guard let noteIndex = frames.firstIndex(where: { $0.kind == .note }) else { return }
        let note = frames[noteIndex].marker
        report(
            .warning, .unclosedNote, at: frames[noteIndex].offset,
            "note \\\(note) is not closed before \(marker); close it with \\\(note)*")
        while frames.count > noteIndex { popFrame(explicit: false) }
    }

    mutating func openUnknown(_ name: String, nested: Bool, at offset: Int) {
        let isExtension = name.hasPrefix("z")
        if !isExtension {
            report(.warning, .unknownMarker, at: offset, "unknown marker \\\(name); check its spelling against USFM 3")
        }
        if name.hasSuffix("-s") || name.hasSuffix("-e") {
            readMilestone(name, at: offset)
        } else if hasClosingMarker(name, from: position) {
            openCharacter(name, nested: nested, at: offset)
        } else {
            openParagraph(name, at: offset)
        }
    }

    /// Whether `\name*` occurs within the next few kilobytes (decides whether an unknown marker is a character style).
    func hasClosingMarker(_ name: String, from start: Int) -> Bool {
        let needle = Array("\\\(name)*".utf8)
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
        while position < input.count, isSpace(input[position]) { position += 1 }
        var attributeRange: Range<Int>?
        if position < input.count, input[position] == pipe {
            position += 1
            let start = position
            while position < input.count, input[position] != backslash { position += 1 }
            attributeRange = start..<position
        }
        if position + 1 < input.count, input[position] == backslash, input[position + 1] == asterisk {
            position += 2
            if let attributeRange { attributes = parseAttributes(attributeRange, marker: name) }
        } else {
            report(.warning, .unclosedMilestone, at: offset, "milestone \\\(name) must end with \\*")
            if let attributeRange {
                let raw = UnsafeBufferPointer(rebasing: input[attributeRange])
                if case .failure(let problem) = USFMAttributes.parse(raw, marker: name) {
                    attributes = problem.recovered
                }
            }
        }
        let milestone = Inline.milestone(Milestone(marker: name, attributes: attributes))
        if frames.isEmpty {
            pendingMilestones.append(milestone)
        } else {
            inlines.append(milestone)
        }
    }

    // MARK: - Attributes

    mutating func readAttributes() {
        position += 1
        let start = position
        while position < input.count, input[position] != backslash { position += 1 }
        guard tooDeep.isEmpty, let last = frames.indices.last else { return }
        let parsed = parseAttributes(start..<position, marker: frames[last].marker)
        if frames[last].attributes.isEmpty {
            frames[last].attributes = parsed
        } else {
            frames[last].attributes.append(contentsOf: parsed)
        }
    }

    mutating func parseAttributes(_ range: Range<Int>, marker: String) -> [Attribute] {
        let raw = UnsafeBufferPointer(rebasing: input[range])
        checkAttributeBytes(range, marker: marker)
        switch USFMAttributes.parse(raw, marker: marker) {
        case .success(let attributes):
            return attributes
        case .failure(let problem):
            report(.warning, .malformedAttributes, at: range.lowerBound + problem.offset, problem.message)
            return problem.recovered
        }
    }

    /// Reports an attribute list broken over lines and each `name=""`, at the line end and at the empty value.
    mutating func checkAttributeBytes(_ range: Range<Int>, marker: String) {
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
        popFrame(explicit: true)
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
        let content = takeContent(from: frame.contentStart)
        let inline: Inline
        switch frame.kind {
        case .character, .noteCharacter:
            inline = .character(
                CharacterSpan(marker: frame.marker, attributes: frame.attributes, content: content, isClosed: explicit))
        case .note:
            inline = .note(Note(marker: frame.marker, caller: frame.caller, content: content))
        case .figure:
            let figure = USFMAttributes.figure(caption: USFMFrame.plainText(content), attributes: frame.attributes)
            if figure.caption.isEmpty, frame.attributes.isEmpty {
                report(
                    .warning, .emptyFigure, at: frame.offset,
                    "\\fig has no caption and no attributes; give it src=\"…\" and a caption, or remove it")
            }
            inline = .figure(figure)
        case .verseField:
            let value = USFMFrame.plainText(content)
            if let last = frames.indices.last {
                let start = frames[last].contentStart
                let found = inlines.withContent(from: start) { content in
                    content.lastIndex(where: { if case .verse = $0 { true } else { false } })
                }
                if let found, case .verse(var verse) = inlines.element(at: start + found) {
                    if frame.marker == "va" { verse.alternateNumber = value } else { verse.publishedNumber = value }
                    inlines.replace(at: start + found, with: .verse(verse))
                }
            }
            return
        case .sidebarCategory:
            let category = USFMFrame.plainText(content)
            Self.change(&sidebar) { $0.category = category.isEmpty ? nil : category }
            return
        case .chapterAlternate:
            Self.change(&book) { book in
                if let last = book.chapters.indices.last {
                    book.chapters[last].alternateNumber = USFMFrame.plainText(content)
                }
            }
            return
        case .paragraph, .field, .rowLeading, .cell:
            return
        }
        if frames.isEmpty {
            push(.paragraph, "p", at: frame.offset)
        }
        inlines.append(inline)
    }
}
