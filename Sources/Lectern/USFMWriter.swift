import ScriptureModel

/// Writes books of the document model as USFM 3, so that parsing the output gives the same model
/// (locations aside) and therefore the same verse text.
///
/// Paragraphs start on new lines; verses, notes and character styles stay inline,
/// because a line break inside a paragraph is a space in USFM. Nested character
/// styles get `\+`; spans that were not closed in the source stay unclosed where
/// the next span or the end closes them, and are closed otherwise. Attributes are
/// written in full (`|strong="H430"`).
public enum USFMWriter {
    /// The USFM text of one book, ending with a newline.
    ///
    /// - Parameters:
    ///   - book: the book to write.
    ///   - names: the version's names; when given, the `\\id` line's text is
    ///     `Title (ABBR)` (see `VersionNaming.identification`) instead of the book's own identification.
    public static func write(_ book: Book, names: ExportMetadata? = nil) -> String {
        var writer = Output()
        let identification =
            names.map { VersionNaming.identification(title: $0.title, abbreviation: $0.abbreviation) }
            ?? book.identification
        writer.line("\\id \(book.id.code)" + (identification.isEmpty ? "" : " " + identification))
        if let version = book.formatVersion { writer.line("\\usfm \(version)") }
        let names = [
            ("h", book.names.header), ("toc1", book.names.long), ("toc2", book.names.short),
            ("toc3", book.names.abbreviation),
        ]
        for case (let marker, let value?) in names { writer.line("\\\(marker) \(value)") }
        for block in book.introduction { writer.block(block) }
        if let label = book.chapterLabel { writer.line("\\cl \(label)") }
        for chapter in book.chapters {
            writer.line("\\c \(chapter.number)")
            if let alternate = chapter.alternateNumber { writer.line("\\ca \(alternate)\\ca*") }
            if let label = chapter.label { writer.line("\\cl \(label)") }
            if let published = chapter.publishedNumber { writer.line("\\cp \(published)") }
            for block in chapter.blocks { writer.block(block) }
        }
        return writer.text
    }

    private struct Output {
        var text = ""

        mutating func line(_ content: String) {
            text += content
            text += "\n"
        }

        mutating func block(_ block: Block) {
            switch block {
            case .paragraph(let paragraph):
                text += "\\" + paragraph.marker
                if !paragraph.content.isEmpty {
                    text += " "
                    inlines(paragraph.content, inSpan: false)
                }
                text += "\n"
            case .table(let table):
                for row in table.rows {
                    text += "\\tr "
                    inlines(row.leading, inSpan: false)
                    for cell in row.cells {
                        text += "\\" + cell.marker + " "
                        inlines(cell.content, inSpan: false)
                    }
                    text += "\n"
                }
            case .sidebar(let sidebar):
                text += "\\esb"
                if let category = sidebar.category { text += " \\cat " + category + "\\cat*" }
                text += "\n"
                for inner in sidebar.blocks { self.block(inner) }
                text += "\\esbe\n"
            }
        }

        mutating func inlines(_ content: [Inline], inSpan: Bool) {
            for (index, inline) in content.enumerated() {
                switch inline {
                case .text(let value):
                    text += value
                case .verse(let start):
                    text += "\\v \(start.number) "
                    if let alternate = start.alternateNumber { text += "\\va \(alternate)\\va*" }
                    if let published = start.publishedNumber { text += "\\vp \(published)\\vp*" }
                case .character(let span):
                    let marker = (inSpan ? "\\+" : "\\") + span.marker
                    text += marker + " "
                    inlines(span.content, inSpan: true)
                    attributes(span.attributes)
                    if span.isClosed || inSpan || !closesImplicitly(after: index, in: content) { text += marker + "*" }
                case .note(let note):
                    text += "\\\(note.marker) \(note.caller) "
                    inlines(note.content, inSpan: false)
                    text += "\\\(note.marker)*"
                case .milestone(let milestone):
                    text += "\\" + milestone.marker
                    if !milestone.attributes.isEmpty { text += " " }
                    attributes(milestone.attributes)
                    text += "\\*"
                case .figure(let figure):
                    text += "\\fig " + figure.caption
                    attributes(figure.attributes)
                    text += "\\fig*"
                case .optionalBreak:
                    text += "//"
                }
            }
        }

        /// Whether an unclosed span at `index` is closed by what follows it: another span, or the end
        /// (only outside spans: a nested `\\+` span does not close its sibling).
        private func closesImplicitly(after index: Int, in content: [Inline]) -> Bool {
            guard index + 1 < content.count else { return true }
            if case .character = content[index + 1] { return true }
            return false
        }

        mutating func attributes(_ attributes: [Attribute]) {
            guard !attributes.isEmpty else { return }
            text += "|"
            text += attributes.map { "\($0.name)=\"\($0.value)\"" }.joined(separator: " ")
        }
    }
}
