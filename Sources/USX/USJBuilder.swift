import ScriptureModel
import TextNormalization

/// Builds one `Book` from the tree of a USJ document, with USX's vocabulary and placement rules.
///
/// The tree is walked once, depth first (the JSON reader has already bounded its depth), and its
/// content goes straight into `FlatContent`; a name, label or caption is read into `plain` and kept
/// as a string.
struct USJBuilder: DiagnosticCollecting {
    var diagnostics: [Diagnostic] = []
    /// What becomes the book.
    var parts: BookParts
    /// The content being built: the introduction's before the first chapter, then the current chapter's.
    var content = FlatContentBuilder()
    /// The content of the name, label or caption being read, taken back as plain text.
    var plain = FlatContentBuilder()
    /// How many names, labels and captions are being read: while any is, content goes to `plain`.
    var plainDepth = 0
    /// How many sidebars are open (one at most is kept).
    var openSidebars = 0
    /// Warnings reported once per file, by key: where the first diagnostic is, and how often it came.
    var onceWarnings: [String: (diagnostic: Int, count: Int)] = [:]
    /// The problems past the number a file keeps.
    var unlisted = UnlistedDiagnostics()

    init(path: String) { parts = BookParts(path: path) }

    /// The file's path as the user gave it.
    var path: String { parts.path }

    /// The start of the file, where problems without a better place are reported.
    var start: SourceLocation { parts.start }

    func location(_ node: JSONNode) -> SourceLocation {
        SourceLocation(file: path, line: node.line, column: node.column, offset: node.offset)
    }

    // MARK: Document

    /// Reads the root object: `{"type":"USJ","version":"3.1","content":[…]}`. Its content may have been read
    /// already, node by node through `block(_:)`, as the JSON reader streamed it (the root then holds an empty
    /// `content`).
    mutating func document(_ root: JSONNode) {
        let isObject = if case .object = root.value { true } else { false }
        guard isObject, Self.type(of: root) == "USJ", let element = element(root) else {
            let found = isObject ? "an object whose type is not \"USJ\"" : root.kindName
            report(
                .error, .notUSJ, at: location(root),
                "the document is \(found), not {\"type\":\"USJ\",\"version\":\"3.1\",\"content\":[…]}: this is not a USJ file"
            )
            parts.isRejected = true
            return
        }
        parts.formatVersion = element.value("version")
        if parts.formatVersion == nil {
            report(
                .warning, .missingAttribute, at: element.location,
                "the USJ document has no version; add \"version\":\"3.1\"")
        }
        blocks(element.content)
        if !parts.sawBook {
            report(
                .error, .missingID, at: element.location,
                "no book element; add {\"type\":\"book\",\"marker\":\"id\",\"code\":\"GEN\"} as the first element of content"
            )
        }
    }

    /// Closes the book and returns it (if the document had a good `book` element) and all diagnostics.
    mutating func result() -> ParseResult {
        finishDiagnostics()
        parts.store(content.finish())
        guard let book = parts.book() else { return ParseResult(diagnostics: diagnostics) }
        return ParseResult(books: [book], diagnostics: diagnostics)
    }

    // MARK: Blocks

    /// Reads the content of the document or of a wrapper (`sidebar`, `periph`): the blocks of the book.
    mutating func blocks(_ nodes: [JSONNode]) {
        for node in nodes { block(node) }
    }

    /// Reads one node of the content of the document or of a wrapper: a block of the book.
    mutating func block(_ node: JSONNode) {
        if case .string(let text) = node.value {
            if text.utf8.contains(where: { !USXBuilder.isSpace($0) }) {
                report(
                    .error, .misplacedText, at: location(node),
                    "text outside a paragraph (\"\(Diagnostic.excerpt(text.prefix(200)))\") is not kept; put it inside a para"
                )
            }
            return
        }
        guard let element = element(node) else { return }
        switch element.type {
        case "book": book(element)
        case "para": paragraph(element)
        case "chapter": chapter(element)
        case "table": table(element)
        case "sidebar": sidebar(element)
        // Read as the blocks it holds, as USX reads <periph>.
        case "periph": blocks(element.content)
        case "verse", "char", "ref", "note", "ms", "figure", "optbreak", "table:row", "table:cell", "USJ":
            report(
                .error, .misplacedMarker, at: element.location,
                "a \(element.type) element outside a paragraph is not kept; put it inside a para")
        default:
            reportOnce(
                "element:" + element.type, .unknownElement, at: element.location,
                "unknown element type \"\(element.type)\"; its content is kept as if it were not there")
            blocks(element.content)
        }
    }

