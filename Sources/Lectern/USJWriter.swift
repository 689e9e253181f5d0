import LecternKernels
import ScriptureModel

/// Writes books of the document model as USJ (Unified Scripture JSON, USFM 3.1), so that reading the output
/// gives the same model (locations and the declared format version aside) and therefore the same verse text.
///
/// USJ is USX as JSON: each element is an object with `type` (the USX element: `book`, `chapter`, `para`,
/// `verse`, `char`, `note`, `ms`, `figure`, `ref`, `optbreak`, `table`, `table:row`, `table:cell`), `marker`
/// (the USX style), the USX attributes as string properties, and `content` (strings and elements). One
/// top-level element per line; `version` is the USJ version written, `3.1`. Chapters and verses carry `sid`s;
/// a figure's `src` is written as USX's `file`; a table cell gets the `align` its marker says.
public enum USJWriter {
    /// The USJ version this writer follows.
    public static let version = "3.1"

    /// Property names an element sets itself from the model, never from an attribute.
    static let reserved: Set<String> = ["type", "marker", "content", "closed"]

    /// The USJ document of one book, ending with a newline.
    ///
    /// - Parameters:
    ///   - book: the book to write.
    ///   - names: the version's names; when given, the `book` element's text is
    ///     `Title (ABBR)` (see `VersionNaming.identification`) instead of the book's own identification.
    public static func write(_ book: Book, names: ExportMetadata? = nil) -> String {
        var writer = Output(book: book.id)
        let identification =
            names.map { VersionNaming.identification(title: $0.title, abbreviation: $0.abbreviation) }
            ?? book.identification
        writer.text += "{\"type\":\"USJ\",\"version\":\"\(version)\",\"content\":[\n"
        writer.text += "{\"type\":\"book\",\"marker\":\"id\",\"code\":\"\(book.id.code)\",\"content\":"
        writer.strings(identification.isEmpty ? [] : [identification])
        writer.text += "}"
        let headers = [
            ("h", book.names.header), ("toc1", book.names.long), ("toc2", book.names.short),
            ("toc3", book.names.abbreviation),
        ]
        for case (let marker, let value?) in headers { writer.simpleParagraph(marker, value) }
        for block in book.introduction { writer.block(block) }
        if let label = book.chapterLabel { writer.simpleParagraph("cl", label) }
        for chapter in book.chapters {
            writer.chapter = chapter.number
            writer.text += ",\n{\"type\":\"chapter\",\"marker\":\"c\",\"number\":\"\(chapter.number)\""
            writer.property("sid", "\(book.id.code) \(chapter.number)")
            writer.property("altnumber", chapter.alternateNumber)
            writer.property("pubnumber", chapter.publishedNumber)
            writer.text += "}"
            if let label = chapter.label { writer.simpleParagraph("cl", label) }
            for block in chapter.blocks { writer.block(block) }
        }
        writer.text += "\n]}\n"
        return writer.text
    }

    /// The `align` of a table cell's marker: `tcr1` and `thr1` end, `tcc1` and `thc1` center, others start.
    static func alignment(_ marker: String) -> String {
        if marker.hasPrefix("tcr") || marker.hasPrefix("thr") { return "end" }
        if marker.hasPrefix("tcc") || marker.hasPrefix("thc") { return "center" }
        return "start"
    }

    private struct Output {
        var text = ""
        let book: BookID
        var chapter = 0

        init(book: BookID) { self.book = book }

        mutating func string(_ value: String) { JSONString.append(value, to: &text) }

        mutating func strings(_ values: [String]) {
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                string(value)
            }
            text += "]"
        }

        /// `,"name":"value"`, nothing when `value` is nil.
        mutating func property(_ name: String, _ value: String?) {
            guard let value else { return }
            text += ","
            string(name)
            text += ":"
            string(value)
        }

        /// `,"marker":"…"` and the attributes, except those `reserved` (which the element writes itself).
        mutating func marker(_ marker: String, attributes: [Attribute] = [], skipping reserved: Set<String> = []) {
            property("marker", marker)
            for attribute in attributes where !reserved.contains(attribute.name) {
                property(attribute.name, attribute.value)
            }
        }

