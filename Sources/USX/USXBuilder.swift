import CXMLShim
import ScriptureModel
import TextNormalization

/// Builds one `Book` from the events of a USX file, keeping a stack of open elements.
///
/// Every start tag pushes exactly one frame and every end tag pops one, so the
/// stack stays in step with the XML even where the USX inside it is wrong.
/// Content goes straight into `FlatContent` (`content`) as it is read, text as bytes; a name,
/// label or caption is read into `plain` and kept as a string. A value type, so that its many
/// small updates need no runtime exclusivity checks; `USXParser` hands it the stream's events
/// through a small class.
struct USXBuilder: DiagnosticCollecting {
    /// At most this many problems from libxml2 are reported; then parsing stops.
    static let maximumXMLProblems = 50

    var locator: SourceLocator
    var diagnostics: [Diagnostic] = []
    /// What becomes the book.
    var parts: BookParts
    /// The content being built: the introduction's before the first chapter, then the current chapter's.
    var content = FlatContentBuilder()
    /// The content of the open names, labels and captions (`<book>`, `<para style="h">`, `<figure>`):
    /// taken back as plain text when each closes.
    var plain = FlatContentBuilder()
    /// Styles and attribute names, by their bytes.
    var styles = USXNames()
    /// The `<char>` style of content found last (forgotten with the content's string table).
    var lastCharacterStyle = LastCharacterStyle()
    /// Bytes of `content` not yet appended to it (see `StagedBytes`).
    let staged = StagedBytes()
    /// Room for the runs of plain `<char>` spans read in C (`readSpanRun`).
    let spanRuns = USXSpanRunRoom()
    /// The attributes of the open figures, innermost last.
    var figureAttributes: [[Attribute]] = []
    /// Where the content of each open name, label or caption starts in `plain`, innermost last.
    var plainMarks: [FlatContentBuilder.Mark] = []

    // Where the reader is.
    var stack: [USXFrame] = []
    var rootLocation: SourceLocation?
    var sawRoot = false
    var openChapterID: String?
    var openVerseID: String?
    var xmlProblems = 0
    /// How many spans, notes and figures are open.
    var nestingDepth = 0
    /// How many open elements are names, labels or captions: while any is, content goes to `plain`.
    var plainDepth = 0
    /// How many `<sidebar>`s are open (one at most is kept).
    var openSidebars = 0
    /// Warnings reported once per file, by key: where the first diagnostic is, and how often it came.
    var onceWarnings: [String: (diagnostic: Int, count: Int)] = [:]
    /// The problems past the number a file keeps.
    var unlisted = UnlistedDiagnostics()
    /// The last paragraph style looked up: consecutive paragraphs mostly share one.
    var lastParagraphStyle: (style: String, role: USXFrame.ParagraphRole, isKnown: Bool) = ("", .block, false)
    /// What each paragraph style of the file is, once classified.
    var paragraphStyles: [String: (role: USXFrame.ParagraphRole, isKnown: Bool)] = [:]

    init(path: String, locator: SourceLocator) {
        parts = BookParts(path: path)
        self.locator = locator
        stack.reserveCapacity(32)
    }

    // MARK: Events

    mutating func startElement(_ name: Int?, unknownName: String, attributes: XMLAttributes, endOffset: Int) {
        if parts.isRejected || (!stack.isEmpty && stack[stack.count - 1].kind == .ignored) {
            stack.append(USXFrame(.ignored))
            return
        }
        let element = USXVocabulary.element(name)
        guard sawRoot else {
            startRoot(element, unknownName: unknownName, attributes: attributes, endOffset: endOffset)
            return
        }
        if let index = contextIndex { stack[index].isAtStart = false }
        if Self.nests(element), nestingDepth >= Inline.maximumNestingDepth {
            startTooDeep(element.map { String(describing: $0) } ?? unknownName, endOffset: endOffset)
            return
        }
        if element != .char { flushStaged() }  // (`startCharacter` flushes unless it stages)
        switch element {
        case .book: startBook(attributes, endOffset: endOffset)
        case .para: startParagraph(attributes, endOffset: endOffset)
        case .chapter: startChapter(attributes, endOffset: endOffset)
        case .verse: startVerse(attributes, endOffset: endOffset)
        case .char: startCharacter(attributes, endOffset: endOffset)
        case .ref: startReference(attributes, endOffset: endOffset)
        case .category: startCategory(endOffset: endOffset)
        case .note: startNote(attributes, endOffset: endOffset)
        case .ms: startMilestone(attributes, endOffset: endOffset)
        case .figure: startFigure(attributes, endOffset: endOffset)
        case .optbreak: startOptionalBreak(endOffset: endOffset)
        case .table: startTable(endOffset: endOffset)
        case .row: startRow(endOffset: endOffset)
        case .cell: startCell(attributes, endOffset: endOffset)
        case .sidebar: startSidebar(attributes, endOffset: endOffset)
        case .periph: startContainer(.periph, endOffset: endOffset)
        case .usx, nil: startUnknown(element.map { String(describing: $0) } ?? unknownName, endOffset: endOffset)
        }
    }

