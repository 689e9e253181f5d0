/// A parsed book: the common model of a USFM or USX file.
///
/// Both parsers produce this, so everything downstream (verse text, the store,
/// export) works the same whatever the source format. All text is NFC.
public struct Book: Sendable, Hashable {
    /// The book, from `\id` or `<book code>` (never from the file name).
    public var id: BookID
    /// The rest of the `\id` line, usually the version's name and a date.
    public var identification: String
    /// The USFM or USX version the file declares (`\usfm 3.1`, `<usx version="3.0">`), if any.
    public var formatVersion: String?
    /// The book's names from `\h` and `\toc1`–`\toc3`.
    public var names: BookNames
    /// Everything between the headers and the first chapter: titles and introduction, stored flat.
    public var introductionContent: FlatContent
    /// Everything between the headers and the first chapter, as blocks (made from
    /// `introductionContent` on each use; setting it flattens the blocks).
    public var introduction: [Block] {
        get { introductionContent.blocks }
        set { introductionContent = FlatContent(blocks: newValue) }
    }
    /// A chapter label (`\cl`) given before the first chapter, used for every chapter.
    public var chapterLabel: String?
    /// The chapters in file order.
    public var chapters: [Chapter]
    /// Where the book starts (its `\id` or `<book>`).
    public var location: SourceLocation

    /// Creates a book.
    public init(
        id: BookID, identification: String = "", formatVersion: String? = nil, names: BookNames = BookNames(),
        introduction: [Block] = [], chapterLabel: String? = nil, chapters: [Chapter] = [],
        location: SourceLocation
    ) {
        self.id = id
        self.identification = identification
        self.formatVersion = formatVersion
        self.names = names
        self.introductionContent = FlatContent(blocks: introduction)
        self.chapterLabel = chapterLabel
        self.chapters = chapters
        self.location = location
    }

    /// Whether the book has introduction material (`\i…` paragraphs), which gives it an intro page.
    public var hasIntroduction: Bool {
        introductionContent.topLevel.contains {
            introductionContent.nodes[$0].kind == .paragraph && introductionContent.paragraphKind(of: $0) == .introduction
        }
    }
}

/// The names a book carries in a version.
public struct BookNames: Sendable, Hashable, Codable {
    /// The running header (`\h`).
    public var header: String?
    /// The long name (`\toc1`).
    public var long: String?
    /// The short name (`\toc2`).
    public var short: String?
    /// The abbreviation (`\toc3`).
    public var abbreviation: String?

    /// Creates names.
    public init(header: String? = nil, long: String? = nil, short: String? = nil, abbreviation: String? = nil) {
        self.header = header
        self.long = long
        self.short = short
        self.abbreviation = abbreviation
    }

    /// The name to show a reader: the short name, else the header, else the long name.
    public var display: String? { short ?? header ?? long }
}

/// A chapter: `\c N` and what follows it up to the next chapter.
public struct Chapter: Sendable, Hashable {
    /// The chapter number.
    public var number: Int
    /// The chapter's own label (`\cl` after `\c`).
    public var label: String?
    /// An alternate number (`\ca`).
    public var alternateNumber: String?
    /// The number as published (`\cp`), when it differs.
    public var publishedNumber: String?
    /// The chapter's paragraphs, headings, tables and sidebars, stored flat.
    public var content: FlatContent
    /// The chapter's paragraphs, headings, tables and sidebars as blocks (made from `content` on
    /// each use; setting it flattens the blocks).
    public var blocks: [Block] {
        get { content.blocks }
        set { content = FlatContent(blocks: newValue) }
    }
    /// Where the chapter marker is.
    public var location: SourceLocation

    /// Creates a chapter.
    public init(
        number: Int, label: String? = nil, alternateNumber: String? = nil, publishedNumber: String? = nil,
        blocks: [Block] = [], location: SourceLocation
    ) {
        self.number = number
        self.label = label
        self.alternateNumber = alternateNumber
        self.publishedNumber = publishedNumber
        self.content = FlatContent(blocks: blocks)
        self.location = location
    }

