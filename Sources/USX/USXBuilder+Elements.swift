import ScriptureModel
import TextNormalization

/// Start tags: each pushes one frame, and checks what USX requires of it.
extension USXBuilder {
    mutating func startRoot(_ element: USXElement?, unknownName: String, attributes: XMLAttributes, endOffset: Int) {
        sawRoot = true
        let location = locator.location(ofTagEndingAt: endOffset)
        rootLocation = location
        guard element == .usx else {
            let name = element.map { String(describing: $0) } ?? unknownName
            report(.error, .notUSX, at: location, "the root element is <\(name)>, not <usx>: this is not a USX file")
            parts.isRejected = true
            stack.append(USXFrame(.ignored))
            return
        }
        parts.formatVersion = attributes.value(of: USXAttribute.version.nameIndex)
        stack.append(USXFrame(.root))
    }

    mutating func startBook(_ attributes: XMLAttributes, endOffset: Int) {
        let location = locator.location(ofTagEndingAt: endOffset)
        guard !parts.sawBook else {
            report(
                .error, .duplicateBook, at: location,
                "a second <book>; a USX file holds one book, so this one is ignored")
            stack.append(USXFrame(.ignored))
            return
        }
        parts.sawBook = true
        parts.location = location
        guard let code = attributes.value(of: USXAttribute.code.nameIndex), !code.isEmpty else {
            report(
                .error, .missingAttribute, at: location,
                "<book> has no code; add the USFM book code, as in code=\"GEN\"")
            stack.append(USXFrame(.ignored))
            return
        }
        guard let book = BookID(code: code) else {
            report(
                .error, .unknownBook, at: location,
                "unknown book code \"\(code)\"; use a USFM 3 code such as GEN or 1CO")
            stack.append(USXFrame(.ignored))
            return
        }
        parts.id = book
        pushPlain(.book)
    }

    mutating func startParagraph(_ attributes: XMLAttributes, endOffset: Int) {
        let place = locator.place(ofTagEndingAt: endOffset)
        var location: SourceLocation { SourceLocation(file: locator.path, place) }
        guard contextKind?.holdsBlocks == true else {
            report(
                .error, .misplacedMarker, at: location,
                "<para> inside another element; paragraphs go between paragraphs")
            stack.append(USXFrame(.transparent))
            return
        }
        let style = required(.style, of: "para", attributes, endOffset: endOffset, fallback: "p", "add one such as")
        if style != lastParagraphStyle.style {
            if let known = paragraphStyles[style] {
                lastParagraphStyle = (style, known.role, known.isKnown)
            } else {
                let role: USXFrame.ParagraphRole =
                    style == "cl" ? .chapterLabel : USXVocabulary.headerField(style).map { .header($0) } ?? .block
                lastParagraphStyle = (style, role, USXVocabulary.isParagraphStyle(style))
                paragraphStyles[style] = (role, lastParagraphStyle.isKnown)
            }
        }
        if !lastParagraphStyle.isKnown {
            reportOnce(
                "para:" + style, .unknownStyle, at: location,
                "unknown paragraph style \"\(style)\"; kept as a paragraph")
        }
        let role = lastParagraphStyle.role
        guard role == .block else {
            pushPlain(.paragraph(role))
            return
        }
        let node = content.nodeCount
        content.openParagraph(marker: style, file: locator.path, at: place)
        push(USXFrame(.paragraph(.block), node: node))
    }

