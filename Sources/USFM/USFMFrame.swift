import ScriptureModel

/// An open element while a paragraph is being read: the paragraph itself, a
/// table cell, a character style, a note or a figure.
struct USFMFrame {
    enum Kind: Equatable {
        /// A paragraph of a style; the bottom of the stack.
        case paragraph(String)
        /// A header line (`\h`, `\toc1`, `\cp`, `\cl`, `\usfm`), whose text fills a field.
        case field(String)
        /// The content of a table row before its first cell.
        case rowLeading
        /// A table cell; the bottom of the stack.
        case cell(String)
        /// A character style; `nested` when written `\+marker`.
        case character(String, nested: Bool)
        /// A style inside a note, ended by the next one.
        case noteCharacter(String, nested: Bool)
        /// A note with its caller.
        case note(String, caller: String)
        /// A figure.
        case figure
        /// `\va` or `\vp` right after a verse: the verse's alternate or published number.
        case verseField(String)
        /// `\ca` right after a chapter: its alternate number.
        case chapterAlternate
    }

    var kind: Kind
    var content: [Inline] = []
    var attributes: [Attribute] = []
    /// The byte offset of the marker that opened the frame (locations are computed only when needed).
    var offset: Int

    /// The marker name the frame was opened with, for matching a closing marker.
    var marker: String {
        switch kind {
        case .paragraph(let marker), .field(let marker), .cell(let marker), .verseField(let marker): marker
        case .character(let marker, _), .noteCharacter(let marker, _), .note(let marker, _): marker
        case .rowLeading: "tr"
        case .figure: "fig"
        case .chapterAlternate: "ca"
        }
    }

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

    /// The plain text of the content, for fields and captions.
    var plainText: String {
        var text = ""
        Self.appendPlainText(content, to: &text)
        return text.trimmingASCIISpaces()
    }

    private static func appendPlainText(_ content: [Inline], to text: inout String) {
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
        let bytes = Array(utf8)
        var start = 0
        var end = bytes.count
        while leading, start < end, bytes[start] == 0x20 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 { end -= 1 }
        if start == 0 && end == bytes.count { return self }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
