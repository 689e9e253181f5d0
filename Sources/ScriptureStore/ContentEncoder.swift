import ScriptureModel

/// Encodes chapters and introductions into the content stream described by `ContentOp`.
///
/// Run it twice over the same books: first counting (`init()`), which only
/// counts how often each marker, string and style is used, then, once the
/// counts of all books are merged and frozen, encoding (`init(tables:)`), which
/// writes the bytes with the most used values given the shortest ids. Each
/// book can have its own encoder, so books are encoded in parallel.
struct ContentEncoder {
    /// What a pass does.
    enum Mode {
        /// Counts uses of strings and styles; writes nothing that is kept.
        case counting
        /// Writes the stream.
        case encoding
    }

    let mode: Mode
    /// Counting: the strings and styles met so far, with their counts.
    var strings = FrequencyInterner<String>()
    var styles = FrequencyInterner<StyleKey>()
    /// Encoding: the ids of every string and style.
    private let tables: InternTables
    /// The encoded streams, one after another.
    var out = ByteWriter()

    /// The verse text of the chapter being encoded, and how far the runs have used it.
    private var verseText: ArraySlice<UInt8> = []
    private var cursor = 0
    private var scratch: [UInt8] = []

    /// An encoder that counts.
    init() {
        mode = .counting
        tables = InternTables(strings: [:], styles: [:])
    }

    /// An encoder that writes, with the ids the counting gave.
    init(tables: InternTables) {
        mode = .encoding
        self.tables = tables
    }

    /// Encodes a chapter whose verse text (all its verses, concatenated) is `verseText`.
    mutating func chapter(_ chapter: Chapter, verseText: ArraySlice<UInt8>) throws(StoreError) {
        self.verseText = verseText
        cursor = 0
        var flags: UInt8 = 0
        if chapter.label != nil { flags |= ChapterFlags.label }
        if chapter.alternateNumber != nil { flags |= ChapterFlags.alternate }
        if chapter.publishedNumber != nil { flags |= ChapterFlags.published }
        out.u8(flags)
        for text in [chapter.label, chapter.alternateNumber, chapter.publishedNumber] {
            if let text { try string(text) }
        }
        // Let go of the caller's text buffer, which it goes on appending to (a kept slice would copy it).
        defer { self.verseText = [] }
        for block in chapter.blocks { try self.block(block, flow: true) }
    }

    /// Encodes a book's introduction (titles and introduction paragraphs).
    mutating func introduction(_ blocks: [Block]) throws(StoreError) {
        verseText = []
        cursor = 0
        for block in blocks { try self.block(block, flow: false) }
    }

    /// Writes the id of a pooled string (or counts it).
    mutating func string(_ text: String) throws(StoreError) {
        switch mode {
        case .counting: strings.count(text)
        case .encoding: out.varint(try tables.id(of: text))
        }
    }

    private mutating func style(_ marker: String, _ attributes: [Attribute]) throws(StoreError) {
        let key = StyleKey(marker: marker, attributes: attributes)
        switch mode {
        case .counting: styles.count(key)
        case .encoding: out.varint(try tables.id(of: key))
        }
    }

    private mutating func op(_ op: ContentOp, _ flags: UInt8 = 0) { out.u8(op.rawValue | flags) }

    private mutating func block(_ block: Block, flow: Bool) throws(StoreError) {
        switch block {
        case .paragraph(let paragraph):
            guard !SidebarMarkers.isReserved(paragraph.marker) else {
                throw .cannotEncode("a paragraph marker starts with U+0001, which the store keeps for sidebars")
            }
            op(.paragraph)
            try string(paragraph.marker)
            try inlines(paragraph.content, flow: flow && paragraph.kind.carriesVerseText, depth: 1)
            op(.end)
        case .table(let table):
            op(.table)
            for row in table.rows {
                op(.row)
                try inlines(row.leading, flow: flow, depth: 2)
                op(.end)
                for cell in row.cells {
                    op(.cell)
                    try string(cell.marker)
                    out.varint(cell.columnSpan)
                    try inlines(cell.content, flow: flow, depth: 2)
                    op(.end)
                }
                op(.end)
            }
            op(.end)
        case .sidebar(let sidebar):
            // `PARAGRAPH "\u{1}esb" [category] END block* PARAGRAPH "\u{1}esbe" END` (see `ContentOp`).
            op(.paragraph)
            try string(SidebarMarkers.start)
            if let category = sidebar.category, mode == .encoding {
                // Written as it is (a text run would collapse its white space).
                op(.textLiteral)
                out.string(category)
            }
            op(.end)
            for inner in sidebar.blocks { try self.block(inner, flow: false) }
            op(.paragraph)
            try string(SidebarMarkers.end)
            op(.end)
        }
    }

