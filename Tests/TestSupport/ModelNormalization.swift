import ScriptureModel

/// The document model as a store gives it back: locations dropped and ASCII white space runs in text
/// collapsed to one space. Comparing books through this checks everything else the store keeps.
extension Book {
    /// This book with every location replaced by `location` and text white space collapsed (kept as it is
    /// when `collapsing` is false, to compare formats that keep every space, such as USJ).
    public func normalizedForStore(
        location: SourceLocation = .init(file: "", line: 0, column: 0), collapsing: Bool = true
    ) -> Book {
        var book = self
        book.location = location
        book.introduction = introduction.map { $0.normalizedForStore(location, collapsing) }
        book.chapters = chapters.map { chapter in
            var chapter = chapter
            chapter.location = location
            chapter.blocks = chapter.blocks.map { $0.normalizedForStore(location, collapsing) }
            return chapter
        }
        return book
    }
}

extension Block {
    fileprivate func normalizedForStore(_ location: SourceLocation, _ collapsing: Bool) -> Block {
        switch self {
        case .paragraph(var paragraph):
            paragraph.location = location
            paragraph.content = paragraph.content.map { $0.normalizedForStore(location, collapsing) }
            return .paragraph(paragraph)
        case .table(var table):
            table.location = location
            table.rows = table.rows.map { row in
                var row = row
                row.location = location
                row.leading = row.leading.map { $0.normalizedForStore(location, collapsing) }
                row.cells = row.cells.map { cell in
                    var cell = cell
                    cell.content = cell.content.map { $0.normalizedForStore(location, collapsing) }
                    return cell
                }
                return row
            }
            return .table(table)
        case .sidebar(var sidebar):
            sidebar.location = location
            sidebar.blocks = sidebar.blocks.map { $0.normalizedForStore(location, collapsing) }
            return .sidebar(sidebar)
        }
    }
}

extension Inline {
    fileprivate func normalizedForStore(_ location: SourceLocation, _ collapsing: Bool) -> Inline {
        switch self {
        case .text(let text):
            return collapsing ? .text(collapseWhiteSpace(text)) : self
        case .verse(var start):
            start.location = location
            return .verse(start)
        case .character(var span):
            span.content = span.content.map { $0.normalizedForStore(location, collapsing) }
            return .character(span)
        case .note(var note):
            note.content = note.content.map { $0.normalizedForStore(location, collapsing) }
            return .note(note)
        case .milestone, .figure, .optionalBreak:
            return self
        }
    }
}

/// Collapses each run of ASCII white space (space, tab, CR, LF) to one space.
public func collapseWhiteSpace(_ text: String) -> String {
    var bytes: [UInt8] = []
    var inSpace = false
    for byte in text.utf8 {
        if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            if !inSpace { bytes.append(0x20) }
            inSpace = true
        } else {
            bytes.append(byte)
            inSpace = false
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// A paragraph's content flattened the way `StyledChapter` flattens it: the visible text, each
/// character span's marker with its UTF-8 range (outer before inner), and the verse starts with their
/// offsets. Notes, milestones and optional breaks add no text.
public struct FlattenedParagraph: Equatable, Sendable {
    public var text: [UInt8] = []
    public var spans: [String] = []
    public var verses: [String] = []
    public var notes: [Int] = []

    /// Flattens `content`.
    public init(_ content: [Inline]) {
        add(content)
    }

    private mutating func add(_ content: [Inline]) {
        for inline in content {
            switch inline {
            case .text(let value): text += Array(value.utf8)
            case .verse(let start): verses.append("\(start.number)@\(text.count)")
            case .character(let span):
                let index = spans.count
                let start = text.count
                spans.append("")
                add(span.content)
                spans[index] = "\(span.marker)@\(start)..<\(text.count)"
            case .note: notes.append(text.count)
            case .milestone, .figure, .optionalBreak: break
            }
        }
    }
}

extension Chapter {
    /// The chapter's paragraphs and table cells (a row's leading content as `tr`), flattened, in order;
    /// a sidebar's paragraphs and cells come where the sidebar is.
    public var flattenedParagraphs: [(marker: String, content: FlattenedParagraph)] {
        Self.flattened(blocks)
    }

    private static func flattened(_ blocks: [Block]) -> [(marker: String, content: FlattenedParagraph)] {
        blocks.flatMap { block -> [(marker: String, content: FlattenedParagraph)] in
            switch block {
            case .paragraph(let paragraph):
                return [(paragraph.marker, FlattenedParagraph(paragraph.content))]
            case .table(let table):
                return table.rows.flatMap { row in
                    [("tr", FlattenedParagraph(row.leading))]
                        + row.cells.map { ($0.marker, FlattenedParagraph($0.content)) }
                }
            case .sidebar(let sidebar):
                return flattened(sidebar.blocks)
            }
        }
    }
}