    mutating func endElement(_ name: Int?, endOffset: Int) {
        guard let frame = stack.popLast() else { return }
        switch frame.kind {
        case .ignored: return  // verses, milestones: nothing to close
        case .character where !frame.isInPlain && !frame.reopenedCell && !frame.hasBar:
            // `finish` of a span of content, in fewer steps.
            nestingDepth -= 1
            content.close()
        default:
            flushStaged()
            finish(frame)
        }
    }

    mutating func text(_ text: XMLText, startOffset: Int) {
        guard !parts.isRejected, let index = contextIndex else { return }
        let kind = stack[index].kind
        if kind.holdsInlines {
            var start = 0
            if stack[index].isAtStart {
                stack[index].isAtStart = false
                // Paratext indents the content of a paragraph or cell on a new line: not text.
                let leading = text.leadingSpaceCount
                if kind.dropsIndentation && text.hasLineFeed(inFirst: leading) {
                    if leading == text.bytes.count { return }
                    start = leading
                }
            }
            if case .character = kind, text.hasBar { stack[index].hasBar = true }
            let bytes = UnsafeBufferPointer(rebasing: text.bytes[start...])
            let check = text.mayNeedNormalization
            if plainDepth > 0 {
                Self.appendText(bytes, check: check, to: &plain)
            } else {
                stageText(bytes, check: check)
            }
        } else if kind == .row {
            if !text.isBlank {
                flushStaged()
                let reopened = reopenLastCell()
                Self.appendText(text.bytes, check: text.mayNeedNormalization, to: &content)
                if reopened { content.close() }
            }
        } else if !text.isBlank && kind != .ignored {
            report(
                .error, .misplacedText, at: locator.location(at: locator.skippingSpace(from: startOffset)),
                "text outside a paragraph (\"\(Diagnostic.excerpt(text.preview(from: text.leadingSpaceCount, length: 200)))\") is not kept; put it inside a <para>"
            )
        }
    }

    mutating func problem(_ problem: XMLProblem) -> Bool {
        xmlProblems += 1
        let location =
            problem.line > 0
            ? locator.location(line: problem.line, column: max(problem.column, 1))
            : locator.location(at: problem.offset)
        if xmlProblems > Self.maximumXMLProblems {
            report(.error, .malformedXML, at: location, "too many XML errors; stopped reading here")
            return false
        }
        report(problem.isError ? .error : .warning, .malformedXML, at: location, Self.message(of: problem))
        return true
    }

    /// What a libxml2 problem says to a publisher: its message as it is, but for an entity left out, which
    /// libxml2 calls not defined even when the document's DTD defines it (Lectern reads no DTD, so as to read
    /// nothing outside the file and expand nothing without bound).
    static func message(of problem: XMLProblem) -> String {
        guard problem.code == LECTERN_XML_UNDECLARED_ENTITY || problem.code == LECTERN_XML_UNDECLARED_ENTITY_WARNING,
            let name = problem.subject, !name.isEmpty
        else { return "malformed XML: \(problem.message)" }
        return "malformed XML: the entity &\(name); is left out: Lectern reads no DTD, and expands only &amp; &lt; "
            + "&gt; &quot; &apos; and character references; write the text itself, or a reference such as &#x2019;"
    }

    // MARK: Result

    /// Closes what the file left open and returns the book (if the file had a good `<book>`) and all diagnostics.
    mutating func result() -> ParseResult {
        flushStaged()
        while let frame = stack.popLast() { finish(frame) }
        if sawRoot && !parts.isRejected && !parts.sawBook {
            report(
                .error, .missingID, at: rootLocation ?? start,
                "no <book code=\"…\"> element; add <book code=\"GEN\" style=\"id\"> as the first element of <usx>")
        }
        finishDiagnostics()
        parts.store(content.finish())
        let books = parts.book().map { [$0] } ?? []
        return ParseResult(books: books, diagnostics: diagnostics)
    }

    // MARK: Helpers

    /// The file's path as the user gave it.
    var path: String { parts.path }

    /// The start of the file, where problems without a better place are reported.
    var start: SourceLocation { parts.start }

    /// The innermost open element that is not transparent: where content goes.
    ///
    /// (`mutating get`, as `contextKind`: a plain getter called from a mutating method copies the whole
    /// builder first.)
    var contextIndex: Int? {
        @inline(__always) mutating get {
            var index = stack.count - 1
            while index >= 0, case .transparent = stack[index].kind { index -= 1 }
            return index >= 0 ? index : nil
        }
    }

    /// The kind of the innermost open element that is not transparent.
    var contextKind: USXFrame.Kind? {
        mutating get {
            guard let index = contextIndex else { return nil }
            return stack[index].kind
        }
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
}
