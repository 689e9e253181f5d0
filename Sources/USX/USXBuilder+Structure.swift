import ScriptureModel

/// Start tags of milestones, figures, tables and wrappers, and the placement checks they share.
extension USXBuilder {
    mutating func startMilestone(_ attributes: XMLAttributes, endOffset: Int) {
        defer { stack.append(USXFrame(.ignored)) }
        guard inlineMayStart("<ms>", endOffset: endOffset, pushing: false) else { return }
        guard let style = attributes.value(of: USXAttribute.style.nameIndex), !style.isEmpty else {
            report(
                .error, .missingAttribute, at: locator.location(ofTagEndingAt: endOffset),
                "<ms> has no style; add one such as style=\"qt-s\"")
            return
        }
        if !USXVocabulary.isMilestoneStyle(style) {
            reportOnce(
                "ms:" + style, .unknownStyle, at: locator.location(ofTagEndingAt: endOffset),
                "unknown milestone style \"\(style)\"; kept")
        }
        reportEmptyValues(attributes, of: "ms", endOffset: endOffset)
        var milestone = Milestone(marker: style)
        for index in 0..<attributes.count where USXVocabulary.attribute(attributes.name(at: index)) != .style {
            milestone.attributes.append(Attribute(attributes.nameText(at: index), attributes.value(at: index)))
        }
        appendInline { $0.milestone(milestone) }
    }

    mutating func startFigure(_ attributes: XMLAttributes, endOffset: Int) {
        guard inlineMayStart("<figure>", endOffset: endOffset) else { return }
        reportEmptyValues(attributes, of: "figure", endOffset: endOffset)
        var kept: [Attribute] = []
        for index in 0..<attributes.count {
            switch USXVocabulary.attribute(attributes.name(at: index)) {
            case .style: continue
            // USX calls the image `file`; USFM 3 and the model call it `src`.
            case .file: kept.append(Attribute("src", attributes.value(at: index)))
            default: kept.append(Attribute(attributes.nameText(at: index), attributes.value(at: index)))
            }
        }
        figureAttributes.append(kept)
        pushPlain(.figure)
    }

    mutating func startOptionalBreak(endOffset: Int) {
        defer { stack.append(USXFrame(.ignored)) }
        guard inlineMayStart("<optbreak>", endOffset: endOffset, pushing: false) else { return }
        appendInline { $0.optionalBreak() }
    }

    mutating func startTable(endOffset: Int) {
        let location = locator.location(ofTagEndingAt: endOffset)
        guard contextKind?.holdsBlocks == true else {
            report(
                .error, .misplacedMarker, at: location, "<table> inside another element; tables go between paragraphs")
            stack.append(USXFrame(.transparent))
            return
        }
        let node = content.nodeCount
        content.openTable(location: location)
        stack.append(USXFrame(.table, node: node))
    }

    mutating func startRow(endOffset: Int) {
        let location = locator.location(ofTagEndingAt: endOffset)
        guard contextKind == .table else {
            report(.error, .misplacedMarker, at: location, "<row> outside a <table>; its cells are kept as text")
            stack.append(USXFrame(.transparent))
            return
        }
        let node = content.nodeCount
        content.openRow(location: location)
        stack.append(USXFrame(.row, node: node))
    }

    mutating func startCell(_ attributes: XMLAttributes, endOffset: Int) {
        guard contextKind == .row else {
            report(
                .error, .misplacedMarker, at: locator.location(ofTagEndingAt: endOffset),
                "<cell> outside a <row>; its content is kept as text")
            stack.append(USXFrame(.transparent))
            return
        }
        let style = required(.style, of: "cell", attributes, endOffset: endOffset, fallback: "tc1", "add one such as")
        var columnSpan = 1
        if let span = attributes.value(of: USXAttribute.colspan.nameIndex) {
            if let value = Int(span), value >= 1, value <= 1000 {
                columnSpan = value
            } else {
                report(
                    .warning, .malformedAttributes, at: locator.location(ofTagEndingAt: endOffset),
                    "colspan=\"\(span)\" is not a whole number from 1; read as 1")
            }
        }
        let node = content.nodeCount
        content.openCell(marker: style, columnSpan: columnSpan)
        stack.append(USXFrame(.cell, node: node))
    }

    mutating func startContainer(_ element: USXElement, endOffset: Int) {
        guard contextKind?.holdsBlocks == true else {
            report(
                .error, .misplacedMarker, at: locator.location(ofTagEndingAt: endOffset),
                "<\(element)> inside another element; it goes between paragraphs")
            stack.append(USXFrame(.transparent))
            return
        }
        stack.append(USXFrame(.container))
    }

    /// `<sidebar style="esb" category="…">`: study content, a block of its own. One inside another is reported
    /// and its content kept in the outer one.
    mutating func startSidebar(_ attributes: XMLAttributes, endOffset: Int) {
        let location = locator.location(ofTagEndingAt: endOffset)
        guard contextKind?.holdsBlocks == true, openSidebars == 0 else {
            report(
                .error, .misplacedMarker, at: location,
                openSidebars == 0
                    ? "<sidebar> inside another element; it goes between paragraphs"
                    : "<sidebar> inside another sidebar; its content is kept in the outer one")
            stack.append(USXFrame(.transparent))
            return
        }
        let category = attributes.value(of: USXElement.category.nameIndex)
        let node = content.nodeCount
        content.openSidebar(category: category?.isEmpty == false ? category : nil, location: location)
        openSidebars += 1
        stack.append(USXFrame(.sidebar, node: node))
    }