    /// Creates a chapter from flat content.
    public init(
        number: Int, label: String? = nil, alternateNumber: String? = nil, publishedNumber: String? = nil,
        content: FlatContent, location: SourceLocation
    ) {
        self.number = number
        self.label = label
        self.alternateNumber = alternateNumber
        self.publishedNumber = publishedNumber
        self.content = content
        self.location = location
    }
}

/// A block of a chapter or introduction: a paragraph (of any style), a table or a sidebar.
public enum Block: Sendable, Hashable {
    /// A paragraph, poetry line, heading, title, list item or remark.
    case paragraph(Paragraph)
    /// A table of rows and cells.
    case table(Table)
    /// Study content set apart from the text (`\esb … \esbe`, `<sidebar>`): never verse text.
    case sidebar(Sidebar)

    /// The paragraph's kind, or `nil` for a table or a sidebar.
    public var paragraphKind: ParagraphKind? {
        if case .paragraph(let paragraph) = self { return paragraph.kind }
        return nil
    }
}

/// A paragraph-level element: `\p`, `\q1`, `\s1`, `<para style="…">`.
public struct Paragraph: Sendable, Hashable {
    /// The style marker without backslash, such as `p`, `q1`, `s1`.
    public var marker: String
    /// What the style is for.
    public var kind: ParagraphKind
    /// The paragraph's content.
    public var content: [Inline]
    /// Where the paragraph marker is.
    public var location: SourceLocation

    /// Creates a paragraph; its kind comes from the marker.
    public init(marker: String, content: [Inline] = [], location: SourceLocation) {
        self.marker = marker
        self.kind = ParagraphKind(marker: marker)
        self.content = content
        self.location = location
    }
}

/// A table: `\tr` rows with `\th#`/`\tc#` cells, or `<table>`.
public struct Table: Sendable, Hashable {
    /// The rows in order.
    public var rows: [TableRow]
    /// Where the first row is.
    public var location: SourceLocation

    /// Creates a table.
    public init(rows: [TableRow] = [], location: SourceLocation) {
        self.rows = rows
        self.location = location
    }
}

/// A table row.
public struct TableRow: Sendable, Hashable {
    /// The cells in order.
    public var cells: [TableCell]
    /// Content before the first cell (a verse number, usually).
    public var leading: [Inline]
    /// Where the row is.
    public var location: SourceLocation

    /// Creates a row.
    public init(cells: [TableCell] = [], leading: [Inline] = [], location: SourceLocation) {
        self.cells = cells
        self.leading = leading
        self.location = location
    }
}

/// A table cell: `\th1`, `\tcr2`, `\tc1-2` (spanning), `<cell style align colspan>`.
public struct TableCell: Sendable, Hashable {
    /// The style marker, such as `th1`, `tc2`, `tcr1`, `tcc1`.
    public var marker: String
    /// How many columns the cell spans (1 unless `\tc1-2` or `colspan`).
    public var columnSpan: Int
    /// The cell's content.
    public var content: [Inline]

    /// Creates a cell.
    public init(marker: String, columnSpan: Int = 1, content: [Inline] = []) {
        self.marker = marker
        self.columnSpan = columnSpan
        self.content = content
    }

    /// Whether the cell is a header cell (`th`, `thr`, `thc`).
    public var isHeader: Bool { marker.hasPrefix("th") }
}

