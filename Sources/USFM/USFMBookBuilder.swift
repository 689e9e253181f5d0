import ScriptureModel
import TextNormalization

private let backslash = UInt8(ascii: "\\")
private let slash = UInt8(ascii: "/")
private let pipe = UInt8(ascii: "|")
private let tilde = UInt8(ascii: "~")
private let asterisk = UInt8(ascii: "*")
private let plus = UInt8(ascii: "+")
private let space = UInt8(ascii: " ")

@inline(__always) private func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
}

@inline(__always) private func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x2D
        || byte == 0x5F
}

/// Reads one USFM file's markers and text into books: a cursor over bytes and a stack of open frames.
struct USFMBookBuilder {
    let input: UnsafeBufferPointer<UInt8>
    let lines: LineTable
    var position: Int
    var diagnostics: [Diagnostic] = []

    private var books: [Book] = []
    private var book: Book?
    private var skippingUnknownBook = false
    private var reportedMissingID = false
    private var stack: [USFMFrame] = []
    private var openTable: Table?
    private var openRow: TableRow?
    private var pendingMilestones: [Inline] = []
    private var chapterNumbers: Set<Int> = []
    private var verseLabels: Set<String> = []
    private var scratch: [UInt8] = []

    init(input: UnsafeBufferPointer<UInt8>, table: LineTable, start: Int) {
        self.input = input
        self.lines = table
        self.position = start
        scratch.reserveCapacity(4096)
        stack.reserveCapacity(16)
    }

    mutating func run() -> ParseResult {
        let count = input.count
        while position < count {
            let byte = input[position]
            if byte == backslash {
                readMarker()
            } else if byte == slash, position + 1 < count, input[position + 1] == slash {
                appendInline(.optionalBreak, at: position)
                position += 2
            } else if byte == pipe, let top = stack.last, top.takesAttributes {
                readAttributes()
            } else {
                readText()
            }
        }
        finishBook()
        let ordered = diagnostics.enumerated().sorted {
            ($0.element.location.offset, $0.offset) < ($1.element.location.offset, $1.offset)
        }
        return ParseResult(books: books, diagnostics: ordered.map(\.element))
    }

    // MARK: - Diagnostics

    private func location(_ offset: Int) -> SourceLocation {
        lines.location(of: offset, in: input)
    }

    private mutating func report(
        _ severity: Diagnostic.Severity, _ kind: Diagnostic.Kind, at offset: Int, _ message: String
    ) {
        diagnostics.append(Diagnostic(severity, kind, at: location(offset), message))
    }

    // MARK: - Text

    private mutating func readText() {
        let start = position
        let count = input.count
        let attributesEndText = stack.last?.takesAttributes ?? false
        scratch.removeAll(keepingCapacity: true)
        var lastWasSpace = false
        while position < count {
            let byte = input[position]
            if byte == backslash { break }
            if byte == slash, position + 1 < count, input[position + 1] == slash { break }
            if byte == pipe, attributesEndText { break }
            if isSpace(byte) {
                if !lastWasSpace { scratch.append(space) }
                lastWasSpace = true
            } else if byte == tilde {
                scratch.append(0xC2)
                scratch.append(0xA0)
                lastWasSpace = false
            } else {
                scratch.append(byte)
                lastWasSpace = false
            }
            position += 1
        }
        appendText(at: start)
    }

    private mutating func appendText(at offset: Int) {
        let onlySpace = scratch.allSatisfy { $0 == space }
        if stack.isEmpty {
            if onlySpace { return }
            var textStart = offset
            while textStart < input.count, isSpace(input[textStart]) { textStart += 1 }
            guard openStrayParagraph(at: textStart) else { return }
        }
        guard let top = stack.last else { return }
        if onlySpace, top.isBlockLevel, top.content.isEmpty { return }
        var bytes = scratch[...]
        if top.isBlockLevel, top.content.isEmpty, bytes.first == space { bytes = bytes.dropFirst() }
        let text = bytes.withUnsafeBufferPointer { NFC.string($0) }
        stack[stack.count - 1].content.append(.text(text))
    }

