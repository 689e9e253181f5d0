import ScriptureModel
import TextNormalization

let backslash = UInt8(ascii: "\\")
let slash = UInt8(ascii: "/")
let pipe = UInt8(ascii: "|")
let tilde = UInt8(ascii: "~")
let asterisk = UInt8(ascii: "*")
let plus = UInt8(ascii: "+")
let space = UInt8(ascii: " ")

@inline(__always) func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
}

@inline(__always) private func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x2D
        || byte == 0x5F
}

/// Reads one USFM file's markers and text into books: a cursor over bytes and a stack of open frames.
///
/// The content of all open frames is kept in one buffer, `inlines`; a frame records where its part
/// starts, so the top frame's content is always the buffer's tail.
struct USFMBookBuilder: ~Copyable {
    let input: UnsafeBufferPointer<UInt8>
    let lines: LineTable
    var position: Int
    var diagnostics: [Diagnostic] = []
    /// The last location asked for (locations are mostly asked in file order).
    var lineCursor = LineTable.Cursor()

    var books: [Book] = []
    var book: Book?
    /// Whether `book` is set (checking the optional itself can copy the whole book).
    var hasBook = false
    var skippingUnknownBook = false
    var reportedMissingID = false
    var frames: [USFMFrame] = []
    /// The markers opened past `Inline.maximumNestingDepth` inside the top frame, innermost last:
    /// not pushed, their text goes to the top frame, and their closing markers are dropped.
    var tooDeep: [String] = []
    var inlines = USFMContentStack()
    var openTable: Table?
    var openRow: TableRow?
    var pendingMilestones: [Inline] = []
    /// The open sidebar (`\esb` read, `\esbe` not yet): blocks go into it instead of the chapter.
    var sidebar: Sidebar?
    /// Where the open sidebar's `\esb` is.
    var sidebarOffset = 0
    var chapterNumbers: Set<Int> = []
    var verseLabels = USFMVerseLabels()
    var scratch: [UInt8] = []
    var paragraphTemplates: [Paragraph] = []
    let markers = USFMMarkerTable.shared
    /// `\w`, the commonest marker by far.
    let wordMarker = USFMMarkerTable.shared.info(named: "w")
    /// Spans, texts and attribute lists already built, by their source bytes.
    var shared: USFMSharedValues

    init(input: UnsafeBufferPointer<UInt8>, table: LineTable, start: Int) {
        self.input = input
        self.lines = table
        self.position = start
        shared = USFMSharedValues(inputSize: 0)
        scratch.reserveCapacity(4096)
        frames.reserveCapacity(16)
    }

