import ScriptureModel

/// One open element while a USX file is read: what it is and what it has collected so far.
struct USXFrame {
    /// What an open element is, which decides what its content may be and where it goes when it closes.
    enum Kind: Equatable {
        /// `<usx>`: holds blocks.
        case root
        /// `<periph>`: holds blocks, which go on into the book as if the wrapper were not there.
        case container
        /// `<sidebar>`: holds blocks, which become the open sidebar's (`USXBuilder.sidebars`).
        case sidebar
        /// `<book>`: its text is the identification line.
        case book
        /// `<para>`, with what its content becomes.
        case paragraph(ParagraphRole)
        /// `<char>`, `<ref>`, `<category>`: a character span.
        case character
        /// `<note>`.
        case note
        /// `<figure>`: its text is the caption.
        case figure
        /// `<table>`: holds rows.
        case table
        /// `<row>`: holds cells.
        case row
        /// `<cell>`.
        case cell
        /// An unknown element, or one in the wrong place: its content goes to the element around it.
        case transparent
        /// An element whose content is not kept (milestones, end markers, rejected elements).
        case ignored

        /// Whether inline content (text, verses, character styles, notes) belongs in it.
        var holdsInlines: Bool {
            switch self {
            case .book, .paragraph, .character, .note, .figure, .cell: true
            case .root, .container, .sidebar, .table, .row, .transparent, .ignored: false
            }
        }

        /// Whether Paratext's line break and indentation at its start are layout, not text.
        var dropsIndentation: Bool {
            switch self {
            case .paragraph, .cell: true
            default: false
            }
        }

        /// Whether paragraphs and tables belong in it.
        var holdsBlocks: Bool { self == .root || self == .container || self == .sidebar }
    }

    /// What a `<para>` becomes.
    enum ParagraphRole: Equatable {
        /// A block of the introduction or the current chapter.
        case block
        /// A book name or other header field.
        case header(HeaderField)
        /// A chapter label (`cl`).
        case chapterLabel
    }

    /// What the element is.
    var kind: Kind
    /// The style (`p`, `wj`, `f`, `tc1`); for notes, the style, with the caller in `caller`.
    var marker = ""
    /// Attributes kept for the model (character spans, figures).
    var attributes: [Attribute] = []
    /// Inline content collected so far.
    var content: [Inline] = []
    /// The note caller.
    var caller = ""
    /// Whether a character span was closed (`closed="false"` makes it false).
    var isClosed = true
    /// The rows of a table, the cells of a row, the span of a cell; nil for every other element.
    var parts: TableParts?
    /// Where the element starts.
    var location: SourceLocation?
    /// The offset of the `>` that ends the start tag, for a late diagnostic; -1 when not kept.
    var tagEnd = -1
    /// Whether its text holds a `|`, which may start USFM attributes an exporter left there.
    var hasBar = false
    /// Whether nothing has been read inside the element yet (for Paratext's indenting after `<para>`).
    var isAtStart = true

    /// Creates a frame.
    init(
        _ kind: Kind, marker: String = "", attributes: [Attribute] = [], isClosed: Bool = true,
        location: SourceLocation? = nil, tagEnd: Int = -1
    ) {
        self.kind = kind
        self.tagEnd = tagEnd
        self.marker = marker
        self.attributes = attributes
        self.isClosed = isClosed
        self.location = location
    }
}

/// What an open table, row or cell collects, kept out of `USXFrame` so that the
/// frames of the far more common elements stay small and cheap to copy.
final class TableParts {
    /// The rows of a table.
    var rows: [TableRow] = []
    /// The cells of a row.
    var cells: [TableCell] = []
    /// The column span of a cell.
    var columnSpan = 1
}