    /// Text or an inline marker with no paragraph open: reports it and opens an implicit `\p` when there is a book.
    private mutating func openStrayParagraph(at offset: Int) -> Bool {
        guard let book else {
            reportMissingID(at: offset)
            return false
        }
        if book.chapters.isEmpty {
            report(
                .error, .textBeforeChapter, at: offset,
                "text outside any paragraph before the first \\c; start introductions with \\ip or move the text after \\c 1")
            openParagraph("ip", at: offset)
            return true
        }
        report(.warning, .misplacedMarker, at: offset, "text outside a paragraph; add a paragraph marker such as \\p before it")
        openParagraph("p", at: offset)
        return true
    }

    private mutating func reportMissingID(at offset: Int) {
        guard !reportedMissingID, !skippingUnknownBook else { return }
        reportedMissingID = true
        report(.error, .missingID, at: offset, "content before \\id; a USFM file must start with \\id and a book code (\\id GEN)")
    }

    private mutating func appendInline(_ inline: Inline, at offset: Int) {
        if stack.isEmpty {
            guard openStrayParagraph(at: offset) else { return }
        }
        stack[stack.count - 1].content.append(inline)
    }

    // MARK: - Markers

    private mutating func readMarker() {
        let markerStart = position
        let count = input.count
        position += 1
        var nested = false
        if position < count, input[position] == plus {
            nested = true
            position += 1
        }
        let nameStart = position
        while position < count, isNameByte(input[position]) { position += 1 }
        let name = String(decoding: UnsafeBufferPointer(rebasing: input[nameStart..<position]), as: UTF8.self)
        var closing = false
        if position < count, input[position] == asterisk {
            closing = true
            position += 1
        }
        if name.isEmpty {
            if closing {
                report(.warning, .unexpectedClosingMarker, at: markerStart, "\\* without an open milestone; remove it")
            } else {
                report(.warning, .unknownMarker, at: markerStart, "a backslash that starts no marker; write markers as \\name")
                appendInline(.text("\\"), at: markerStart)
            }
            return
        }
        if closing {
            closeMarker(name, at: markerStart)
            return
        }
        skipOneSpace()
        guard book != nil || name == "id" else {
            reportMissingID(at: markerStart)
            if name == "v" || name == "c" { _ = readToken() }
            return
        }
        guard let role = USFMMarkers.role(of: name) else {
            openUnknown(name, nested: nested, at: markerStart)
            return
        }
        switch role {
        case .bookID: readBookID(at: markerStart)
        case .formatVersion, .header, .chapterPublished, .chapterLabel:
            endBlock()
            stack.append(USFMFrame(kind: .field(name), offset: markerStart))
        case .chapter: readChapter(at: markerStart)
        case .chapterAlternate:
            if stack.isEmpty, let last = book?.chapters.last, last.blocks.isEmpty {
                stack.append(USFMFrame(kind: .chapterAlternate, offset: markerStart))
            } else {
                openCharacter(name, nested: nested, at: markerStart)
            }
        case .verse: readVerse(at: markerStart)
        case .paragraph: openParagraph(name, at: markerStart)
        case .character: openCharacter(name, nested: nested, at: markerStart)
        case .noteCharacter: openNoteCharacter(name, nested: nested, at: markerStart)
        case .note: openNote(name, at: markerStart)
        case .figure:
            if stack.isEmpty { _ = openStrayParagraph(at: markerStart) }
            stack.append(USFMFrame(kind: .figure, offset: markerStart))
        case .tableRow: openTableRow(at: markerStart)
        case .tableCell: openTableCell(name, at: markerStart)
        case .milestone: readMilestone(name, at: markerStart)
        case .structural: endBlock()
        }
    }

    /// Consumes the single white space that ends a marker (CRLF counts as one).
    private mutating func skipOneSpace() {
        guard position < input.count else { return }
        let byte = input[position]
        if byte == 0x0D {
            position += 1
            if position < input.count, input[position] == 0x0A { position += 1 }
        } else if isSpace(byte) {
            position += 1
        }
    }