    mutating func run() -> ParseResult {
        let count = input.count
        while position < count {
            let byte = input[position]
            if byte == backslash {
                if !readWordSpan() { readMarker() }
            } else if byte == slash, position + 1 < count, input[position + 1] == slash {
                appendInline(.optionalBreak, at: position)
                position += 2
            } else if byte == pipe, topTakesAttributes {
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

    mutating func location(_ offset: Int) -> SourceLocation {
        lines.location(of: offset, in: input, cursor: &lineCursor)
    }

    mutating func report(_ severity: Diagnostic.Severity, _ kind: Diagnostic.Kind, at offset: Int, _ message: String) {
        diagnostics.append(Diagnostic(severity, kind, at: location(offset), message))
    }

    // MARK: - Content of the open frames

    /// Whether the top frame accepts `|attributes`.
    var topTakesAttributes: Bool {
        if !tooDeep.isEmpty { return true }
        guard let last = frames.indices.last else { return false }
        return frames[last].takesAttributes
    }

    /// Pushes a frame whose content starts empty.
    mutating func push(_ kind: USFMFrame.Kind, _ marker: String, at offset: Int) {
        frames.append(USFMFrame(kind: kind, marker: marker, contentStart: inlines.count, offset: offset))
    }

    /// Removes content from `start` to the end and returns it as an array of exactly its size.
    mutating func takeContent(from start: Int) -> [Inline] {
        inlines.take(from: start)
    }

    mutating func appendInline(_ inline: Inline, at offset: Int) {
        if frames.isEmpty {
            guard openStrayParagraph(at: offset) else { return }
        }
        inlines.append(inline)
    }

    // MARK: - Markers

    mutating func readMarker() {
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
        let nameEnd = position
        var closing = false
        if position < count, input[position] == asterisk {
            closing = true
            position += 1
        }
        if nameEnd == nameStart {
            if closing {
                report(.warning, .unexpectedClosingMarker, at: markerStart, "\\* without an open milestone; remove it")
            } else {
                report(
                    .warning, .unknownMarker, at: markerStart,
                    "a backslash that starts no marker; write markers as \\name")
                appendInline(.text("\\"), at: markerStart)
            }
            return
        }
        let marker = markers.info(input, nameStart, nameEnd)
        let name = marker.name
        if closing {
            closeMarker(name, at: markerStart)
            return
        }
        skipOneSpace()
        guard hasBook || marker.role == .bookID else {
            reportMissingID(at: markerStart)
            if marker.role == .verse || marker.role == .chapter { _ = readToken() }
            return
        }
        guard let role = marker.role else {
            openUnknown(name, nested: nested, at: markerStart)
            return
        }
        switch role {
        case .bookID: readBookID(at: markerStart)
        case .formatVersion, .header, .chapterPublished, .chapterLabel:
            endBlock()
            push(.field, name, at: markerStart)
        case .chapter: readChapter(at: markerStart)
        case .chapterAlternate:
            if frames.isEmpty, let last = book?.chapters.last, last.blocks.isEmpty {
                push(.chapterAlternate, "ca", at: markerStart)
            } else {
                openCharacter(name, nested: nested, at: markerStart)
            }
        case .verse: readVerse(at: markerStart)
        case .paragraph: openParagraph(name, at: markerStart)
        case .character:
            if !readPlainSpan(marker, nested: nested, name: nameStart..<nameEnd) {
                openCharacter(name, nested: nested, at: markerStart)
            }
        case .noteCharacter: openNoteCharacter(name, nested: nested, at: markerStart)
        case .note: openNote(name, at: markerStart)
        case .figure:
            if frames.isEmpty { _ = openStrayParagraph(at: markerStart) }
            if admitsNesting("fig", at: markerStart) { push(.figure, "fig", at: markerStart) }
        case .tableRow: openTableRow(at: markerStart)
        case .tableCell: openTableCell(name, at: markerStart)
        case .milestone: readMilestone(name, at: markerStart)
        case .structural:
            endBlock()
            readSidebarMarker(name, at: markerStart)
        }
    }

    /// Reads `\w ` or `\+w ` straight as a plain span, which is what `readMarker` would end up
    /// doing for them; `false`, having changed nothing, for anything else.
    @inline(__always)
    mutating func readWordSpan() -> Bool {
        guard hasBook else { return false }
        let count = input.count
        var nameStart = position + 1
        var nested = false
        if nameStart < count, input[nameStart] == plus {
            nested = true
            nameStart += 1
        }
        guard nameStart + 1 < count, input[nameStart] == UInt8(ascii: "w"), input[nameStart + 1] == space else {
            return false
        }
        return readPlainSpan(wordMarker, nested: nested, name: nameStart..<(nameStart + 1))
    }

    /// Consumes the single white space that ends a marker (CRLF counts as one).
    @inline(__always)
    mutating func skipOneSpace() {
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
    mutating func readToken() -> (text: String, offset: Int) {
        while position < input.count, input[position] == 0x20 || input[position] == 0x09 { position += 1 }
        let start = position
        while position < input.count, !isSpace(input[position]), input[position] != backslash { position += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<position]), as: UTF8.self)
        skipOneSpace()
        return (text, start)
    }
}
