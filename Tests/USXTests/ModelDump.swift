import ScriptureModel

/// A compact, complete text form of a parsed book, so that a test can state the exact model in a few lines.
///
/// One line per block; inline content in brackets: `"text"`, `v1@4:5` (verse with its line and column,
/// `alt=`/`pub=` when set), `wj(attr=value){…}` (character span, `~` after the marker when not closed),
/// `f+{…}` (note with its caller), `ms:qt-s(who=Pilate)`, `fig"caption"(src=…)`, `//` (optional break).
enum ModelDump {
    static func book(_ book: Book) -> String {
        var lines = ["book \(book.id.code) \"\(book.identification)\" usx=\(book.formatVersion ?? "-")"]
        let names = book.names
        lines.append(
            "names h=\(names.header ?? "-") toc1=\(names.long ?? "-") toc2=\(names.short ?? "-") toc3=\(names.abbreviation ?? "-")"
        )
        if let label = book.chapterLabel { lines.append("cl \(label)") }
        lines += book.introduction.map { "intro " + block($0) }
        for chapter in book.chapters {
            var line = "c\(chapter.number)@\(at(chapter.location))"
            if let label = chapter.label { line += " cl=\(label)" }
            if let alternate = chapter.alternateNumber { line += " alt=\(alternate)" }
            if let published = chapter.publishedNumber { line += " pub=\(published)" }
            lines.append(line)
            lines += chapter.blocks.map { "  " + block($0) }
        }
        return lines.joined(separator: "\n")
    }

    static func block(_ block: Block) -> String {
        switch block {
        case .paragraph(let paragraph):
            return "\(paragraph.marker)@\(at(paragraph.location)) \(inlines(paragraph.content))"
        case .table(let table):
            let rows = table.rows.map { row in
                let cells = row.cells.map { "\($0.marker)*\($0.columnSpan)\(inlines($0.content))" }
                return "row@\(at(row.location))\(inlines(row.leading))" + cells.joined()
            }
            return "table@\(at(table.location)) " + rows.joined(separator: " ")
        case .sidebar(let sidebar):
            let inner = sidebar.blocks.map { ModelDump.block($0) }.joined(separator: " ")
            return "sidebar@\(at(sidebar.location)) cat=\(sidebar.category ?? "-") {\(inner)}"
        }
    }

    static func inlines(_ content: [Inline]) -> String {
        "[" + content.map(inline).joined(separator: " ") + "]"
    }

    static func inline(_ inline: Inline) -> String {
        switch inline {
        case .text(let text):
            return text.debugDescription
        case .verse(let verse):
            var text = "v\(verse.number)@\(at(verse.location))"
            if let alternate = verse.alternateNumber { text += " alt=\(alternate)" }
            if let published = verse.publishedNumber { text += " pub=\(published)" }
            return text
        case .character(let span):
            return span.marker + (span.isClosed ? "" : "~") + attributes(span.attributes) + "{"
                + span.content.map(Self.inline).joined(separator: " ") + "}"
        case .note(let note):
            return note.marker + note.caller + "{" + note.content.map(Self.inline).joined(separator: " ") + "}"
        case .milestone(let milestone):
            return "ms:" + milestone.marker + attributes(milestone.attributes)
        case .figure(let figure):
            return "fig" + figure.caption.debugDescription + attributes(figure.attributes)
        case .optionalBreak:
            return "//"
        }
    }

    static func attributes(_ attributes: [Attribute]) -> String {
        attributes.isEmpty ? "" : "(" + attributes.map { "\($0.name)=\($0.value)" }.joined(separator: ",") + ")"
    }

    static func at(_ location: SourceLocation) -> String { "\(location.line):\(location.column)" }
}