    /// Reads a run of non-space bytes up to white space or a backslash, after skipping spaces.
    private mutating func readToken() -> (text: String, offset: Int) {
        while position < input.count, input[position] == 0x20 || input[position] == 0x09 { position += 1 }
        let start = position
        while position < input.count, !isSpace(input[position]), input[position] != backslash { position += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<position]), as: UTF8.self)
        skipOneSpace()
        return (text, start)
    }

    private mutating func readBookID(at offset: Int) {
        finishBook()
        while position < input.count, input[position] == 0x20 || input[position] == 0x09 { position += 1 }
        let codeOffset = position
        while position < input.count, !isSpace(input[position]), input[position] != backslash { position += 1 }
        let code = String(decoding: UnsafeBufferPointer(rebasing: input[codeOffset..<position]), as: UTF8.self)
        var lineEnd = position
        while lineEnd < input.count, input[lineEnd] != 0x0A, input[lineEnd] != 0x0D { lineEnd += 1 }
        let rest = String(decoding: UnsafeBufferPointer(rebasing: input[position..<lineEnd]), as: UTF8.self)
        position = lineEnd
        guard let id = BookID(code: code) else {
            skippingUnknownBook = true
            report(
                .error, .unknownBook, at: codeOffset,
                "unknown book code '\(code)' after \\id; use a USFM 3 code such as GEN, MAT or 1CO (this book is skipped)")
            return
        }
        skippingUnknownBook = false
        book = Book(id: id, identification: NFC.normalize(rest.trimmingASCIISpaces()), location: location(offset))
        chapterNumbers = []
        verseLabels = []
    }

    private mutating func readChapter(at offset: Int) {
        endBlock()
        let (label, labelOffset) = readToken()
        guard let number = Int(label), number > 0, number < 100_000 else {
            report(
                .error, .invalidChapterNumber, at: labelOffset,
                label.isEmpty ? "\\c needs a chapter number" : "chapter number '\(label)' is not a positive whole number")
            return
        }
        if !chapterNumbers.insert(number).inserted {
            report(
                .error, .duplicateChapter, at: offset,
                "chapter \(number) appears twice in \(book?.id.code ?? "this book"); its content is added to the first")
        }
        verseLabels = []
        let chapterLocation = location(offset)
        book?.chapters.append(Chapter(number: number, location: chapterLocation))
    }

    private mutating func readVerse(at offset: Int) {
        let (label, labelOffset) = readToken()
        guard let book else { return }
        if book.chapters.isEmpty {
            report(.error, .verseBeforeChapter, at: offset, "verse \(label) comes before the first \\c; add \\c 1 before it")
        }
        if label.isEmpty || !Self.isValidVerseLabel(label) {
            report(
                .error, .invalidVerseNumber, at: labelOffset,
                label.isEmpty ? "\\v needs a verse number" : "verse number '\(label)' is not a number, a bridge (1-2) or a segment (3a)")
        } else if !book.chapters.isEmpty, !verseLabels.insert(label).inserted {
            let chapter = book.chapters.last?.number ?? 0
            report(.error, .duplicateVerse, at: offset, "verse \(book.id.code) \(chapter):\(label) appears twice")
        }
        if stack.isEmpty {
            if !book.chapters.isEmpty {
                report(.warning, .misplacedMarker, at: offset, "verse \(label) is outside a paragraph; add \\p before it")
            }
            openParagraph("p", at: offset)
        }
        closeOpenNotes(before: "\\v", at: offset)
        let verseLocation = location(offset)
        stack[stack.count - 1].content.append(.verse(VerseStart(number: label, location: verseLocation)))
    }

    /// Content without the white space that ended its last line.
    static func trimmingTrailingSpace(_ content: [Inline]) -> [Inline] {
        guard case .text(let text) = content.last, text.utf8.last == space else { return content }
        var trimmed = content
        let kept = text.trimmingASCIISpaces(leading: false)
        if kept.isEmpty { trimmed.removeLast() } else { trimmed[trimmed.count - 1] = .text(kept) }
        return trimmed
    }

    /// Whether content ends with a verse start, ignoring white space after it (where `\\va` and `\\vp` belong).
    static func endsWithVerseStart(_ content: [Inline]) -> Bool {
        for inline in content.reversed() {
            switch inline {
            case .verse: return true
            case .text(let text) where text.utf8.allSatisfy({ $0 == 0x20 }): continue
            default: return false
            }
        }
        return false
    }

    /// `1`, `1-2`, `3a`, `3a-4b`, `12b`.
    static func isValidVerseLabel(_ label: String) -> Bool {
        var sawDigit = false
        var parts = 0
        for part in label.split(separator: "-", omittingEmptySubsequences: false) {
            parts += 1
            let bytes = Array(part.utf8)
            var index = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            guard index > 0 else { return false }
            sawDigit = true
            if index < bytes.count, (0x61...0x7A).contains(bytes[index]) { index += 1 }
            guard index == bytes.count else { return false }
        }
        return sawDigit && parts <= 2
    }

    private mutating func openParagraph(_ name: String, at offset: Int) {
        endBlock()
        var frame = USFMFrame(kind: .paragraph(name), offset: offset)
        if !pendingMilestones.isEmpty {
            frame.content = pendingMilestones
            pendingMilestones = []
        }
        stack.append(frame)
    }

    private mutating func openCharacter(_ name: String, nested: Bool, at offset: Int) {
        if stack.isEmpty {
            guard openStrayParagraph(at: offset) else { return }
        }
        if !nested, let top = stack.last, case .character(let open, _) = top.kind {
            report(
                .warning, .unclosedCharacterStyle, at: top.offset,
                "\\\(open) is not closed before \\\(name); close it with \\\(open)* or nest with \\+\(name)")
            popFrame(explicit: false)
        }
        if name == "va" || name == "vp", let content = stack.last?.content, Self.endsWithVerseStart(content) {
            stack.append(USFMFrame(kind: .verseField(name), offset: offset))
            return
        }
        stack.append(USFMFrame(kind: .character(name, nested: nested), offset: offset))
    }

    private mutating func openNoteCharacter(_ name: String, nested: Bool, at offset: Int) {
        guard let noteIndex = stack.lastIndex(where: { if case .note = $0.kind { true } else { false } }) else {
            report(.warning, .misplacedMarker, at: offset, "\\\(name) belongs inside a footnote or cross-reference")
            openCharacter(name, nested: nested, at: offset)
            return
        }
        if !nested, let previous = stack.lastIndex(where: { if case .noteCharacter = $0.kind { true } else { false } }),
            previous > noteIndex
        {
            while stack.count > previous { popFrame(explicit: false, warn: true) }
        }
        stack.append(USFMFrame(kind: .noteCharacter(name, nested: nested), offset: offset))
    }

    private mutating func openNote(_ name: String, at offset: Int) {
        let (caller, _) = readToken()
        if stack.isEmpty {
            guard openStrayParagraph(at: offset) else { return }
        }
        stack.append(USFMFrame(kind: .note(name, caller: caller.isEmpty ? "+" : NFC.normalize(caller)), offset: offset))
    }

    private mutating func closeOpenNotes(before marker: String, at offset: Int) {
        guard let noteIndex = stack.firstIndex(where: { if case .note = $0.kind { true } else { false } }) else { return }
        report(
            .warning, .unclosedNote, at: stack[noteIndex].offset,
            "note \\\(stack[noteIndex].marker) is not closed before \(marker); close it with \\\(stack[noteIndex].marker)*")
        while stack.count > noteIndex { popFrame(explicit: false) }
    }

    private mutating func openUnknown(_ name: String, nested: Bool, at offset: Int) {
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
    private func hasClosingMarker(_ name: String, from start: Int) -> Bool {
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

    private mutating func readMilestone(_ name: String, at offset: Int) {
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
                if case .failure(let problem) = USFMAttributes.parse(raw, marker: name) { attributes = problem.recovered }
            }
        }
        let milestone = Inline.milestone(Milestone(marker: name, attributes: attributes))
        if stack.isEmpty {
            pendingMilestones.append(milestone)
        } else {
            stack[stack.count - 1].content.append(milestone)
        }
    }

    // MARK: - Attributes

    private mutating func readAttributes() {
        position += 1
        let start = position
        while position < input.count, input[position] != backslash { position += 1 }
        guard let top = stack.last else { return }
        let parsed = parseAttributes(start..<position, marker: top.marker)
        stack[stack.count - 1].attributes.append(contentsOf: parsed)
    }

    private mutating func parseAttributes(_ range: Range<Int>, marker: String) -> [Attribute] {
        let raw = UnsafeBufferPointer(rebasing: input[range])
        switch USFMAttributes.parse(raw, marker: marker) {
        case .success(let attributes):
            return attributes
        case .failure(let problem):
            report(.warning, .malformedAttributes, at: range.lowerBound + problem.offset, problem.message)
            return problem.recovered
        }
    }

    // MARK: - Closing

    private mutating func closeMarker(_ name: String, at offset: Int) {
        guard let index = stack.lastIndex(where: { !$0.isBlockLevel && $0.marker == name }) else {
            report(.warning, .unexpectedClosingMarker, at: offset, "\\\(name)* closes nothing; remove it or open \\\(name) first")
            return
        }
        while stack.count > index + 1 { popFrame(explicit: false, warn: true) }
        popFrame(explicit: true)
    }

    /// Pops the top frame into its parent's content.
    private mutating func popFrame(explicit: Bool, warn: Bool = false) {
        guard let frame = stack.popLast() else { return }
        if warn, !explicit {
            switch frame.kind {
            case .character(let marker, _), .verseField(let marker):
                report(.warning, .unclosedCharacterStyle, at: frame.offset, "\\\(marker) is not closed; add \\\(marker)*")
            case .note(let marker, _):
                report(.warning, .unclosedNote, at: frame.offset, "note \\\(marker) is not closed; add \\\(marker)*")
            default: break
            }
        }
        let inline: Inline
        switch frame.kind {
        case .character(let marker, _), .noteCharacter(let marker, _):
            inline = .character(
                CharacterSpan(marker: marker, attributes: frame.attributes, content: frame.content, isClosed: explicit))
        case .note(let marker, let caller):
            inline = .note(Note(marker: marker, caller: caller, content: frame.content))
        case .figure:
            inline = .figure(USFMAttributes.figure(caption: frame.plainText, attributes: frame.attributes))
        case .verseField(let marker):
            let value = frame.plainText
            if let last = stack.indices.last,
                let index = stack[last].content.lastIndex(where: { if case .verse = $0 { true } else { false } }),
                case .verse(var start) = stack[last].content[index]
            {
                if marker == "va" { start.alternateNumber = value } else { start.publishedNumber = value }
                stack[last].content[index] = .verse(start)
            }
            return
        case .chapterAlternate:
            if let last = book?.chapters.indices.last { book?.chapters[last].alternateNumber = frame.plainText }
            return
        case .paragraph, .field, .rowLeading, .cell:
            stack.append(frame)  // block-level frames are closed by endBlock
            return
        }
        if stack.isEmpty {
            stack.append(USFMFrame(kind: .paragraph("p"), offset: frame.offset))
        }
        stack[stack.count - 1].content.append(inline)
    }

    // MARK: - Blocks

    /// Closes the open paragraph, field or table, with warnings for what was left open.
    private mutating func endBlock() {
        while let top = stack.last, !top.isBlockLevel {
            switch top.kind {
            case .character(let marker, _), .verseField(let marker):
                report(
                    .warning, .unclosedCharacterStyle, at: top.offset,
                    "\\\(marker) is not closed at the end of the paragraph; add \\\(marker)*")
            case .note(let marker, _):
                report(
                    .warning, .unclosedNote, at: top.offset,
                    "note \\\(marker) is still open at the end of the paragraph; add \\\(marker)*")
            case .figure:
                report(.warning, .unclosedCharacterStyle, at: top.offset, "\\fig is not closed; add \\fig*")
            default: break
            }
            popFrame(explicit: false)
        }
        if let bottom = stack.popLast() {
            switch bottom.kind {
            case .paragraph(let marker):
                let content = Self.trimmingTrailingSpace(bottom.content)
                appendBlock(.paragraph(Paragraph(marker: marker, content: content, location: location(bottom.offset))))
            case .field(let marker):
                assignField(marker, value: bottom.plainText)
            case .rowLeading, .cell:
                stack.append(bottom)
                finishCell()
            default: break
            }
        }
        if openTable != nil {
            finishRow()
            if let table = openTable { appendBlock(.table(table)) }
            openTable = nil
        }
    }

    private mutating func appendBlock(_ block: Block) {
        guard book != nil else { return }
        if let last = book?.chapters.indices.last {
            book?.chapters[last].blocks.append(block)
        } else {
            if case .paragraph(let paragraph) = block, paragraph.kind == .prose || paragraph.kind == .poetry,
                !paragraph.content.isEmpty
            {
                report(
                    .warning, .textBeforeChapter, at: paragraph.location.offset,
                    "\\\(paragraph.marker) before the first \\c; introductions use \\ip, \\is1 and the like")
            }
            book?.introduction.append(block)
        }
    }

    private mutating func assignField(_ marker: String, value: String) {
        let text = NFC.normalize(value)
        switch marker {
        case "h", "h1": book?.names.header = text
        case "toc1": book?.names.long = text
        case "toc2": book?.names.short = text
        case "toc3": book?.names.abbreviation = text
        case "usfm": book?.formatVersion = text
        case "cp":
            if let last = book?.chapters.indices.last { book?.chapters[last].publishedNumber = text }
        case "cl":
            if let last = book?.chapters.indices.last {
                book?.chapters[last].label = text
            } else {
                book?.chapterLabel = text
            }
        default: break
        }
    }

    // MARK: - Tables

    private mutating func openTableRow(at offset: Int) {
        if openTable == nil {
            endBlock()
            openTable = Table(location: location(offset))
        } else {
            finishRow()
        }
        openRow = TableRow(location: location(offset))
        stack.append(USFMFrame(kind: .rowLeading, offset: offset))
    }

    private mutating func openTableCell(_ name: String, at offset: Int) {
        if openRow == nil {
            report(.warning, .misplacedMarker, at: offset, "table cell \\\(name) outside a row; start the row with \\tr")
            openTableRow(at: offset)
        }
        finishCell()
        stack.append(USFMFrame(kind: .cell(name), offset: offset))
    }

    /// Closes the open cell (or the row's leading content) into the open row.
    private mutating func finishCell() {
        while let top = stack.last, !top.isBlockLevel { popFrame(explicit: false, warn: true) }
        guard let bottom = stack.popLast() else { return }
        let content = Self.trimmingTrailingSpace(bottom.content)
        switch bottom.kind {
        case .rowLeading: openRow?.leading = content
        case .cell(let marker):
            openRow?.cells.append(TableCell(marker: marker, columnSpan: USFMMarkers.columnSpan(of: marker), content: content))
        default: stack.append(bottom)
        }
    }

    private mutating func finishRow() {
        finishCell()
        if let row = openRow { openTable?.rows.append(row) }
        openRow = nil
    }

    private mutating func finishBook() {
        endBlock()
        if !pendingMilestones.isEmpty {
            appendBlock(.paragraph(Paragraph(marker: "p", content: pendingMilestones, location: location(position))))
            pendingMilestones = []
        }
        if let book { books.append(book.mergingRepeatedChapters()) }
        book = nil
    }
}