    mutating func startChapter(_ attributes: XMLAttributes, endOffset: Int) {
        defer { stack.append(USXFrame(.ignored)) }
        let number: String
        switch marker(attributes, open: openChapterID, what: "chapter", endOffset: endOffset) {
        case .end:
            openChapterID = nil
            return
        case .unnumbered:
            parts.isChapterBroken = true
            return
        case .start(let label): number = label
        }
        let location = locator.location(ofTagEndingAt: endOffset)
        if contextKind?.holdsBlocks != true {
            report(
                .error, .misplacedMarker, at: location,
                "<chapter> inside another element; chapters go between paragraphs")
        } else if openSidebars > 0 {
            report(
                .error, .misplacedMarker, at: location,
                "<chapter> inside a <sidebar>; close the sidebar first (it is kept in the new chapter)")
        }
        guard let value = Self.chapterNumber(number) else {
            report(
                .error, .invalidChapterNumber, at: location,
                "chapter number \"\(number)\" is not a whole number from 1; its verses are left out")
            parts.isChapterBroken = true
            return
        }
        if let warning = Self.leadingZeroWarning(chapter: number, at: location) { diagnostics.append(warning) }
        if !parts.chapterNumbers.insert(value).inserted {
            report(
                .error, .duplicateChapter, at: location,
                "chapter \(value) again; each chapter may appear once (its content is added to the first)")
        }
        startNewChapter(
            Chapter(
                number: value, alternateNumber: attributes.value(of: USXAttribute.altnumber.nameIndex),
                publishedNumber: attributes.value(of: USXAttribute.pubnumber.nameIndex), location: location))
        parts.isChapterBroken = false
        parts.verseLabels.removeAll()
        openVerseID = nil
        openChapterID = attributes.value(of: USXAttribute.sid.nameIndex) ?? "\(bookCode) \(value)"
    }

    mutating func startVerse(_ attributes: XMLAttributes, endOffset: Int) {
        defer { stack.append(USXFrame(.ignored)) }
        let number: String
        switch marker(attributes, open: openVerseID, what: "verse", endOffset: endOffset) {
        case .end:
            openVerseID = nil
            return
        case .unnumbered: return
        case .start(let label): number = label
        }
        if parts.isChapterBroken { return }
        let place = locator.place(ofTagEndingAt: endOffset)
        var location: SourceLocation { SourceLocation(file: locator.path, place) }
        // (Only the number: the whole chapter would be copied and released.)
        guard let chapterNumber = parts.chapters.isEmpty ? nil : parts.chapters[parts.chapters.count - 1].number else {
            report(
                .error, .verseBeforeChapter, at: location,
                "verse \(number) comes before the first <chapter>; add <chapter number=\"1\" style=\"c\"/> before it")
            return
        }
        switch Self.verseLabelForm(number) {
        case .regular: break
        case .unusual:
            report(
                .warning, .invalidVerseNumber, at: location,
                "verse number \"\(number)\" has characters other than digits, letters, - and ,; kept as written")
        case .invalid:
            report(
                .error, .invalidVerseNumber, at: location,
                "verse number \"\(number)\" is not a number, a range such as 1-2, or a part such as 3a")
            return
        }
        guard verseMayStart(at: place) else { return }
        if !parts.verseLabels.insert(number) {
            report(.error, .duplicateVerse, at: location, "verse \(number) again in chapter \(chapterNumber)")
        }
        let alternate = attributes.value(of: USXAttribute.altnumber.nameIndex)
        let published = attributes.value(of: USXAttribute.pubnumber.nameIndex)
        let file = locator.path
        appendInline {
            $0.verse(number: number, alternate: alternate, published: published, file: file, at: place)
        }
        openVerseID = attributes.value(of: USXAttribute.sid.nameIndex) ?? "\(bookCode) \(chapterNumber):\(number)"
    }