        mutating func simpleParagraph(_ marker: String, _ value: String) {
            text += ",\n{\"type\":\"para\""
            property("marker", marker)
            text += ",\"content\":"
            strings([value])
            text += "}"
        }

        /// One block, on a line of its own after a comma.
        mutating func block(_ block: Block) {
            text += ",\n"
            blockObject(block)
        }

        /// One block's object. Every block kind of the model has a case here.
        mutating func blockObject(_ block: Block) {
            switch block {
            case .paragraph(let paragraph):
                text += "{\"type\":\"para\""
                marker(paragraph.marker)
                content(paragraph.content)
                text += "}"
            case .table(let table):
                text += "{\"type\":\"table\",\"content\":["
                for (index, row) in table.rows.enumerated() {
                    if index > 0 { text += "," }
                    text += "{\"type\":\"table:row\",\"marker\":\"tr\",\"content\":["
                    inlines(row.leading)
                    for (position, cell) in row.cells.enumerated() {
                        if position > 0 || !row.leading.isEmpty { text += "," }
                        text += "{\"type\":\"table:cell\""
                        marker(cell.marker)
                        property("align", alignment(cell.marker))
                        if cell.columnSpan != 1 { property("colspan", String(cell.columnSpan)) }
                        content(cell.content)
                        text += "}"
                    }
                    text += "]}"
                }
                text += "]}"
            case .sidebar(let sidebar):
                text += "{\"type\":\"sidebar\",\"marker\":\"esb\""
                if let category = sidebar.category { property("category", category) }
                text += ",\"content\":["
                for (index, inner) in sidebar.blocks.enumerated() {
                    if index > 0 { text += "," }
                    text += "\n"
                    blockObject(inner)
                }
                text += "]}"
            }
        }

        /// `,"content":[…]`.
        mutating func content(_ content: [Inline]) {
            text += ",\"content\":["
            inlines(content)
            text += "]"
        }

        mutating func inlines(_ content: [Inline]) {
            for (index, inline) in content.enumerated() {
                if index > 0 { text += "," }
                self.inline(inline)
            }
        }

        mutating func inline(_ inline: Inline) {
            switch inline {
            case .text(let value):
                string(value)
            case .verse(let start):
                text += "{\"type\":\"verse\",\"marker\":\"v\""
                property("number", start.number)
                property("altnumber", start.alternateNumber)
                property("pubnumber", start.publishedNumber)
                property("sid", "\(book.code) \(chapter):\(start.number)")
                text += "}"
            // A reference without `loc` (USFM allows one) stays a `char` with marker `ref`: USJ's `ref` needs `loc`.
            case .character(let span) where span.marker == "ref" && span.attribute("loc") != nil:
                text += "{\"type\":\"ref\""
                for attribute in span.attributes where !USJWriter.reserved.contains(attribute.name) {
                    property(attribute.name, attribute.value)
                }
                if !span.isClosed { property("closed", "false") }
                content(span.content)
                text += "}"
            case .character(let span):
                text += "{\"type\":\"char\""
                marker(span.marker, attributes: span.attributes, skipping: USJWriter.reserved)
                if !span.isClosed { property("closed", "false") }
                content(span.content)
                text += "}"
            case .note(let note):
                // `\\cat` is the note's `category` (USFM 3.1.2's `attribute` category), as in USX.
                let (category, rest) = USXSchemaFit.noteCategory(note)
                text += "{\"type\":\"note\""
                marker(note.marker)
                property("caller", note.caller)
                if let category { property("category", USXSchemaFit.categoryText(category)) }
                content(rest)
                text += "}"
            case .milestone(let milestone):
                text += "{\"type\":\"ms\""
                marker(milestone.marker, attributes: milestone.attributes, skipping: USJWriter.reserved)
                text += "}"
            case .figure(let figure):
                text += "{\"type\":\"figure\""
                let renamed = figure.attributes.map { $0.name == "src" ? Attribute("file", $0.value) : $0 }
                marker("fig", attributes: renamed, skipping: USJWriter.reserved)
                text += ",\"content\":"
                strings(figure.caption.isEmpty ? [] : [figure.caption])
                text += "}"
            case .optionalBreak:
                text += "{\"type\":\"optbreak\"}"
            }
        }
    }
}
