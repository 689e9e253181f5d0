import ScriptureModel

/// Writes books of the document model as USX 3, so that parsing the output gives the same model
/// (locations aside) and therefore the same verse text.
///
/// The output validates against the USX 3.1 schema: what USX cannot hold where the source has it
/// (a `<ref>` to no reference, `\fv` at a footnote's top level, an orphan `\va`) is first mapped to
/// the nearest valid form by `USXSchemaFit`, text kept.
///
/// Each paragraph is one line and nothing inside it is indented, because text in
/// a paragraph keeps its white space in USX. Verses are `<verse sid>` starts
/// without `eid` ends (the model keeps no verse ends); a figure's `src` is
/// written as USX's `file`.
public enum USXWriter {
    /// The USX document of one book.
    ///
    /// - Parameters:
    ///   - book: the book to write.
    ///   - names: the version's names; when given, the `<book style="id">` text is
    ///     `Title (ABBR)` (see `VersionNaming.identification`) instead of the book's own identification.
    public static func write(_ book: Book, names: ExportMetadata? = nil) -> String {
        let book = USXSchemaFit.fitted(book)
        var writer = Output()
        let identification =
            names.map { VersionNaming.identification(title: $0.title, abbreviation: $0.abbreviation) }
            ?? book.identification
        writer.text += "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        writer.text += "<usx version=\"\(escape(book.formatVersion ?? "3.0", quote: true))\">\n"
        writer.text +=
            "<book code=\"\(book.id.code)\" style=\"id\">\(escape(identification, quote: false))</book>\n"
        let names = [
            ("h", book.names.header), ("toc1", book.names.long), ("toc2", book.names.short),
            ("toc3", book.names.abbreviation),
        ]
        for case (let style, let value?) in names { writer.simpleParagraph(style, value) }
        for block in book.introduction { writer.block(block) }
        if let label = book.chapterLabel { writer.simpleParagraph("cl", label) }
        for chapter in book.chapters {
            let sid = "\(book.id.code) \(chapter.number)"
            writer.text += "<chapter number=\"\(chapter.number)\" style=\"c\" sid=\"\(sid)\""
            writer.attribute("altnumber", chapter.alternateNumber)
            writer.attribute("pubnumber", chapter.publishedNumber)
            writer.text += "/>\n"
            if let label = chapter.label { writer.simpleParagraph("cl", label) }
            writer.book = book.id
            writer.chapter = chapter.number
            for block in chapter.blocks { writer.block(block) }
            writer.text += "<chapter eid=\"\(sid)\"/>\n"
        }
        writer.text += "</usx>\n"
        return writer.text
    }

    /// Escapes `&`, `<`, `>` (and `"` in attribute values) as XML entities, and writes U+FFFD for each
    /// character XML 1.0 forbids even as a reference (a C0 control but tab and line ends, U+FFFE, U+FFFF),
    /// which the import reported (`control-character`): the file stays XML that xmllint and Lectern read.
    static func escape(_ value: String, quote: Bool) -> String {
        // (0xBF is the last byte but one of U+FFFE and U+FFFF.)
        guard
            value.utf8.contains(where: {
                $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || (quote && $0 == 0x22) || $0 < 0x20 || $0 == 0xBF
            })
        else {
            return value
        }
        var escaped = ""
        for character in value.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"" where quote: escaped += "&quot;"
            case _ where ControlCharacters.isForbiddenInXML(character.value): escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    private struct Output {
        var text = ""
        var book = BookID.genesis
        var chapter = 0

        mutating func attribute(_ name: String, _ value: String?) {
            guard let value else { return }
            text += " \(name)=\"\(escape(value, quote: true))\""
        }

        mutating func simpleParagraph(_ style: String, _ value: String) {
            text += "<para style=\"\(style)\">\(escape(value, quote: false))</para>\n"
        }

        mutating func block(_ block: Block) {
            switch block {
            case .paragraph(let paragraph):
                text += "<para style=\"\(escape(paragraph.marker, quote: true))\""
                if paragraph.content.isEmpty {
                    text += "/>\n"
                    return
                }
                text += ">"
                inlines(paragraph.content)
                text += "</para>\n"
            case .table(let table):
                text += "<table>\n"
                for row in table.rows {
                    text += "<row style=\"tr\">"
                    inlines(row.leading)
                    for cell in row.cells {
                        text += "<cell style=\"\(escape(cell.marker, quote: true))\""
                        if cell.columnSpan != 1 { text += " colspan=\"\(cell.columnSpan)\"" }
                        text += ">"
                        inlines(cell.content)
                        text += "</cell>"
                    }
                    text += "</row>\n"
                }
                text += "</table>\n"
            case .sidebar(let sidebar):
                text += "<sidebar style=\"esb\""
                attribute("category", sidebar.category)
                text += ">\n"
                for inner in sidebar.blocks { self.block(inner) }
                text += "</sidebar>\n"
            }
        }

        mutating func inlines(_ content: [Inline]) {
            for inline in content {
                switch inline {
                case .text(let value):
                    text += escape(value, quote: false)
                case .verse(let start):
                    text += "<verse number=\"\(escape(start.number, quote: true))\" style=\"v\""
                    attribute("altnumber", start.alternateNumber)
                    attribute("pubnumber", start.publishedNumber)
                    text += " sid=\"\(book.code) \(chapter):\(escape(start.number, quote: true))\"/>"
                case .character(let span):
                    let element = span.marker == "ref" ? "ref" : "char"
                    text += "<\(element)"
                    if element == "char" { text += " style=\"\(escape(span.marker, quote: true))\"" }
                    attributes(span.attributes, skipping: ["style", "closed"])
                    if !span.isClosed { text += " closed=\"false\"" }
                    text += ">"
                    inlines(span.content)
                    text += "</\(element)>"
                case .note(let note):
                    // `\\cat` is the note's `category` attribute in USX (USFM 3.1.2's `attribute` category).
                    let (category, rest) = USXSchemaFit.noteCategory(note)
                    text +=
                        "<note caller=\"\(escape(note.caller, quote: true))\" style=\"\(escape(note.marker, quote: true))\""
                    attribute("category", category.map(USXSchemaFit.categoryText))
                    text += ">"
                    inlines(rest)
                    text += "</note>"
                case .milestone(let milestone):
                    text += "<ms style=\"\(escape(milestone.marker, quote: true))\""
                    attributes(milestone.attributes, skipping: ["style"])
                    text += "/>"
                case .figure(let figure):
                    text += "<figure style=\"fig\""
                    let renamed = figure.attributes.map { $0.name == "src" ? Attribute("file", $0.value) : $0 }
                    attributes(renamed, skipping: ["style"])
                    text += ">\(escape(figure.caption, quote: false))</figure>"
                case .optionalBreak:
                    text += "<optbreak/>"
                }
            }
        }

        mutating func attributes(_ attributes: [Attribute], skipping reserved: Set<String>) {
            for attribute in attributes where !reserved.contains(attribute.name) {
                text += " \(attribute.name)=\"\(escape(attribute.value, quote: true))\""
            }
        }
    }
}