    mutating func startUnknown(_ name: String, endOffset: Int) {
        reportOnce(
            "element:" + name, .unknownElement, at: locator.location(ofTagEndingAt: endOffset),
            "unknown element <\(name)>; its content is kept as if the tags were not there")
        stack.append(USXFrame(.transparent))
    }

    // MARK: Depth

    /// Whether an element becomes a span, note or figure that holds inline content.
    static func nests(_ element: USXElement?) -> Bool {
        switch element {
        case .char, .ref, .category, .note, .figure: true
        default: false
        }
    }

    /// An element that would stand deeper than `Inline.maximumNestingDepth`: its tags are dropped and
    /// its text kept in the span around it, reported once per file.
    mutating func startTooDeep(_ name: String, endOffset: Int) {
        reportOnce(
            "nesting", .nestingTooDeep, at: locator.location(ofTagEndingAt: endOffset),
            "<\(name)> is nested more than \(Inline.maximumNestingDepth) spans and notes deep; "
                + "its text is kept in the span around it", severity: .error)
        stack.append(USXFrame(.transparent))
    }

    // MARK: Placement

    /// Whether inline content may start here; if not, reports it and (when `pushing`) pushes an ignored frame.
    mutating func inlineMayStart(_ tag: String, endOffset: Int, pushing: Bool = true) -> Bool {
        let context = contextKind
        if let kind = context, kind.holdsInlines || kind == .row { return true }
        if context != .ignored {
            report(
                .error, .misplacedMarker, at: locator.location(ofTagEndingAt: endOffset),
                "\(tag) outside a paragraph is not kept; put it inside a <para>")
        }
        if pushing { stack.append(USXFrame(.ignored)) }
        return false
    }

    /// Whether a verse may start in the open elements: inside a paragraph, cell or row, not in a note or header.
    mutating func verseMayStart(at place: SourcePlace) -> Bool {
        var location: SourceLocation { SourceLocation(file: locator.path, place) }
        guard let kind = contextKind, kind.holdsInlines || kind == .row else {
            report(
                .error, .misplacedMarker, at: location,
                "<verse> outside a paragraph is not kept; put it inside a <para>")
            return false
        }
        for frame in stack {
            switch frame.kind {
            case .note, .figure, .book, .paragraph(.header), .paragraph(.chapterLabel):
                report(.error, .misplacedMarker, at: location, "<verse> inside a note, title or header is not kept")
                return false
            default: continue
            }
        }
        if openSidebars > 0 {
            report(
                .warning, .misplacedVerse, at: location,
                "<verse> inside a <sidebar>, which is study content, not verse text; close the sidebar before the verse"
            )
        }
        return true
    }

    /// What a `<chapter>` or `<verse>` tag is.
    enum MarkerTag {
        /// The start, with its number as written.
        case start(String)
        /// The end (`eid` and no `number`), already checked against the open one.
        case end
        /// Neither number nor `eid`: reported.
        case unnumbered
    }

    /// Reads a `<chapter>` or `<verse>` tag (whose `>` or `/>` is at `endOffset`); an end is checked against
    /// the `sid` it should close. Its location is found only for a diagnostic.
    mutating func marker(_ attributes: XMLAttributes, open: String?, what: String, endOffset: Int) -> MarkerTag {
        if let number = attributes.value(of: USXAttribute.number.nameIndex), !number.isEmpty { return .start(number) }
        guard let end = attributes.value(of: USXAttribute.eid.nameIndex) else {
            report(
                .error, .missingAttribute, at: locator.location(ofTagEndingAt: endOffset),
                "<\(what)> has neither number nor eid; add number=\"1\"")
            return .unnumbered
        }
        if let open, end != open {
            report(
                .warning, .mismatchedEndID, at: locator.location(ofTagEndingAt: endOffset),
                "\(what) end \"\(end)\" does not match the open \(what) \"\(open)\"")
        } else if open == nil {
            report(
                .warning, .mismatchedEndID, at: locator.location(ofTagEndingAt: endOffset),
                "\(what) end \"\(end)\" with no \(what) open")
        }
        return .end
    }

    /// The value of an attribute USX requires; when it is missing or empty, reports that and returns `fallback`.
    mutating func required(
        _ attribute: USXAttribute, of tag: String, _ attributes: XMLAttributes, endOffset: Int, fallback: String,
        _ advice: String
    ) -> String {
        if let value = attributes.value(of: attribute.nameIndex), !value.isEmpty { return value }
        report(
            .error, .missingAttribute, at: locator.location(ofTagEndingAt: endOffset),
            "<\(tag)> has no \(attribute); \(advice) \(attribute)=\"\(fallback)\" (read as \(fallback))")
        return fallback
    }

    /// The book code for `sid`s the file does not give.
    var bookCode: String { parts.id?.code ?? "" }

    /// A chapter number: ASCII digits only, 1 to 9999.
    static func chapterNumber(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 4, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let value = Int(text), value >= 1
        else { return nil }
        return value
    }

    /// How a verse label reads.
    enum VerseLabelForm {
        /// A number, range or part: ASCII digits first, then only ASCII letters, digits, `-` and `,`
        /// (`16`, `1-2`, `3a`, `5,7`).
        case regular
        /// It starts with a digit but holds other characters too (BSB's `14...`): kept as written.
        case unusual
        /// It does not start with a digit, holds white space, or is longer than 20 bytes.
        case invalid
    }

    /// Classifies a verse label.
    static func verseLabelForm(_ text: String) -> VerseLabelForm {
        guard let first = text.utf8.first, first >= 0x30 && first <= 0x39, text.utf8.count <= 20,
            !text.utf8.contains(where: isSpace)
        else { return .invalid }
        let regular = text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x2D
                || byte == 0x2C
        }
        return regular ? .regular : .unusual
    }
}
