import ScriptureModel

/// Rewrites a book so that its USX is valid against the USX 3.1 schema (`usx.rng`), keeping every
/// piece of text: where the source holds something USX cannot say in that place, it becomes the
/// nearest form the standard documents.
///
/// - A `<ref>` whose `loc` is not a reference (`GEN 1:1`, `1:1-17` has no book) becomes
///   `<char style="xt">` with the value kept as `x-loc`.
/// - A footnote's top level holds only text and `fr`, `ft`, `fk`, `fq`, `fqa`, `fl`, `fw`, `fdc`, `fp`
///   spans (a cross reference's only `xo`, `xt`, … spans): anything else there (`fv`, `pn`, `<ref>`,
///   loose text in a cross reference) is wrapped, with what follows it up to the next such span, in
///   `<char style="ft">` (`xt` in a cross reference).
/// - A `ca` or `va` span that is not part of a chapter or verse start (USX has them only as
///   `altnumber`) becomes `<char style="vp" x-style="ca">`; the USX reader turns it back.
/// - A verse number that is not `12`, `3a`, `1-2`… (`14...`) is written as its valid start (`14`),
///   the label as written kept as `pubnumber`.
/// - A note's first `\\cat` span at its top level (a marker of USFM 3.1.2's `attribute` category) is left where it
///   is: the writers give it as the note's `category` attribute (`noteCategory(_:)`), which the readers turn back.
/// - Before the first chapter, body paragraphs take their introduction form (`p` → `ip`, `q1` → `iq1`,
///   `m` → `im`, any other empty one → `ib`); in a book without chapters (a glossary), the closing run of `ili` entries
///   are list items `li`, because a peripheral book needs content after its introduction.
enum USXSchemaFit {
    /// The book with every construct USX 3.1 does not allow replaced as described above.
    static func fitted(_ book: Book) -> Book {
        var book = book
        if book.chapters.isEmpty {
            // A peripheral book must end in content: its closing run of `ili` entries becomes a list.
            let entries = book.introduction.reversed().prefix { listForms[$0.paragraphMarker ?? ""] != nil }.count
            let firstEntry = book.introduction.count - entries
            book.introduction = book.introduction.enumerated().map { index, block in
                fit(block, paragraphStyle: { style, _ in index >= firstEntry ? listForms[style] ?? style : style })
            }
        } else {
            book.introduction = book.introduction.map { block in
                fit(block, paragraphStyle: { introductionStyle($0, isEmpty: $1) })
            }
        }
        for index in book.chapters.indices {
            book.chapters[index].blocks = book.chapters[index].blocks.map { fit($0, paragraphStyle: { style, _ in style }) }
        }
        return book
    }

    /// The footnote styles a `<note style="f">` may hold at its top level.
    static let footnoteStyles: Set<String> = ["fr", "ft", "fk", "fqa", "fq", "fl", "fw", "fdc", "fp"]

    /// The cross-reference styles a `<note style="x">` may hold at its top level.
    static let crossReferenceStyles: Set<String> = ["xop", "xo", "xta", "xt", "xk", "xq", "xot", "xnt", "xdc"]