    private mutating func inlines(_ content: [Inline], flow: Bool, depth: Int) throws(StoreError) {
        guard depth < maximumContentDepth else {
            throw .cannotEncode("content nested deeper than \(maximumContentDepth) levels")
        }
        var index = 0
        while index < content.count {
            let inline = content[index]
            index += 1
            switch inline {
            case .text(let text):
                self.text(text, flow: flow)
            case .verse(let start):
                try verse(start)
            case .character(let span):
                if flow, mode == .encoding, span.isClosed, span.content.count == 1,
                    case .text(let text) = span.content[0], let run = match(text)
                {
                    var flags = run.flags
                    if index < content.count, case .text(let next) = content[index], Self.isSpaceOnly(next) {
                        flags |= TextFlags.spaceAfter
                        index += 1
                    }
                    op(.word, flags)
                    try style(span.marker, span.attributes)
                    out.varint(run.length)
                    continue
                }
                op(.span, span.isClosed ? 0 : OpFlags.unclosed)
                try style(span.marker, span.attributes)
                try inlines(span.content, flow: flow, depth: depth + 1)
                op(.end)
            case .note(let note):
                op(.note)
                try string(note.marker)
                try string(note.caller)
                try inlines(note.content, flow: false, depth: depth + 1)
                op(.end)
            case .milestone(let milestone):
                op(.milestone)
                try style(milestone.marker, milestone.attributes)
            case .figure(let figure):
                op(.figure)
                try style("fig", figure.attributes)
                out.string(figure.caption)
            case .optionalBreak:
                op(.optionalBreak)
            }
        }
    }

    private mutating func verse(_ start: VerseStart) throws(StoreError) {
        var flags: UInt8 = 0
        if start.alternateNumber != nil { flags |= OpFlags.alternate }
        if start.publishedNumber != nil { flags |= OpFlags.published }
        op(.verse, flags)
        if let number = VerseLabel.number(start.number) {
            out.varint(number << 1)
        } else if mode == .encoding {
            out.varint(try tables.id(of: start.number) << 1 | 1)
        } else {
            strings.count(start.number)
        }
        for text in [start.alternateNumber, start.publishedNumber] {
            if let text { try string(text) }
        }
    }

    private mutating func text(_ text: String, flow: Bool) {
        guard mode == .encoding else { return }
        if Self.isSpaceOnly(text) {
            op(.space)
            return
        }
        if flow, let run = match(text) {
            op(.textRef, run.flags)
            out.varint(run.length)
            return
        }
        let (leading, trailing) = collapse(text)
        op(.textLiteral)
        out.varint(scratch.count + (leading ? 1 : 0) + (trailing ? 1 : 0))
        if leading { out.u8(0x20) }
        out.append(scratch)
        if trailing { out.u8(0x20) }
    }

    /// Finds `text` (white space collapsed) at the verse text cursor, or one space after it, and moves past it.
    private mutating func match(_ text: String) -> (flags: UInt8, length: Int)? {
        let (leading, trailing) = collapse(text)
        guard !scratch.isEmpty else { return nil }
        var skip = 0
        if !verseTextHasScratch(at: cursor) {
            guard cursor < verseText.count, verseText[verseText.startIndex + cursor] == 0x20, verseTextHasScratch(at: cursor + 1) else {
                return nil
            }
            skip = 1
        }
        cursor += skip + scratch.count
        var flags: UInt8 = skip == 1 ? TextFlags.skip : 0
        if leading { flags |= TextFlags.leading }
        if trailing { flags |= TextFlags.trailing }
        return (flags, scratch.count)
    }

    private func verseTextHasScratch(at start: Int) -> Bool {
        guard start + scratch.count <= verseText.count else { return false }
        var index = 0
        while index < scratch.count {
            if verseText[verseText.startIndex + start + index] != scratch[index] { return false }
            index += 1
        }
        return true
    }

    /// Whether `text` is ASCII white space and nothing else (and not empty).
    private static func isSpaceOnly(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    /// Puts `text` with ASCII white space runs collapsed and trimmed into `scratch`; says whether it had
    /// white space at either end (white space alone counts as leading).
    private mutating func collapse(_ text: String) -> (leading: Bool, trailing: Bool) {
        scratch.removeAll(keepingCapacity: true)
        // At most the text's size: growing by doubling would hold up to three times a long text at once.
        scratch.reserveCapacity(text.utf8.count)
        var leading = false
        var pending = false
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                if scratch.isEmpty { leading = true } else { pending = true }
                continue
            }
            if pending {
                scratch.append(0x20)
                pending = false
            }
            scratch.append(byte)
        }
        return (leading, pending)
    }
}