/// What a paragraph style is for, which decides how it renders and whether it is verse text.
public enum ParagraphKind: String, Sendable, Hashable, Codable {
    /// Book identification and headers (`\ide`, `\h`, `\toc#`, `\sts`, `\usfm`).
    case header
    /// Major titles (`\mt#`, `\mte#`).
    case title
    /// Introduction material (`\imt#`, `\is#`, `\ip`, `\iq#`, `\ili#`, `\io#`, `\ie`, …).
    case introduction
    /// Section and other headings (`\s#`, `\ms#`, `\mr`, `\sr`, `\r`, `\d`, `\sp`, `\cd`, `\qa`, `\sd#`).
    case heading
    /// Prose paragraphs (`\p`, `\m`, `\pi#`, `\nb`, `\pc`, `\pmo`, …).
    case prose
    /// Poetry lines (`\q#`, `\qr`, `\qc`, `\qm#`, `\qd`).
    case poetry
    /// List items (`\li#`, `\lh`, `\lf`, `\lim#`).
    case list
    /// A blank line (`\b`, `\ib`).
    case blank
    /// A comment for translators (`\rem`), never shown to readers.
    case remark
    /// A paragraph marker Lectern does not know (kept, rendered as prose).
    case unknown

    /// Whether this kind carries verse text (headings, titles and remarks do not).
    public var carriesVerseText: Bool {
        switch self {
        case .prose, .poetry, .list, .blank, .unknown: true
        case .header, .title, .introduction, .heading, .remark: false
        }
    }

    /// Classifies a paragraph marker (without backslash and number suffix handling done here).
    public init(marker: String) {
        self = ParagraphKind.classify(marker) ?? .unknown
    }

    /// Classifies a paragraph marker, or returns `nil` when it is not a known paragraph style.
    ///
    /// Reads the marker's bytes, not its characters: the base (`MarkerName.stripNumber(_:)`) packed into an
    /// integer, as every known base is ASCII and at most eight bytes long.
    public static func classify(_ marker: String) -> ParagraphKind? {
        var packed: UInt64 = 0
        var baseLength = 0
        var length = 0
        for byte in marker.utf8 {
            // No known base has a NUL, which packing could not tell from the end.
            guard byte != 0 else { return nil }
            if byte < 0x30 || byte > 0x39 {
                guard length < 8 else { return nil }
                baseLength = length + 1
            }
            if length < 8 { packed |= UInt64(byte) << UInt64(8 * length) }
            length += 1
        }
        guard baseLength > 0 else { return nil }
        return byBase[baseLength == 8 ? packed : packed & (1 << UInt64(8 * baseLength) - 1)]
    }

    /// Each known base's kind, by its bytes packed as `classify(_:)` packs them.
    private static let byBase: [UInt64: ParagraphKind] = {
        var table: [UInt64: ParagraphKind] = [:]
        func add(_ names: [String], _ kind: ParagraphKind) {
            for name in names {
                let bytes = name.utf8.enumerated()
                table[bytes.reduce(0) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }] = kind
            }
        }
        add(["ide", "h", "toc", "toca", "sts", "usfm", "restore"], .header)
        add(["mt", "mte"], .title)
        add(
            [
                "imt", "is", "ip", "ipi", "im", "imi", "ipq", "imq", "ipr", "iq", "ib", "ili", "iot", "io", "iex",
                "imte", "ie", "ipc",
            ], .introduction)
        add(["s", "ms", "mr", "sr", "r", "d", "sp", "cd", "qa", "sd"], .heading)
        add(["p", "m", "po", "pr", "cls", "pmo", "pm", "pmc", "pmr", "pi", "mi", "nb", "pc", "ph", "lit"], .prose)
        add(["q", "qr", "qc", "qm", "qd"], .poetry)
        add(["li", "lh", "lf", "lim", "liv"], .list)
        add(["b", "ib"], .blank)
        add(["rem"], .remark)
        return table
    }()
}

/// Helpers for marker names.
public enum MarkerName {
    /// `q1` → `q`, `toc2` → `toc`, `s` → `s`; `pi` → `pi`.
    public static func stripNumber(_ marker: String) -> Substring {
        var end = marker.endIndex
        while end > marker.startIndex {
            let before = marker.index(before: end)
            guard marker[before].isASCII, marker[before].isNumber else { break }
            end = before
        }
        return marker[marker.startIndex..<end]
    }
}
