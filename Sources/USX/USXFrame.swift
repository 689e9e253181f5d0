import ScriptureModel

/// One open element while a USX file is read: what it is and where its content went.
///
/// Content goes straight into `FlatContent` as it is read; a frame only remembers which node it
/// opened, so frames hold no strings or arrays and are small (24 bytes) to push, pop and read.
struct USXFrame {
    /// What an open element is, which decides what its content may be and where it goes.
    enum Kind: Equatable {
        /// `<usx>`: holds blocks.
        case root
        /// `<periph>`: holds blocks, which go on into the book as if the wrapper were not there.
        case container
        /// `<sidebar>`: holds blocks, which go into the sidebar's node.
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

        /// Whether its content is read as plain text (a name, label or caption), not kept as content.
        var isPlainText: Bool {
            switch self {
            case .book, .figure, .paragraph(.header), .paragraph(.chapterLabel): true
            default: false
            }
        }

        /// Whether it counts towards `Inline.maximumNestingDepth`.
        var nests: Bool { self == .character || self == .note || self == .figure }
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
    /// The node it opened (paragraph, table, row, cell, sidebar, span, note), or -1. (Node counts and
    /// offsets fit 32 bits: libxml2 reads at most 2 GiB.)
    var node: Int32 = -1
    /// A row's last cell, which inline content after it goes into; -1 before the first.
    var lastCell: Int32 = -1
    /// The offset of the `>` that ends the start tag, for a late diagnostic; -1 when not kept.
    var tagEnd: Int32 = -1
    /// Whether its node is in `USXBuilder.plain` (inside a name, label or caption), not the content.
    var isInPlain = false
    /// Whether it opened a row's last cell again to put itself there: closing it closes the cell too.
    var reopenedCell = false
    /// Whether its text holds a `|`, which may start USFM attributes an exporter left there.
    var hasBar = false
    /// Whether nothing has been read inside the element yet (for Paratext's indenting after `<para>`).
    var isAtStart = true

    /// Creates a frame.
    @inline(__always)
    init(_ kind: Kind, node: Int = -1, tagEnd: Int = -1) {
        self.kind = kind
        self.node = Int32(clamping: node)
        self.tagEnd = Int32(clamping: tagEnd)
    }
}