    mutating func book(_ element: USJElement) {
        guard !parts.sawBook else {
            report(
                .error, .duplicateBook, at: element.location,
                "a second book element; a USJ file holds one book, so this one is ignored")
            return
        }
        parts.sawBook = true
        parts.location = element.location
        guard let code = element.value("code"), !code.isEmpty else {
            report(
                .error, .missingAttribute, at: element.location,
                "the book element has no code; add the USFM book code, as in \"code\":\"GEN\"")
            return
        }
        guard let book = BookID(code: code) else {
            report(
                .error, .unknownBook, at: element.location,
                "unknown book code \"\(code)\"; use a USFM 3 code such as GEN or 1CO")
            return
        }
        parts.id = book
        parts.identification = plainText(element.content)
    }

    mutating func paragraph(_ element: USJElement) {
        let style = required(element, "marker", fallback: "p", "add one such as")
        if !USXVocabulary.isParagraphStyle(style) {
            reportOnce(
                "para:" + style, .unknownStyle, at: element.location,
                "unknown paragraph style \"\(style)\"; kept as a paragraph")
        }
        if style == "cl" {
            parts.setChapterLabel(plainText(element.content))
        } else if let field = USXVocabulary.headerField(style) {
            let text = plainText(element.content)
            parts.names.set(field, to: text.isEmpty ? nil : text)
        } else {
            content.openParagraph(marker: style, location: element.location)
            inlines(element.content, in: .paragraph)
            content.close()
        }
    }

    mutating func chapter(_ element: USJElement) {
        guard let number = element.value("number"), !number.isEmpty else {
            // USX's end milestone (`eid`, no number) carries nothing for the model.
            if element.value("eid") != nil { return }
            report(.error, .missingAttribute, at: element.location, "the chapter has no number; add \"number\":\"1\"")
            parts.isChapterBroken = true
            return
        }
        if openSidebars > 0 {
            report(
                .error, .misplacedMarker, at: element.location,
                "a chapter inside a sidebar; close the sidebar first (it is kept in the new chapter)")
        }
        guard let value = USXBuilder.chapterNumber(number) else {
            report(
                .error, .invalidChapterNumber, at: element.location,
                "chapter number \"\(number)\" is not a whole number from 1; its verses are left out")
            parts.isChapterBroken = true
            return
        }
        if let warning = USXBuilder.leadingZeroWarning(chapter: number, at: element.location) {
            diagnostics.append(warning)
        }
        if !parts.chapterNumbers.insert(value).inserted {
            report(
                .error, .duplicateChapter, at: element.location,
                "chapter \(value) again; each chapter may appear once (its content is added to the first)")
        }
        parts.store(content.startChapter().done)
        parts.chapters.append(
            Chapter(
                number: value, alternateNumber: element.value("altnumber"), publishedNumber: element.value("pubnumber"),
                location: element.location))
        parts.isChapterBroken = false
        parts.verseLabels.removeAll()
    }

    /// A sidebar (`"type":"sidebar"`, marker `esb`, an optional `category`): study content, a block of its own,
    /// as USX's `<sidebar>` is read. One inside another is reported and its content kept in the outer one.
    mutating func sidebar(_ element: USJElement) {
        guard openSidebars == 0 else {
            report(
                .error, .misplacedMarker, at: element.location,
                "a sidebar inside another sidebar; its content is kept in the outer one")
            blocks(element.content)
            return
        }
        let category = element.value("category")
        content.openSidebar(category: category?.isEmpty == false ? category : nil, location: element.location)
        openSidebars += 1
        blocks(element.content)
        openSidebars -= 1
        content.close()
    }

    // MARK: Elements and reports

