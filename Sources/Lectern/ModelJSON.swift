import ScriptureModel

/// The document model as JSON, for `lectern read --json` and `lectern export --format json`.
///
/// Written by hand rather than through `JSONEncoder`, which is slow on a whole Bible. Blocks are
/// `{"type":"paragraph","marker":"p","kind":"prose","content":[…]}` or `{"type":"table","rows":[…]}`;
/// inlines are `text`, `verse`, `char` (with `attributes` as an object and `closed` when false),
/// `note`, `milestone`, `figure` and `optionalBreak`. Keys come in a fixed order.
public enum ModelJSON {
    /// A book: names, introduction and chapters.
    public static func book(_ book: Book) -> String {
        var json = JSONText()
        json.book(book)
        return json.text
    }

    /// A chapter, or the part of it a reference asks for.
    public static func chapter(_ chapter: Chapter, book: BookID) -> String {
        var json = JSONText()
        json.chapter(chapter, book: book)
        return json.text
    }

    /// Blocks (an introduction).
    public static func blocks(_ blocks: [Block]) -> String {
        var json = JSONText()
        json.blocks(blocks)
        return json.text
    }

    /// A JSON string literal.
    public static func string(_ value: String) -> String {
        var json = JSONText()
        json.string(value)
        return json.text
    }
}

private struct JSONText {
    var text = ""

    mutating func book(_ book: Book) {
        text += "{\"book\":\"\(book.id.code)\",\"identification\":"
        string(book.identification)
        text += ",\"formatVersion\":"
        optional(book.formatVersion)
        text += ",\"names\":{\"header\":"
        optional(book.names.header)
        text += ",\"long\":"
        optional(book.names.long)
        text += ",\"short\":"
        optional(book.names.short)
        text += ",\"abbreviation\":"
        optional(book.names.abbreviation)
        text += "},\"chapterLabel\":"
        optional(book.chapterLabel)
        text += ",\"introduction\":"
        blocks(book.introduction)
        text += ",\"chapters\":["
        for (index, chapter) in book.chapters.enumerated() {
            if index > 0 { text += "," }
            self.chapter(chapter, book: book.id)
        }
        text += "]}"
    }

    mutating func chapter(_ chapter: Chapter, book: BookID) {
        text += "{\"book\":\"\(book.code)\",\"number\":\(chapter.number),\"label\":"
        optional(chapter.label)
        text += ",\"alternateNumber\":"
        optional(chapter.alternateNumber)
        text += ",\"publishedNumber\":"
        optional(chapter.publishedNumber)
        text += ",\"blocks\":"
        blocks(chapter.blocks)
        text += "}"
    }

    mutating func blocks(_ blocks: [Block]) {
        text += "["
        for (index, block) in blocks.enumerated() {
            if index > 0 { text += "," }
            switch block {
            case .paragraph(let paragraph):
                text += "{\"type\":\"paragraph\",\"marker\":"
                string(paragraph.marker)
                text += ",\"kind\":\"\(paragraph.kind.rawValue)\",\"content\":"
                inlines(paragraph.content)
                text += "}"
            case .table(let table):
                text += "{\"type\":\"table\",\"rows\":["
                for (rowIndex, row) in table.rows.enumerated() {
                    if rowIndex > 0 { text += "," }
                    text += "{\"leading\":"
                    inlines(row.leading)
                    text += ",\"cells\":["
                    for (cellIndex, cell) in row.cells.enumerated() {
                        if cellIndex > 0 { text += "," }
                        text += "{\"marker\":"
                        string(cell.marker)
                        text += ",\"columnSpan\":\(cell.columnSpan),\"content\":"
                        inlines(cell.content)
                        text += "}"
                    }
                    text += "]}"
                }
                text += "]}"
            }
        }
        text += "]"
    }

    mutating func inlines(_ content: [Inline]) {
        text += "["
        for (index, inline) in content.enumerated() {
            if index > 0 { text += "," }
            switch inline {
            case .text(let value):
                text += "{\"type\":\"text\",\"text\":"
                string(value)
                text += "}"
            case .verse(let start):
                text += "{\"type\":\"verse\",\"number\":"
                string(start.number)
                if let alternate = start.alternateNumber {
                    text += ",\"alternateNumber\":"
                    string(alternate)
                }
                if let published = start.publishedNumber {
                    text += ",\"publishedNumber\":"
                    string(published)
                }
                text += "}"
            case .character(let span):
                text += "{\"type\":\"char\",\"marker\":"
                string(span.marker)
                attributes(span.attributes)
                if !span.isClosed { text += ",\"closed\":false" }
                text += ",\"content\":"
                inlines(span.content)
                text += "}"
            case .note(let note):
                text += "{\"type\":\"note\",\"marker\":"
                string(note.marker)
                text += ",\"caller\":"
                string(note.caller)
                text += ",\"content\":"
                inlines(note.content)
                text += "}"
            case .milestone(let milestone):
                text += "{\"type\":\"milestone\",\"marker\":"
                string(milestone.marker)
                attributes(milestone.attributes)
                text += "}"
            case .figure(let figure):
                text += "{\"type\":\"figure\",\"caption\":"
                string(figure.caption)
                attributes(figure.attributes)
                text += "}"
            case .optionalBreak:
                text += "{\"type\":\"optionalBreak\"}"
            }
        }
        text += "]"
    }

    mutating func attributes(_ attributes: [Attribute]) {
        guard !attributes.isEmpty else { return }
        text += ",\"attributes\":{"
        for (index, attribute) in attributes.enumerated() {
            if index > 0 { text += "," }
            string(attribute.name)
            text += ":"
            string(attribute.value)
        }
        text += "}"
    }

    mutating func optional(_ value: String?) {
        if let value { string(value) } else { text += "null" }
    }

    /// A string literal: `"` and `\` escaped, control characters as `\n`, `\t` or `\u00XX`.
    mutating func string(_ value: String) {
        text += "\""
        let needsEscape = value.utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
        guard needsEscape else {
            text += value
            text += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
