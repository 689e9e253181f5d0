import ScriptureModel
import ScriptureStore

/// Turns chapter content into what `lectern read` shows: readable text, or the part of a chapter a
/// verse range asks for.
public enum PassageText {
    /// The blocks that hold verses in `verses`: text, spans and headings from the first wanted
    /// verse start up to the next unwanted one. Blocks with nothing wanted are dropped.
    public static func select(_ blocks: [Block], verses: ClosedRange<Int>) -> [Block] {
        var filter = VerseFilter(wanted: verses)
        return blocks.compactMap { filter.block($0) }
    }

    /// Readable text: headings on their own lines, `[16]` before each verse, a blank line between
    /// paragraphs, poetry lines indented by level, a sidebar in a box (`┌─ category`, `│ ` before
    /// each line, `└─`); notes, remarks and attributes left out.
    public static func render(_ blocks: [Block]) -> String {
        var lines: [String] = []
        var previous: ParagraphKind?
        for block in blocks {
            switch block {
            case .paragraph(let paragraph):
                let kind = paragraph.kind
                guard kind != .remark, kind != .header else { continue }
                let text = plain(paragraph.content)
                if text.isEmpty {
                    if kind == .blank, lines.last != "" { lines.append("") }
                    continue
                }
                let keepsTogether = kind == .poetry && previous == .poetry || kind == .list && previous == .list
                if !lines.isEmpty, !keepsTogether, lines.last != "" { lines.append("") }
                let level = max(1, VerseKey.leadingNumber(String(paragraph.marker.drop { !$0.isNumber })))
                let indent = kind == .poetry || kind == .list ? String(repeating: "  ", count: level) : ""
                lines.append(indent + text)
                previous = kind
            case .table(let table):
                if !lines.isEmpty, lines.last != "" { lines.append("") }
                for row in table.rows {
                    let cells = [plain(row.leading)] + row.cells.map { plain($0.content) }
                    lines.append(cells.filter { !$0.isEmpty }.joined(separator: " | "))
                }
                previous = nil
            case .sidebar(let sidebar):
                let rendered = render(sidebar.blocks)
                let inner: [Substring] =
                    rendered == "\n"
                    ? [] : Array(rendered.split(separator: "\n", omittingEmptySubsequences: false).dropLast())
                guard !inner.isEmpty || sidebar.category != nil else { continue }
                if !lines.isEmpty, lines.last != "" { lines.append("") }
                lines.append("┌─" + (sidebar.category.map { " " + $0 } ?? ""))
                lines += inner.map { $0.isEmpty ? "│" : "│ " + $0 }
                lines.append("└─")
                previous = nil
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text with `[N]` verse numbers, notes and attributes left out, white space collapsed.
    static func plain(_ content: [Inline]) -> String {
        var text = ""
        func add(_ content: [Inline]) {
            for inline in content {
                switch inline {
                case .text(let value): text += value
                case .verse(let start): text += " [\(start.number)] "
                case .character(let span) where span.marker != "va" && span.marker != "vp": add(span.content)
                case .character, .note, .milestone, .figure: break
                case .optionalBreak: text += " "
                }
            }
        }
        add(content)
        return text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }
}

/// Keeps the content of wanted verses while walking a chapter in order.
private struct VerseFilter {
    let wanted: ClosedRange<Int>
    /// The numbers of the verse the walk is in; nil before the first verse start.
    var current: ClosedRange<Int>?

    var isWanted: Bool { current.map { $0.overlaps(wanted) } ?? false }

    mutating func block(_ block: Block) -> Block? {
        switch block {
        case .paragraph(var paragraph):
            paragraph.content = inlines(paragraph.content)
            return paragraph.content.isEmpty ? nil : .paragraph(paragraph)
        case .table(var table):
            table.rows = table.rows.compactMap { row in
                var row = row
                row.leading = inlines(row.leading)
                row.cells = row.cells.compactMap { cell in
                    var cell = cell
                    cell.content = inlines(cell.content)
                    return cell.content.isEmpty ? nil : cell
                }
                return row.leading.isEmpty && row.cells.isEmpty ? nil : row
            }
            return table.rows.isEmpty ? nil : .table(table)
        case .sidebar(var sidebar):
            sidebar.blocks = sidebar.blocks.compactMap { self.block($0) }
            return sidebar.blocks.isEmpty ? nil : .sidebar(sidebar)
        }
    }

    mutating func inlines(_ content: [Inline]) -> [Inline] {
        var kept: [Inline] = []
        for inline in content {
            switch inline {
            case .verse(let start):
                current = VerseLabel.range(start.number) ?? current
                if isWanted { kept.append(inline) }
            case .character(var span):
                let inner = inlines(span.content)
                if !inner.isEmpty {
                    span.content = inner
                    kept.append(.character(span))
                }
            default:
                if isWanted { kept.append(inline) }
            }
        }
        return kept
    }
}
