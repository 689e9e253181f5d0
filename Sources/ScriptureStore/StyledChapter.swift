import ScriptureModel

/// A chapter as a reader draws it: each paragraph is one string, with ranges for character styles and
/// marks where verses and notes are. Decoding it builds a few arrays per paragraph instead of a tree,
/// which is what makes a chapter read take microseconds.
///
/// Offsets and ranges count UTF-8 bytes of the paragraph's `text`. Milestones and optional breaks are
/// left out; `VersionStore.chapter` gives the full model.
public struct StyledChapter: Sendable, Hashable {
    /// The book.
    public var book: BookID
    /// The chapter number.
    public var number: Int
    /// The chapter's label (`\cl`), if it has one.
    public var label: String?
    /// The number as published (`\cp`), when it differs.
    public var publishedNumber: String?
    /// Paragraphs, headings, poetry lines and table cells, in order.
    public var paragraphs: [StyledParagraph]
    /// The chapter's footnotes and cross-references, in order; `NoteMark.note` indexes here.
    public var notes: [StyledNote]
    /// The chapter's sidebars, in order; `StyledParagraph.sidebar` indexes here.
    public var sidebars: [StyledSidebar] = []
}

/// A sidebar (`\esb … \esbe`): study content a reader draws as a box around its paragraphs.
public struct StyledSidebar: Sendable, Hashable {
    /// The sidebar's category (`\cat`), if it has one.
    public var category: String?
}

/// One paragraph (or table cell) as styled text.
public struct StyledParagraph: Sendable, Hashable {
    /// The paragraph marker (`p`, `q1`, `s1`) or the cell marker (`tc1`).
    public var marker: String
    /// What the paragraph is for.
    public var kind: ParagraphKind
    /// The visible text (verse numbers and notes are marks, not text).
    public var text: String
    /// Character styles, outer spans before the spans nested in them.
    public var spans: [StyledSpan]
    /// Where verses start.
    public var verses: [VerseMark]
    /// Where notes are anchored.
    public var notes: [NoteMark]
    /// Where figures are.
    public var figures: [FigureMark]
    /// For a table cell, its place in the table.
    public var cell: CellPosition?
    /// For a paragraph or cell inside a sidebar, the sidebar's index in `StyledChapter.sidebars`.
    public var sidebar: Int?
}

/// A character style over part of a paragraph's text.
///
/// Plain memory (the marker is held in place, see `InlineMarker`): a chapter's thousand spans are made
/// and freed without a retain or release each.
public struct StyledSpan: Sendable, Hashable {
    /// The UTF-8 byte range in the paragraph's text.
    public var range: Range<Int>
    /// The style's id in the version: `VersionStore.characterStyle(_:)` gives its attributes (Strong's numbers).
    public var style: Int
    /// The marker, held without a reference.
    var inlineMarker: InlineMarker

    /// The style marker (`wj`, `w`, `nd`).
    public var marker: String {
        get { inlineMarker.string }
        set { inlineMarker = InlineMarker(newValue) }
    }

    /// A span of style `style` (whose marker is `marker`) over `range`.
    public init(range: Range<Int>, marker: String, style: Int) {
        self.init(range: range, marker: InlineMarker(marker), style: style)
    }

    /// A span with its marker already held in place (the decoder's, from `StyleMarkers`).
    @inline(__always)
    init(range: Range<Int>, marker: InlineMarker, style: Int) {
        self.range = range
        self.style = style
        inlineMarker = marker
    }

    /// Equal when range, style and marker are (markers compared as strings, as before they were held in place).
    public static func == (lhs: StyledSpan, rhs: StyledSpan) -> Bool {
        lhs.range == rhs.range && lhs.style == rhs.style
            && (lhs.inlineMarker == rhs.inlineMarker || lhs.marker == rhs.marker)
    }

    /// Hashes range, style and the marker string (consistent with `==`).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(range)
        hasher.combine(marker)
        hasher.combine(style)
    }
}

/// Where a verse starts in a paragraph.
public struct VerseMark: Sendable, Hashable {
    /// The UTF-8 byte offset in the paragraph's text.
    public var offset: Int
    /// The verse label (`16`, `4-5`, `6a`).
    public var number: String
    /// The alternate number (`\va`).
    public var alternateNumber: String?
    /// The number as published (`\vp`), to show instead of `number` when present.
    public var publishedNumber: String?
}

/// Where a note is anchored in a paragraph.
public struct NoteMark: Sendable, Hashable {
    /// The UTF-8 byte offset in the paragraph's text.
    public var offset: Int
    /// The note's index in `StyledChapter.notes`.
    public var note: Int
}

/// A figure's place and caption.
public struct FigureMark: Sendable, Hashable {
    /// The UTF-8 byte offset in the paragraph's text.
    public var offset: Int
    /// The caption.
    public var caption: String
    /// The figure's style id (its attributes: `src`, `size`, …).
    public var style: Int
}

/// A footnote or cross-reference as styled text.
public struct StyledNote: Sendable, Hashable {
    /// `f`, `fe`, `x`, …
    public var marker: String
    /// `+`, `-` or the literal caller.
    public var caller: String
    /// The note's text.
    public var text: String
    /// Its character styles (`fr`, `ft`, `xt`, …).
    public var spans: [StyledSpan]
}

/// Where a table cell is.
public struct CellPosition: Sendable, Hashable {
    /// The table's number in the chapter, from 0.
    public var table: Int
    /// The row, from 0.
    public var row: Int
    /// The column, from 0; -1 for what comes before a row's first cell.
    public var column: Int
    /// How many columns the cell spans.
    public var columnSpan: Int
}