    /// Whether `loc` matches the schema's reference pattern: a book code, an optional second book code
    /// after `-`, then chapter and verse (`GEN 1:1-3`, `GEN-EXO`, `PSA 23`).
    static func isReferenceLocation(_ loc: String) -> Bool {
        let bytes = Array(loc.utf8)
        func isCodeByte(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x31...0x34).contains(byte) }
        func isCode(at start: Int) -> Bool { start + 3 <= bytes.count && bytes[start..<start + 3].allSatisfy(isCodeByte) }
        guard isCode(at: 0) else { return false }
        var index = 3
        if index < bytes.count, bytes[index] == UInt8(ascii: "-"), isCode(at: index + 1) { index += 4 }
        if index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        return bytes[index...].allSatisfy { byte in
            (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ":")
        }
    }

    /// The longest start of `label` that is a schema-valid verse number (digits not starting with 0,
    /// letters or marks, then `-` or `,` parts), or nil when not even the first digit is.
    static func validVerseNumber(_ label: String) -> String? {
        let scalars = Array(label.unicodeScalars)
        func isDigit(_ index: Int) -> Bool { index < scalars.count && ("0"..."9").contains(scalars[index]) }
        func isLetterOrMark(_ index: Int) -> Bool {
            guard index < scalars.count else { return false }
            switch scalars[index].properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark:
                return true
            default: return false
            }
        }
        guard let first = scalars.first, ("1"..."9").contains(first) else { return nil }
        var index = 1
        while isDigit(index) { index += 1 }
        while isLetterOrMark(index) { index += 1 }
        var end = index
        while true {
            var next = end
            if next < scalars.count, scalars[next] == "\u{200F}" { next += 1 }
            guard next < scalars.count, scalars[next] == "-" || scalars[next] == ",", isDigit(next + 1) else { break }
            next += 1
            while isDigit(next) { next += 1 }
            while isLetterOrMark(next) { next += 1 }
            end = next
        }
        var fitted = String.UnicodeScalarView()
        fitted.append(contentsOf: scalars[0..<end])
        return String(fitted)
    }

    private static let introductionStyles: Set<String> = [
        "imt1", "imt2", "imt3", "imt4", "imte1", "imte2", "imte", "imt", "ib", "ie", "imi", "imq", "im", "io1", "io2",
        "io3", "io4", "iot", "io", "ipc", "ipi", "ipq", "ipr", "ip", "iq1", "iq2", "iq3", "iq", "is1", "is2", "is",
        "iex", "ilit", "ili1", "ili2", "ili", "mt1", "mt2", "mt3", "mt4", "mt", "ide", "h", "h1", "h2", "h3", "toc1",
        "toc2", "toc3", "toca1", "toca2", "toca3", "sts", "rem",
    ]

    private static let introductionForms: [String: String] = [
        "p": "ip", "m": "im", "pi": "ipi", "pi1": "ipi", "mi": "imi", "pc": "ipc", "pr": "ipr", "q": "iq1", "q1": "iq1",
        "q2": "iq2", "q3": "iq3", "s": "is1", "s1": "is1", "s2": "is2", "li": "ili1", "li1": "ili1", "li2": "ili2",
        "b": "ib",
    ]

    private static let listForms: [String: String] = ["ili": "li", "ili1": "li1", "ili2": "li2"]

    /// The style a paragraph before the first chapter of a book with chapters is written with.
    private static func introductionStyle(_ style: String, isEmpty: Bool) -> String {
        if introductionStyles.contains(style) { return style }
        return introductionForms[style] ?? (isEmpty ? "ib" : style)
    }

    private static func fit(_ block: Block, paragraphStyle: (String, Bool) -> String) -> Block {
        switch block {
        case .paragraph(var paragraph):
            let style = paragraphStyle(paragraph.marker, paragraph.content.isEmpty)
            if style != paragraph.marker {
                paragraph.marker = style
                paragraph.kind = ParagraphKind(marker: style)
            }
            paragraph.content = fit(paragraph.content)
            return .paragraph(paragraph)
        case .table(var table):
            for row in table.rows.indices {
                table.rows[row].leading = fit(table.rows[row].leading)
                for cell in table.rows[row].cells.indices {
                    table.rows[row].cells[cell].content = fit(table.rows[row].cells[cell].content)
                }
            }
            return .table(table)
        case .sidebar(var sidebar):
            sidebar.blocks = sidebar.blocks.map { fit($0, paragraphStyle: paragraphStyle) }
            return .sidebar(sidebar)
        }
    }

    private static func fit(_ content: [Inline]) -> [Inline] {
        content.map { inline in
            switch inline {
            case .verse(var start):
                if let number = validVerseNumber(start.number), number != start.number {
                    if start.publishedNumber == nil { start.publishedNumber = start.number }
                    start.number = number
                }
                return .verse(start)
            case .character(var span):
                span.content = fit(span.content)
                if span.marker == "ref", let loc = span.attribute("loc"), !isReferenceLocation(loc) {
                    span.marker = "xt"
                    span.attributes = span.attributes.map { $0.name == "loc" ? Attribute("x-loc", $0.value) : $0 }
                } else if span.marker == "ca" || span.marker == "va" {
                    span.attributes.append(Attribute("x-style", span.marker))
                    span.marker = "vp"
                }
                return .character(span)
            case .note(var note):
                let (category, rest) = noteCategory(note)
                note.content = topLevel(fit(rest), crossReference: note.isCrossReference)
                if let category { note.content.insert(category, at: 0) }
                return .note(note)
            case .text, .milestone, .figure, .optionalBreak:
                return inline
            }
        }
    }

    /// A note's category, its first `cat` span at the top level, and the rest of its content: USX and USJ write
    /// the span's text as the note's `category` attribute.
    static func noteCategory(_ note: Note) -> (category: Inline?, rest: [Inline]) {
        guard let index = note.content.firstIndex(where: { inline in
            if case .character(let span) = inline { return span.marker == "cat" }
            return false
        })
        else { return (nil, note.content) }
        var rest = note.content
        return (rest.remove(at: index), rest)
    }

    /// The text of a `cat` span (its text runs, nested spans' included), for the `category` attribute.
    static func categoryText(_ inline: Inline) -> String {
        func text(_ content: [Inline]) -> String {
            content.map { inline in
                switch inline {
                case .text(let value): value
                case .character(let span): text(span.content)
                default: ""
                }
            }.joined()
        }
        guard case .character(let span) = inline else { return "" }
        return text(span.content)
    }

    /// A note's content with each run that may not stand at its top level wrapped in `ft` (`xt`).
    private static func topLevel(_ content: [Inline], crossReference: Bool) -> [Inline] {
        let allowed = crossReference ? crossReferenceStyles : footnoteStyles
        func isNoteSpan(_ inline: Inline) -> Bool {
            if case .character(let span) = inline { return allowed.contains(span.marker) }
            return false
        }
        func mayStand(_ inline: Inline) -> Bool {
            if isNoteSpan(inline) { return true }
            guard case .text(let text) = inline else { return false }
            return !crossReference || text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        }
        guard !content.allSatisfy(mayStand) else { return content }
        var fitted: [Inline] = []
        var run: [Inline] = []
        func closeRun() {
            guard !run.isEmpty else { return }
            fitted.append(.character(CharacterSpan(marker: crossReference ? "xt" : "ft", content: run)))
            run = []
        }
        for inline in content {
            if isNoteSpan(inline) {
                closeRun()
                fitted.append(inline)
            } else if !run.isEmpty || !mayStand(inline) {
                run.append(inline)
            } else {
                fitted.append(inline)
            }
        }
        closeRun()
        return fitted
    }
}

extension Block {
    /// The paragraph's style marker; nil for a table.
    fileprivate var paragraphMarker: String? {
        if case .paragraph(let paragraph) = self { return paragraph.marker }
        return nil
    }
}
