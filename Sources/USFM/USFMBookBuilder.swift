import CByteScan
import LecternKernels
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

/// Reads one USFM file's markers and text into books: a cursor over the bytes, a stack of open
/// frames, and the flat content of the chapter (or introduction) being read, built in document order.
struct USFMBookBuilder: ~Copyable {
    var cursor: USFMCursor
    /// The file's path as the user gave it.
    let path: String
    /// Lines and columns of the input (locations are mostly asked in file order, from its cursor).
    var lines: LineLocator
    var diagnostics: [Diagnostic] = []

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
    /// The content of the introduction, or of the last chapter once there is one.
    var flat = FlatContentBuilder()
    /// The bytes of `flat`'s latest text nodes and attribute values, not yet in it (see `FlatByteStage`).
    var stage = FlatByteStage()
    /// The open table's and row's nodes, or -1.
    var tableNode = -1
    var rowNode = -1
    /// The column the open row's next cell should start at (`skipped-table-column`).
    var nextTableColumn = 1
    /// The book's first `space-in-attributes` warning for a space before `|` (its index in `diagnostics`), and
    /// how many such spaces the book has: reported once a book, with the count.
    var spaceBeforeBar = (diagnostic: -1, count: 0)
    var pendingMilestones: [Milestone] = []
    /// The open sidebar's node (`\esb` read, `\esbe` not yet), or -1: blocks go into it.
    var sidebarNode = -1
    /// Where the open sidebar's `\esb` is.
    var sidebarOffset = 0
    var chapterNumbers: Set<Int> = []
    var verseLabels = VerseLabelSet()
    var scratch: [UInt8] = []
    /// The NFC forms of the words read in one step that NFC may change (pointed Hebrew, polytonic Greek).
    let nfcWords: NFCWordCache
    /// The kinds of the paragraph styles met, in a short list (a file uses a handful of styles), and of those
    /// met past the list's room (see `paragraphKind(_:)`).
    var paragraphKinds: [(marker: String, kind: ParagraphKind)] = []
    var otherParagraphKinds: [String: ParagraphKind] = [:]
    let markers = USFMMarkerTable.shared
    /// `\w`, the commonest marker by far, and its slot.
    let wordMarker = USFMMarkerTable.shared.info(named: "w")
    let wordSlot = USFMMarkerTable.shared.info(named: "w").slot
    /// The byte tables of the text and attribute scanners, read here without a lazy global's check.
    let textFlags = USFMTextByte.table
    /// Where `readWordRun` reads runs of words and makes their nodes, and whether it does (see
    /// `USFMParseSession.readsWordRuns`).
    let wordRun = USFMWordRunRoom()
    let readsWordRuns: Bool
    /// How many words the runs read (for tests).
    var wordsReadInRuns = 0
    let attributeFlags = USFMAttributeByte.table
    /// The index in `flat`'s string table of each marker of `markers` used so far, by slot.
    var markerIDs = [UInt32](repeating: FlatNode.none, count: 1 << USFMMarkerTable.slotBits)
    var usedMarkerSlots: [Int] = []
    /// Attribute names of up to sixteen bytes (`link-href`, `x-translit` are longer than eight), packed in two
    /// words with their length, and their index in `flat`'s string table.
    var attributeNameIDs: [USFMPackedName] = []
    /// The attribute names (with their `="`) read in this chapter, up to eight, found again with two loads.
    var knownAttributeNames: [lectern_usfm_name] = []
    /// The slot of `knownAttributeNames` to try first: the one after the name found last.
    var nextAttributeName = 0
    /// The file's index in `flat`'s string table, or `FlatNode.none` before the first location.
    var fileID = FlatNode.none

    init(
        input: UnsafeBufferPointer<UInt8>, path: String, lineStarts: [Int] = [], replacements: [Int] = [], start: Int,
        nfcWords: NFCWordCache = NFCWordCache(), wordRuns: Bool = true
    ) {
        cursor = USFMCursor(input, position: start)
        self.path = path
        lines = LineLocator(bytes: input, lineStarts: lineStarts, replacements: replacements)
        readsWordRuns = wordRuns
        self.nfcWords = nfcWords
        scratch.reserveCapacity(4096)
        frames.reserveCapacity(16)
    }