    mutating func startCharacter(_ attributes: XMLAttributes, endOffset: Int) {
        guard inlineMayStart("<char>", endOffset: endOffset) else { return }
        if plainDepth == 0, startKnownCharacter(attributes, endOffset: endOffset) { return }
        flushStaged()
        guard let styleIndex = attributes.index(of: USXAttribute.style.nameIndex),
            !attributes.valueBytes(at: styleIndex).isEmpty
        else {
            report(
                .error, .missingAttribute, at: locator.location(ofTagEndingAt: endOffset),
                "<char> has no style; add one such as style=\"wj\" (its text is kept unstyled)")
            stack.append(USXFrame(.transparent))
            return
        }
        let style = Self.withValue(attributes, at: styleIndex) { styles.id($0) }
        let isKnown: Bool
        if let style {
            isKnown = styles.isCharacterStyle(style)
        } else {
            isKnown = USXVocabulary.isCharacterStyle(attributes.value(at: styleIndex))
        }
        if !isKnown {
            let name = attributes.value(at: styleIndex)
            reportOnce(
                "char:" + name, .unknownStyle, at: locator.location(ofTagEndingAt: endOffset),
                "unknown character style \"\(name)\"; kept")
        }
        reportEmptyValues(attributes, of: "char", endOffset: endOffset)
        var isClosed = true
        var mappedStyle: Int?
        for index in 0..<attributes.count {
            switch USXVocabulary.attribute(attributes.name(at: index)) {
            case .closed:
                isClosed = !attributes.value(at: index, is: "false")
                if isClosed && !attributes.value(at: index, is: "true") {
                    report(
                        .warning, .malformedAttributes, at: locator.location(ofTagEndingAt: endOffset),
                        "closed=\"\(attributes.value(at: index))\" should be \"true\" or \"false\"")
                }
            // Lectern's USX writer keeps an orphan `ca`/`va` span, which USX 3.1 has no char style for, as
            // <char style="vp" x-style="va">; read it back as it was.
            case .xStyle:
                if attributes.value(at: styleIndex, is: "vp")
                    && (attributes.value(at: index, is: "ca") || attributes.value(at: index, is: "va"))
                {
                    mappedStyle = index
                }
            default: continue
            }
        }
        pushOpening(USXFrame(.character, tagEnd: endOffset)) { builder, styles, inPlain in
            let marker: UInt32
            if let mappedStyle {
                marker = builder.intern(attributes.value(at: mappedStyle))
            } else if let style {
                marker = styles.index(style, in: &builder, inPlain: inPlain)
            } else {
                marker = builder.intern(attributes.value(at: styleIndex))
            }
            builder.openCharacter(markerIndex: marker, isClosed: isClosed)
            Self.addAttributes(attributes, to: &builder, styles: &styles, inPlain: inPlain) { index in
                index == styleIndex || index == mappedStyle
                    || USXVocabulary.attribute(attributes.name(at: index)) == .closed
            }
        }
    }

    mutating func startReference(_ attributes: XMLAttributes, endOffset: Int) {
        guard inlineMayStart("<ref>", endOffset: endOffset) else { return }
        if attributes.value(of: USXAttribute.loc.nameIndex) == nil {
            report(
                .error, .missingAttribute, at: locator.location(ofTagEndingAt: endOffset),
                "<ref> has no loc; add the reference it points to, as in loc=\"GEN 1:1\"")
        }
        reportEmptyValues(attributes, of: "ref", endOffset: endOffset)
        pushOpening(USXFrame(.character, tagEnd: endOffset)) { builder, styles, inPlain in
            builder.openCharacter(markerIndex: builder.intern("ref"))
            Self.addAttributes(attributes, to: &builder, styles: &styles, inPlain: inPlain) { _ in false }
        }
    }

    mutating func startCategory(endOffset: Int) {
        guard contextKind?.holdsInlines == true || contextKind == .row else {
            stack.append(USXFrame(.ignored))
            return
        }
        pushOpening(USXFrame(.character)) { builder, _, _ in builder.openCharacter(markerIndex: builder.intern("cat")) }
    }

    mutating func startNote(_ attributes: XMLAttributes, endOffset: Int) {
        guard inlineMayStart("<note>", endOffset: endOffset) else { return }
        let style = required(.style, of: "note", attributes, endOffset: endOffset, fallback: "f", "add f or x, as in")
        if !USXVocabulary.isNoteStyle(style) {
            reportOnce(
                "note:" + style, .unknownStyle, at: locator.location(ofTagEndingAt: endOffset),
                "unknown note style \"\(style)\"; kept")
        }
        let caller = required(.caller, of: "note", attributes, endOffset: endOffset, fallback: "+", "add one, as in")
        // `category` holds a `\\cat` (a marker of USFM 3.1.2's `attribute` category): its span, first in the note.
        let category = attributes.value(of: USXElement.category.nameIndex).map { NFC.normalize($0) }
        pushOpening(USXFrame(.note)) { builder, _, _ in
            builder.openNote(marker: style, caller: caller)
            if let category, !category.isEmpty { builder.noteCategory(category) }
        }
    }
}