    /// Reads an object as an element; reports and returns nil when it is not an object or has no string `type`.
    mutating func element(_ node: JSONNode) -> USJElement? {
        guard case .object(let members) = node.value else {
            report(.error, .notUSJ, at: location(node), "\(node.kindName) where a USJ element or text should be")
            return nil
        }
        var element = USJElement(type: "", content: [], properties: [], location: location(node))
        var hasType = false
        var keys = MemberKeys(count: members.count)
        for (position, member) in members.enumerated() {
            let at = SourceLocation(
                file: path, line: member.keyLine, column: member.keyColumn, offset: member.value.offset)
            if let earlier = keys.earlier(than: position, in: members) {
                // RFC 8259 leaves a repeated name's meaning open; the first is read, and none is dropped unsaid.
                report(
                    .error, .notUSJ, at: at,
                    "\"\(member.key)\" appears again in this object (first at \(members[earlier].keyLine):\(members[earlier].keyColumn)); this one is ignored"
                )
                continue
            }
            switch (member.key, member.value.value) {
            case ("type", .string(let type)):
                element.type = type
                hasType = true
            case ("content", .array(let content)): element.content = content
            case ("marker", .string(let marker)): element.marker = marker
            case ("type", _), ("content", _), ("marker", _):
                let wanted = member.key == "content" ? "an array" : "a string"
                report(
                    .error, .notUSJ, at: at, "\"\(member.key)\" is \(member.value.kindName); USJ wants \(wanted) here")
            case (let key, .string(let value)):
                element.properties.append(Attribute(key, Self.nfc(value)))
                if value.isEmpty { element.emptyValues.append((key, at)) }
            case (let key, .number(let text)):
                report(
                    .warning, .malformedAttributes, at: at,
                    "\"\(key)\" is a number; USJ writes it as a string (\"\(text)\"); read as one")
                element.properties.append(Attribute(key, text))
            case (let key, _):
                report(
                    .error, .malformedAttributes, at: at,
                    "\"\(key)\" is \(member.value.kindName); USJ attribute values are strings (ignored)")
            }
        }
        guard hasType else {
            report(
                .error, .notUSJ, at: element.location,
                "an object without a string \"type\" where a USJ element should be; ignored")
            return nil
        }
        return element
    }

    /// Finds an object's repeated keys: by comparing with the keys before while an object is small (most USJ
    /// elements have two to five), through a dictionary when it is large: O(n) for an object of n keys.
    struct MemberKeys {
        private let isLarge: Bool
        private var positions: [String: Int] = [:]

        init(count: Int) {
            isLarge = count > 8
            if isLarge { positions.reserveCapacity(count) }
        }

        /// The position of an earlier member with the key of `members[position]`, or nil; called in order.
        mutating func earlier(than position: Int, in members: [JSONNode.Member]) -> Int? {
            let key = members[position].key
            guard isLarge else { return members[..<position].firstIndex { $0.key == key } }
            if let found = positions[key] { return found }
            positions[key] = position
            return nil
        }
    }

    /// The `type` of an object, without reading or reporting anything else.
    static func type(of node: JSONNode) -> String? {
        guard case .object(let members) = node.value else { return nil }
        for member in members where member.key == "type" {
            if case .string(let type) = member.value.value { return type }
        }
        return nil
    }

    /// The value of a property USJ requires; when it is missing or empty, reports that and returns `fallback`.
    mutating func required(_ element: USJElement, _ name: String, fallback: String, _ advice: String) -> String {
        let value = name == "marker" ? element.marker : element.value(name)
        if let value, !value.isEmpty { return value }
        report(
            .error, .missingAttribute, at: element.location,
            "the \(element.type) element has no \(name); \(advice) \"\(name)\":\"\(fallback)\" (read as \(fallback))")
        return fallback
    }

    /// Warns of each property of a span, milestone or figure given an empty string (`"strong":""`), as the
    /// USFM parser does for `\w a|strong=""\w*`, once a file for each element and name, with the count; the
    /// attribute is kept as it is.
    mutating func reportEmptyValues(_ element: USJElement) {
        // (An empty `closed` has its own warning.)
        for (name, location) in element.emptyValues where name != "closed" {
            reportOnce(
                "empty:\(element.type):\(name)", .emptyAttributeValue, at: location,
                "\"\(name)\" of the \(element.type) element is empty; give it a value or leave it out")
        }
    }

    /// The text of inline content for a name, label or caption: character styles kept, notes and markers
    /// left out, ends trimmed. Unlike USX, inner white space is kept as it is: a USJ string is exact text.
    mutating func plainText(_ nodes: [JSONNode], in context: InlineContext = .header) -> String {
        let mark = plain.mark
        plainDepth += 1
        inlines(nodes, in: context)
        plainDepth -= 1
        var utf8: [UInt8] = []
        let flat = plain.content
        var index = mark.nodeCount
        while index < flat.nodes.count {
            switch flat.nodes[index].kind {
            case .text: utf8 += flat.utf8(of: index)
            case .character: break
            default:
                index = max(index, Int(flat.nodes[index].end) - 1)
            }
            index += 1
        }
        plain.rollBack(to: mark)
        guard let first = utf8.firstIndex(where: { !USXBuilder.isSpace($0) }),
            let last = utf8.lastIndex(where: { !USXBuilder.isSpace($0) })
        else { return "" }
        return String(decoding: utf8[first...last], as: UTF8.self)
    }

    /// Text as the model keeps it: NFC.
    static func nfc(_ text: String) -> String { NFC.isNormalized(text) ? text : NFC.normalize(text) }
}
