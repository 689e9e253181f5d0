import ScriptureModel

/// An open element while a paragraph is being read: the paragraph itself, a
/// table cell, a character style, a note or a figure.
///
/// A frame's content is built straight into the flat content: the frame records the open node
/// that holds it. Frames whose content becomes a value instead (a header line, `\va`, `\cat`,
/// `\ca`, a figure's caption) hold it in a node that is removed when they close.
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
    /// The index of the open node that holds the frame's content.
    var node: Int
    /// The byte offset of the marker that opened the frame (locations are computed only when needed).
    var offset: Int
    /// The last node added to the frame's content itself (not inside a child), or -1.
    var lastChild = -1
    /// The last verse start in the frame's content itself, or -1.
    var lastVerse = -1
    /// Whether the content ends with a verse start, but for runs of spaces after it.
    var endsWithVerse = false
    /// The frame below's `lastChild` and `endsWithVerse` before this frame opened.
    var parentLastChild = -1
    var parentEndsWithVerse = false

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

    /// Whether the frame's node is dropped when it closes (its content becomes a value).
    var holdsValue: Bool {
        switch kind {
        case .field, .figure, .verseField, .chapterAlternate, .sidebarCategory: true
        default: false
        }
    }
}

extension FlatContent {
    /// The plain text of a node's content, for fields and captions: its text runs and those of the
    /// character spans in it, without leading or trailing spaces.
    func plainText(of index: Int) -> String {
        var bytes: [UInt8] = []
        appendPlainText(of: index, to: &bytes)
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private func appendPlainText(of index: Int, to bytes: inout [UInt8]) {
        for child in children(of: index) {
            switch nodes[child].kind {
            case .text: bytes.append(contentsOf: utf8(of: child))
            case .character: appendPlainText(of: child, to: &bytes)
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
