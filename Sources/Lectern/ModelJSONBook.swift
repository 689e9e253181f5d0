import ScriptureModel

/// One book of a Lectern JSON export read back into the document model: the inverse of `ModelJSON.book`.
///
/// Every key `ModelJSON` writes is read and no other is accepted; a paragraph's `kind` must be the one its
/// marker gives. Positions are the JSON values' places in the file.
struct ModelJSONBook {
    let base: Int
    let scanner: ExportScanner

    /// Objects and arrays nested in one book: chapters, blocks, sidebars, and inlines nested
    /// `Inline.maximumNestingDepth` deep (an object and its `content` array each).
    static let maximumDepth = 2 * Inline.maximumNestingDepth + 32

    /// Reads the book at `range` of the export.
    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, scanner: ExportScanner
    ) throws(ModelJSONError) -> Book {
        let reader = ModelJSONBook(base: range.lowerBound, scanner: scanner)
        let node: JSONNode
        do {
            node = try JSONReader.read(UnsafeBufferPointer(rebasing: bytes[range]), maximumDepth: maximumDepth)
        } catch {
            let at = scanner.location(line: error.line, column: error.column, offset: error.offset, base: range.lowerBound)
            throw ModelJSONError("invalid JSON: \(error.message)", at: at)
        }
        return try reader.book(node)
    }

    func location(_ node: JSONNode) -> SourceLocation {
        scanner.location(line: node.line, column: node.column, offset: node.offset, base: base)
    }

    private func fail(_ message: String, _ node: JSONNode) -> ModelJSONError {
        ModelJSONError(message, at: location(node))
    }

    /// An object's members by key, with exactly `keys` (those in `optional` may be left out).
    private func fields(
        _ node: JSONNode, _ what: String, keys: [String], optional: Set<String> = []
    ) throws(ModelJSONError) -> [String: JSONNode] {
        guard case .object(let members) = node.value else { throw fail("\(what) is \(node.kindName), not an object", node) }
        var found: [String: JSONNode] = [:]
        for member in members {
            guard keys.contains(member.key) else {
                let at = scanner.location(
                    line: member.keyLine, column: member.keyColumn, offset: member.value.offset, base: base)
                throw ModelJSONError("unknown key \"\(member.key)\" in \(what)", at: at)
            }
            guard found.updateValue(member.value, forKey: member.key) == nil else {
                throw fail("the key \"\(member.key)\" appears twice in \(what)", member.value)
            }
        }
        for key in keys where found[key] == nil && !optional.contains(key) {
            throw fail("\(what) has no \"\(key)\"", node)
        }
        return found
    }

    private func string(_ node: JSONNode?, _ what: String, in parent: JSONNode) throws(ModelJSONError) -> String {
        guard let node else { throw fail("no \(what)", parent) }
        guard case .string(let value) = node.value else { throw fail("\(what) is \(node.kindName), not a string", node) }
        return value
    }

    private func optionalString(_ node: JSONNode?, _ what: String, in parent: JSONNode) throws(ModelJSONError)
        -> String?
    {
        if let node, case .null = node.value { return nil }
        return try string(node, what, in: parent)
    }

    private func integer(_ node: JSONNode?, _ what: String, in parent: JSONNode) throws(ModelJSONError) -> Int {
        guard let node else { throw fail("no \(what)", parent) }
        guard case .number(let text) = node.value, let value = Int(text) else {
            throw fail("\(what) is \(node.kindName), not a whole number", node)
        }
        return value
    }

    private func array(_ node: JSONNode?, _ what: String, in parent: JSONNode) throws(ModelJSONError) -> [JSONNode] {
        guard let node else { throw fail("no \(what)", parent) }
        guard case .array(let elements) = node.value else { throw fail("\(what) is \(node.kindName), not an array", node) }
        return elements
    }

    func book(_ node: JSONNode) throws(ModelJSONError) -> Book {
        let keys = ["book", "identification", "formatVersion", "names", "chapterLabel", "introduction", "chapters"]
        let field = try fields(node, "a book", keys: keys)
        let code = try string(field["book"], "book code", in: node)
        guard let id = BookID(code: code), id.code == code else {
            throw fail("'\(code)' is not a USFM book code", field["book"] ?? node)
        }
        let namesNode = field["names"] ?? node
        let names = try fields(namesNode, "the names", keys: ["header", "long", "short", "abbreviation"])
        var book = Book(
            id: id, identification: try string(field["identification"], "identification", in: node),
            formatVersion: try optionalString(field["formatVersion"], "formatVersion", in: node),
            names: BookNames(
                header: try optionalString(names["header"], "header", in: namesNode),
                long: try optionalString(names["long"], "long", in: namesNode),
                short: try optionalString(names["short"], "short", in: namesNode),
                abbreviation: try optionalString(names["abbreviation"], "abbreviation", in: namesNode)),
            chapterLabel: try optionalString(field["chapterLabel"], "chapterLabel", in: node),
            location: location(node))
        book.introduction = try blocks(field["introduction"], in: node, depth: 0)
        var chapters: [Chapter] = []
        for element in try array(field["chapters"], "chapters", in: node) {
            chapters.append(try chapter(element, book: id))
        }
        book.chapters = chapters
        return book
    }

    private func chapter(_ node: JSONNode, book: BookID) throws(ModelJSONError) -> Chapter {
        let keys = ["book", "number", "label", "alternateNumber", "publishedNumber", "blocks"]
        let field = try fields(node, "a chapter", keys: keys)
        guard try string(field["book"], "book code", in: node) == book.code else {
            throw fail("the chapter names another book than \(book.code)", field["book"] ?? node)
        }
        let number = try integer(field["number"], "the chapter number", in: node)
        guard number > 0 else { throw fail("the chapter number \(number) is not positive", field["number"] ?? node) }
        return Chapter(
            number: number, label: try optionalString(field["label"], "label", in: node),
            alternateNumber: try optionalString(field["alternateNumber"], "alternateNumber", in: node),
            publishedNumber: try optionalString(field["publishedNumber"], "publishedNumber", in: node),
            blocks: try blocks(field["blocks"], in: node, depth: 0), location: location(node))
    }

    private func blocks(_ node: JSONNode?, in parent: JSONNode, depth: Int) throws(ModelJSONError) -> [Block] {
        var blocks: [Block] = []
        for element in try array(node, "blocks", in: parent) {
            blocks.append(try block(element, depth: depth))
        }
        return blocks
    }

    private func block(_ node: JSONNode, depth: Int) throws(ModelJSONError) -> Block {
        guard case .object(let members) = node.value, let typeNode = members.first(where: { $0.key == "type" })?.value
        else { throw fail("a block is \(node.kindName) without a \"type\"", node) }
        switch try string(typeNode, "type", in: node) {
        case "paragraph":
            let field = try fields(node, "a paragraph", keys: ["type", "marker", "kind", "content"])
            let marker = try string(field["marker"], "marker", in: node)
            var paragraph = Paragraph(marker: marker, location: location(node))
            let kind = try string(field["kind"], "kind", in: node)
            guard kind == paragraph.kind.rawValue else {
                throw fail("kind '\(kind)' is not the marker \(marker)'s (\(paragraph.kind.rawValue))", field["kind"] ?? node)
            }
            paragraph.content = try inlines(field["content"], in: node, depth: 0)
            return .paragraph(paragraph)
        case "table":
            let field = try fields(node, "a table", keys: ["type", "rows"])
            var rows: [TableRow] = []
            let rowNodes = try array(field["rows"], "rows", in: node)
            for rowNode in rowNodes {
                let row = try fields(rowNode, "a table row", keys: ["leading", "cells"])
                var cells: [TableCell] = []
                for cellNode in try array(row["cells"], "cells", in: rowNode) {
                    let cell = try fields(cellNode, "a cell", keys: ["marker", "columnSpan", "content"])
                    let span = try integer(cell["columnSpan"], "columnSpan", in: cellNode)
                    guard span > 0 else { throw fail("columnSpan \(span) is not positive", cell["columnSpan"] ?? cellNode) }
                    cells.append(
                        TableCell(
                            marker: try string(cell["marker"], "marker", in: cellNode), columnSpan: span,
                            content: try inlines(cell["content"], in: cellNode, depth: 0)))
                }
                rows.append(
                    TableRow(
                        cells: cells, leading: try inlines(row["leading"], in: rowNode, depth: 0),
                        location: location(rowNode)))
            }
            return .table(Table(rows: rows, location: location(rowNodes.first ?? node)))
        case "sidebar":
            guard depth < Inline.maximumNestingDepth else { throw fail("sidebars are nested too deep", node) }
            let field = try fields(node, "a sidebar", keys: ["type", "category", "blocks"])
            return .sidebar(
                Sidebar(
                    category: try optionalString(field["category"], "category", in: node),
                    blocks: try blocks(field["blocks"], in: node, depth: depth + 1), location: location(node)))
        case let other:
            throw fail("unknown block type '\(other)'", typeNode)
        }
    }

    private func inlines(_ node: JSONNode?, in parent: JSONNode, depth: Int) throws(ModelJSONError) -> [Inline] {
        var inlines: [Inline] = []
        for element in try array(node, "content", in: parent) {
            inlines.append(try inline(element, depth: depth))
        }
        return inlines
    }

    private func attributes(_ node: JSONNode?) throws(ModelJSONError) -> [Attribute] {
        guard let node else { return [] }
        guard case .object(let members) = node.value else {
            throw fail("attributes are \(node.kindName), not an object", node)
        }
        var attributes: [Attribute] = []
        for member in members {
            attributes.append(Attribute(member.key, try string(member.value, "an attribute's value", in: node)))
        }
        return attributes
    }

    private func inline(_ node: JSONNode, depth: Int) throws(ModelJSONError) -> Inline {
        guard depth < Inline.maximumNestingDepth else { throw fail("inlines are nested too deep", node) }
        guard case .object(let members) = node.value, let typeNode = members.first(where: { $0.key == "type" })?.value
        else { throw fail("an inline is \(node.kindName) without a \"type\"", node) }
        switch try string(typeNode, "type", in: node) {
        case "text":
            let field = try fields(node, "a text", keys: ["type", "text"])
            return .text(try string(field["text"], "text", in: node))
        case "verse":
            let field = try fields(
                node, "a verse", keys: ["type", "number", "alternateNumber", "publishedNumber"],
                optional: ["alternateNumber", "publishedNumber"])
            return .verse(
                VerseStart(
                    number: try string(field["number"], "number", in: node),
                    alternateNumber: try field["alternateNumber"].map { value throws(ModelJSONError) in
                        try string(value, "alternateNumber", in: node)
                    },
                    publishedNumber: try field["publishedNumber"].map { value throws(ModelJSONError) in
                        try string(value, "publishedNumber", in: node)
                    },
                    location: location(node)))
        case "char":
            let field = try fields(
                node, "a character style", keys: ["type", "marker", "attributes", "closed", "content"],
                optional: ["attributes", "closed"])
            var closed = true
            if let closedNode = field["closed"] {
                guard case .bool(false) = closedNode.value else { throw fail("\"closed\" is written only as false", closedNode) }
                closed = false
            }
            return .character(
                CharacterSpan(
                    marker: try string(field["marker"], "marker", in: node), attributes: try attributes(field["attributes"]),
                    content: try inlines(field["content"], in: node, depth: depth + 1), isClosed: closed))
        case "note":
            let field = try fields(node, "a note", keys: ["type", "marker", "caller", "content"])
            return .note(
                Note(
                    marker: try string(field["marker"], "marker", in: node),
                    caller: try string(field["caller"], "caller", in: node),
                    content: try inlines(field["content"], in: node, depth: depth + 1)))
        case "milestone":
            let field = try fields(node, "a milestone", keys: ["type", "marker", "attributes"], optional: ["attributes"])
            return .milestone(
                Milestone(
                    marker: try string(field["marker"], "marker", in: node), attributes: try attributes(field["attributes"])))
        case "figure":
            let field = try fields(node, "a figure", keys: ["type", "caption", "attributes"], optional: ["attributes"])
            return .figure(
                Figure(
                    caption: try string(field["caption"], "caption", in: node), attributes: try attributes(field["attributes"])))
        case "optionalBreak":
            _ = try fields(node, "an optional break", keys: ["type"])
            return .optionalBreak
        case let other:
            throw fail("unknown inline type '\(other)'", typeNode)
        }
    }
}
