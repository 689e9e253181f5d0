import ScriptureModel

/// An open element while a paragraph is being read: the paragraph itself, a
/// table cell, a character style, a note or a figure.
///
/// A frame holds no content of its own: the content of every open frame lives in
/// one array of the builder, each frame owning the part from `contentStart` up to
/// the next frame's start, so opening and closing frames neither copies nor grows
/// small arrays.
struct USFMFrame {
    enum Kind: Equatable {
        /// A paragraph of a style; the bottom of the stack.
        case paragraph
        /// A header line (`\h`, `\toc1`, `\cp`, `\cl`, `\usfm`), whose text fills a field.
        case field
        /// The content of a table row before its first cell.
        case rowLeading
        /// A table cell; the bottom of the stack.
        case cell
        /// A character style.
        case character
        /// A style inside a note, ended by the next one.
        case noteCharacter
        /// A note with its caller.
        case note
        /// A figure.
        case figure
        /// `\va` or `\vp` right after a verse: the verse's alternate or published number.
        case verseField
        /// `\ca` right after a chapter: its alternate number.
        case chapterAlternate
        /// `\cat` right after `\esb`: the sidebar's category.
        case sidebarCategory
    }

    var kind: Kind
    /// The marker name the frame was opened with, for matching a closing marker
    /// (`tr` for a row's leading content, `fig` for a figure, `ca` for a chapter's alternate number).
    var marker: String
    /// Where the frame's content starts in the builder's content array.
    var contentStart: Int
    /// The byte offset of the marker that opened the frame (locations are computed only when needed).
    var offset: Int
    var attributes: [Attribute] = []
    /// A note's caller.
    var caller = ""

    /// Whether the frame is the bottom of a paragraph's stack.
    var isBlockLevel: Bool {
        switch kind {
        case .paragraph, .field, .rowLeading, .cell: true
        default: false
        }
    }

    /// Whether `|attributes` may follow the content.
    var takesAttributes: Bool {
        switch kind {
        case .character, .noteCharacter, .figure: true
        default: false
        }
    }

    /// The plain text of content, for fields and captions.
    static func plainText<Content: Collection<Inline>>(_ content: Content) -> String {
        var text = ""
        appendPlainText(content, to: &text)
        return text.trimmingASCIISpaces()
    }

    private static func appendPlainText<Content: Collection<Inline>>(_ content: Content, to text: inout String) {
        for inline in content {
            switch inline {
            case .text(let run): text += run
            case .character(let span): appendPlainText(span.content, to: &text)
            default: break
            }
        }
    }
}

extension String {
    /// The string without trailing (and, unless told otherwise, leading) ASCII spaces.
    func trimmingASCIISpaces(leading: Bool = true) -> String {
        var copy = self
        return copy.withUTF8 { bytes in
            var start = 0
            var end = bytes.count
            while leading, start < end, bytes[start] == 0x20 { start += 1 }
            while end > start, bytes[end - 1] == 0x20 { end -= 1 }
            if start == 0 && end == bytes.count { return self }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
    }
}
