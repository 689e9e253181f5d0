/// The operations of an encoded chapter or introduction, one byte each: the low
/// four bits name the operation, the high four bits are its flags.
///
/// A chapter stream starts with a flags byte (`ChapterFlags`) and the chapter's
/// label strings, then holds blocks until its end:
///
/// ```
/// block      = paragraph | table | sidebar
/// paragraph  = PARAGRAPH marker:string inline* END
/// table      = TABLE row* END
/// sidebar    = PARAGRAPH "\u{1}esb" [TEXT_LITERAL category] END block* PARAGRAPH "\u{1}esbe" END
/// row        = ROW inline* END cell* END
/// cell       = CELL marker:string span:varint inline* END
/// inline     = TEXT_REF length               (text taken from the verse text, see below)
///            | TEXT_LITERAL length bytes
///            | VERSE label [alternate:string] [published:string]
///            | SPAN style inline* END        (flag 1: not closed in the source)
///            | WORD style length             (a closed span holding one TEXT_REF; flag 8: then a SPACE)
///            | SPACE                         (a text run of white space only, stored as one space)
///            | NOTE marker:string caller:string inline* END
///            | MILESTONE style | FIGURE style caption:bytes | OPTIONAL_BREAK
/// ```
///
/// Verse text is stored once, in the text section. Text runs of the chapter
/// that are part of it are not repeated: `TEXT_REF` and `WORD` give a length,
/// and the text is read from a cursor over the chapter's verse text, which
/// moves on by that length (plus one when flag `skip` says a space comes first,
/// a space the verse text has between paragraphs or after a note). Flags
/// `leading` and `trailing` put back the spaces around the run. Text runs are
/// stored with ASCII white space collapsed to one space, which USFM and USX
/// treat the same.
///
/// A sidebar's bounds are paragraphs whose markers start with U+0001, which no USFM marker or XML text
/// can hold, so no paragraph of a file has them and sidebars came without a new op or format version (a
/// reader that does not know them shows the sidebar's blocks as paragraphs). A sidebar's content is never
/// verse text, so its text runs are all `TEXT_LITERAL`s.
enum ContentOp: UInt8 {
    case end = 0
    case paragraph = 1
    case table = 2
    case row = 3
    case cell = 4
    case textRef = 5
    case textLiteral = 6
    case verse = 7
    case span = 8
    case word = 9
    case note = 10
    case milestone = 11
    case figure = 12
    case optionalBreak = 13
    case space = 14
}

extension ContentOp {
    /// The operands that follow op byte `byte` (flags included) in the grammar above: how many varints,
    /// then whether a varint length and that many bytes come last (`TEXT_LITERAL`'s text, `FIGURE`'s
    /// caption); `nil` for an unknown op. One table for code that steps over ops without decoding them
    /// (`ContentDecoder.nodeCount`); `ContentReader.next()` and `ContentDecoder` read these operands.
    @inline(__always)
    static func operands(of byte: UInt8) -> (varints: Int, bytes: Bool)? {
        let flags = byte & 0xF0
        switch byte & 0x0F {
        case end.rawValue, table.rawValue, row.rawValue, space.rawValue, optionalBreak.rawValue: return (0, false)
        case paragraph.rawValue, textRef.rawValue, span.rawValue, milestone.rawValue: return (1, false)
        case cell.rawValue, note.rawValue, word.rawValue: return (2, false)
        case verse.rawValue:
            return (1 + (flags & OpFlags.alternate != 0 ? 1 : 0) + (flags & OpFlags.published != 0 ? 1 : 0), false)
        case textLiteral.rawValue: return (0, true)
        case figure.rawValue: return (1, true)
        default: return nil
        }
    }
}

/// The flags of `TEXT_REF` and `WORD`.
enum TextFlags {
    /// A space before the run.
    static let leading: UInt8 = 0x10
    /// A space after the run.
    static let trailing: UInt8 = 0x20
    /// Skip one space of the verse text before taking the run.
    static let skip: UInt8 = 0x40
    /// `WORD` only: a `SPACE` follows the span (the usual gap between two `\w` words).
    static let spaceAfter: UInt8 = 0x80
}

/// Other flags.
enum OpFlags {
    /// `SPAN`: the span was not closed in the source.
    static let unclosed: UInt8 = 0x10
    /// `VERSE`: an alternate number follows.
    static let alternate: UInt8 = 0x10
    /// `VERSE`: a published number follows.
    static let published: UInt8 = 0x20
}

/// The flags byte at the start of a chapter stream.
enum ChapterFlags {
    static let label: UInt8 = 1
    static let alternate: UInt8 = 2
    static let published: UInt8 = 4
}

/// The deepest nesting of spans, notes and tables a stream may have; deeper means damage.
let maximumContentDepth = 64

/// The paragraph markers that bound a sidebar in a content stream: U+0001 and the USFM marker.
enum SidebarMarkers {
    /// Opens a sidebar; its content is the category, if any.
    static let start = "\u{1}esb"
    /// Closes the innermost open sidebar.
    static let end = "\u{1}esbe"

    /// Whether a model paragraph's marker is one of the bounds (only a book built in code can have one).
    static func isReserved(_ marker: String) -> Bool { marker.utf8.first == 0x01 }
}
