import LecternKernels
import ScriptureModel

/// The document model as JSON, for `lectern read --json` and `lectern export --format json`.
///
/// Written by hand rather than through `JSONEncoder`, which is slow on a whole Bible. Blocks are
/// `{"type":"paragraph","marker":"p","kind":"prose","content":[…]}`, `{"type":"table","rows":[…]}` or
/// `{"type":"sidebar","category":"People","blocks":[…]}` (`category` null when there is none);
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
        text += ",\"chapters\":"
        array(book.chapters) { $0.chapter($1, book: book.id) }
        text += "}"
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
        array(blocks) { json, block in json.block(block) }
    }

    mutating func block(_ block: Block) {
        switch block {
        case .paragraph(let paragraph):
            text += "{\"type\":\"paragraph\",\"marker\":"
            string(paragraph.marker)
            text += ",\"kind\":\"\(paragraph.kind.rawValue)\",\"content\":"
            inlines(paragraph.content)
            text += "}"
        case .table(let table):
            text += "{\"type\":\"table\",\"rows\":"
            array(table.rows) { json, row in
                json.text += "{\"leading\":"
                json.inlines(row.leading)
                json.text += ",\"cells\":"
                json.array(row.cells) { json, cell in
                    json.text += "{\"marker\":"
                    json.string(cell.marker)
                    json.text += ",\"columnSpan\":\(cell.columnSpan),\"content\":"
                    json.inlines(cell.content)
                    json.text += "}"
                }
                json.text += "}"
            }
            text += "}"
        case .sidebar(let sidebar):
            text += "{\"type\":\"sidebar\",\"category\":"
            optional(sidebar.category)
            text += ",\"blocks\":"
            blocks(sidebar.blocks)
            text += "}"
        }
    }

    mutating func inlines(_ content: [Inline]) {
        array(content) { json, inline in json.inline(inline) }
    }

    mutating func inline(_ inline: Inline) {
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

    mutating func attributes(_ attributes: [Attribute]) {
        guard !attributes.isEmpty else { return }
        text += ",\"attributes\":{"
        for (index, attribute) in attributes.enumerated() {
            text += index > 0 ? "," : ""
            string(attribute.name)
            text += ":"
            string(attribute.value)
        }
        text += "}"
    }

    mutating func optional(_ value: String?) {
        if let value { string(value) } else { text += "null" }
    }

    mutating func string(_ value: String) {
        JSONString.append(value, to: &text)
    }

    /// A JSON array: `[`, each element written by `element`, separated by commas, `]`.
    mutating func array<Element>(_ elements: [Element], _ element: (inout JSONText, Element) -> Void) {
        text += "["
        for (index, item) in elements.enumerated() {
            if index > 0 { text += "," }
            element(&self, item)
        }
        text += "]"
    }
}