    mutating func run() -> ParseResult {
        while !cursor.isAtEnd {
            let byte = cursor.peek()
            if byte == backslash {
                if !readWordSpan() { readMarker() }
            } else if byte == slash, cursor.peek(1) == slash {
                if prepareInline(at: cursor.position) { appendLeaf(.optionalBreak) }
                cursor.advance(2)
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
        lines.location(at: offset, file: path)
    }

    /// Reports a problem at `offset` in the input (the parser's copy, where a repaired byte is three).
    mutating func report(_ severity: Diagnostic.Severity, _ kind: Diagnostic.Kind, at offset: Int, _ message: String) {
        diagnostics.append(Diagnostic(severity, kind, at: location(offset), message))
    }

    /// Reports a problem at a location found before (whose offset is the file's, not the input's: after a
    /// repaired byte the two differ, so it is never passed as an offset).
    mutating func report(
        _ severity: Diagnostic.Severity, _ kind: Diagnostic.Kind, at location: SourceLocation, _ message: String
    ) {
        diagnostics.append(Diagnostic(severity, kind, at: location, message))
    }

    // MARK: - Content of the open frames

    /// Whether the top frame accepts `|attributes`.
    var topTakesAttributes: Bool {
        mutating get {
            if !tooDeep.isEmpty { return true }
            guard let last = frames.indices.last else { return false }
            return frames[last].takesAttributes
        }
    }

    /// Makes sure a frame is open for an inline at `offset` (a stray paragraph if needed).
    mutating func prepareInline(at offset: Int) -> Bool {
        if frames.isEmpty { return openStrayParagraph(at: offset) }
        return true
    }

    /// Adds a node with no children to the top frame.
    @discardableResult
    mutating func appendLeaf(_ kind: FlatNode.Kind, markerID: UInt32 = FlatNode.none) -> Int {
        let index = flat.leaf(kind, markerID: markerID)
        noteChild(index)
        return index
    }

    /// Records that `index` was added to the top frame's own content.
    @inline(__always)
    mutating func noteChild(_ index: Int) {
        guard let last = frames.indices.last else { return }
        frames[last].lastChild = index
        frames[last].endsWithVerse = false
    }

    /// Pushes a frame whose content is held by the open node `node`.
    mutating func push(_ kind: USFMFrame.Kind, _ marker: String, node: Int, at offset: Int) {
        var frame = USFMFrame(kind: kind, marker: marker, node: node, offset: offset)
        if let last = frames.indices.last {
            frame.parentLastChild = frames[last].lastChild
            frame.parentEndsWithVerse = frames[last].endsWithVerse
            frames[last].lastChild = node
            frames[last].endsWithVerse = false
        }
        frames.append(consume frame)
    }

    /// Opens a node for a frame's content and pushes the frame.
    mutating func push(_ kind: USFMFrame.Kind, _ marker: String, markerID: UInt32, at offset: Int) {
        let node = flat.open(kind == .note ? .note : .character, markerID: markerID)
        push(kind, marker, node: node, at: offset)
    }

    /// Closes `node` and any node open inside it.
    mutating func closeNode(_ node: Int) {
        while let last = flat.innermost, last >= node { flat.close() }
    }

    /// Closes and removes the node of a frame whose content became a value, giving the frame
    /// below back the content it had before.
    mutating func dropNode(of frame: USFMFrame) {
        flat.removeNodes(from: frame.node)
        guard let last = frames.indices.last else { return }
        frames[last].lastChild = frame.parentLastChild
        frames[last].endsWithVerse = frame.parentEndsWithVerse
    }

    /// The index of a known marker's name in `flat`'s string table.
    @inline(__always)
    mutating func markerID(_ marker: USFMMarkerInfo) -> UInt32 {
        guard marker.slot >= 0 else { return flat.intern(marker.name) }
        let id = markerIDs[marker.slot]
        if id != FlatNode.none { return id }
        let new = flat.intern(marker.name)
        markerIDs[marker.slot] = new
        usedMarkerSlots.append(marker.slot)
        return new
    }

    /// The index in `flat`'s string table of the marker in slot `slot` of `markers` (-1 for none)
    /// whose name is the input's bytes at `name`.
    @inline(__always)
    mutating func markerID(slot: Int, name: Range<Int>) -> UInt32 {
        if slot >= 0 {
            let id = markerIDs[slot]
            if id != FlatNode.none { return id }
        }
        let new = flat.intern(cursor.string(name))
        if slot >= 0 {
            markerIDs[slot] = new
            usedMarkerSlots.append(slot)
        }
        return new
    }

    /// Gives a node the location of `offset`.
    mutating func setLocation(of node: Int, offset: Int) {
        let place = lines.place(at: offset)
        if fileID == FlatNode.none { fileID = flat.intern(path) }
        flat.setLocation(of: node, file: fileID, line: place.line, column: place.column, offset: place.offset)
    }

    /// Stores the content read so far in the book (the introduction, or the last chapter) and starts anew.
    mutating func storeContent() {
        flat.flush(&stage)
        let content = flat.takeContent()
        for slot in usedMarkerSlots { markerIDs[slot] = FlatNode.none }
        usedMarkerSlots.removeAll(keepingCapacity: true)
        attributeNameIDs.removeAll(keepingCapacity: true)
        knownAttributeNames.removeAll(keepingCapacity: true)
        nextAttributeName = 0
        fileID = FlatNode.none
        guard hasBook, !content.isEmpty else { return }
        Self.change(&book) { book in
            if let last = book.chapters.indices.last {
                book.chapters[last].content = content
            } else {
                book.introductionContent = content
            }
        }
    }

    // MARK: - Markers

    mutating func readMarker() {
        let markerStart = cursor.position
        cursor.advance()
        var nested = false
        if cursor.peek() == plus {
            nested = true
            cursor.advance()
        }
        let nameStart = cursor.position
        cursor.advance(while: isNameByte)
        let nameEnd = cursor.position
        var closing = false
        if cursor.peek() == asterisk {
            closing = true
            cursor.advance()
        }
        if nameEnd == nameStart {
            if closing {
                report(.warning, .unexpectedClosingMarker, at: markerStart, "\\* without an open milestone; remove it")
            } else {
                report(
                    .warning, .unknownMarker, at: markerStart,
                    "a backslash that starts no marker; write markers as \\name")
                if prepareInline(at: markerStart) { appendText(string: "\\") }
            }
            return
        }
        let marker = markers.info(cursor.input, nameStart, nameEnd)
        if closing {
            closeMarker(marker.name, at: markerStart)
            return
        }
        skipOneSpace()
        guard hasBook || marker.role == .bookID else {
            reportMissingID(at: markerStart)
            if marker.role == .verse || marker.role == .chapter { _ = readTokenRange() }
            return
        }
        guard let role = marker.role else {
            openUnknown(marker, nested: nested, at: markerStart)
            return
        }
        switch role {
        case .bookID: readBookID(at: markerStart)
        case .formatVersion, .header, .chapterPublished, .chapterLabel:
            endBlock()
            push(.field, marker.name, markerID: FlatNode.none, at: markerStart)
        case .chapter: readChapter(at: markerStart)
        case .chapterAlternate:
            if frames.isEmpty, hasChapters, (sidebarNode >= 0 ? sidebarNode : flat.nodeCount) == 0 {
                push(.chapterAlternate, "ca", markerID: FlatNode.none, at: markerStart)
            } else {
                openCharacter(marker, nested: nested, at: markerStart)
            }
        case .verse: readVerse(at: markerStart)
        case .paragraph: openParagraph(marker.name, markerID: markerID(marker), at: markerStart)
        case .character:
            if !marker.makesPlainSpan || !readPlainSpan(slot: marker.slot, nested: nested, name: nameStart..<nameEnd) {
                openCharacter(marker, nested: nested, at: markerStart)
            }
        case .noteCharacter: openNoteCharacter(marker, nested: nested, at: markerStart)
        case .note: openNote(marker, at: markerStart)
        case .figure:
            if frames.isEmpty { _ = openStrayParagraph(at: markerStart) }
            if admitsNesting("fig", at: markerStart) { push(.figure, "fig", markerID: FlatNode.none, at: markerStart) }
        case .tableRow: openTableRow(at: markerStart)
        case .tableCell: openTableCell(marker, at: markerStart)
        case .milestone: readMilestone(marker.name, at: markerStart)
        case .structural:
            endBlock()
            readSidebarMarker(marker.name, at: markerStart)
        }
    }

    /// Whether the book has a chapter yet.
    var hasChapters: Bool {
        mutating get { !(book?.chapters.isEmpty ?? true) }
    }

    /// Consumes the single white space that ends a marker (CRLF counts as one).
    @inline(__always)
    mutating func skipOneSpace() {
        let byte = cursor.peek()
        if byte == 0x0D {
            cursor.advance()
            if cursor.peek() == 0x0A { cursor.advance() }
        } else if isSpace(byte) {
            cursor.advance()
        }
    }

    /// Reads a run of non-space bytes up to white space or a backslash, after skipping spaces.
    mutating func readToken() -> (text: String, offset: Int) {
        let range = readTokenRange()
        return (cursor.string(range), range.lowerBound)
    }

    /// `readToken()`'s run as the range of its bytes in the input, for a reader that needs no string (a
    /// verse's label, at every verse).
    @inline(__always)
    mutating func readTokenRange() -> Range<Int> {
        cursor.skipSpacesAndTabs()
        let start = cursor.position
        cursor.advance(while: { !isSpace($0) && $0 != backslash })
        let range = start..<cursor.position
        skipOneSpace()
        return range
    }

    /// Changes an optional property of the builder in place, when it has a value.
    ///
    /// Assigning through optional chaining (`book?.names.header = text`) to a property of this `~Copyable`
    /// struct leaks the old value with Swift 6.3.1 (found by the USFM fuzzer's leak check); moving the value
    /// out, changing it and moving it back does not.
    static func change<Value>(_ value: inout Value?, _ body: (inout Value) -> Void) {
        guard var current = value.take() else { return }
        body(&current)
        value = current
    }
}
