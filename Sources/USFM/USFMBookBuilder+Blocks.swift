import ScriptureModel
import TextNormalization

/// Paragraphs, fields and tables closed into the book.
extension USFMBookBuilder {
    /// Closes the open paragraph, field or table, with warnings for what was left open.
    mutating func endBlock() {
        while let last = frames.indices.last, !frames[last].isBlockLevel {
            reportUnclosed(frames[last], atParagraphEnd: true)
            popFrame(explicit: false)
        }
        if let bottom = frames.last {
            switch bottom.kind {
            case .paragraph:
                frames.removeLast()
                var paragraph = paragraphTemplate(bottom.marker)
                paragraph.content = takeContentTrimmingTrailingSpace(from: bottom.contentStart)
                paragraph.location = location(bottom.offset)
                appendBlock(.paragraph(paragraph))
            case .field:
                frames.removeLast()
                let value = inlines.withContent(from: bottom.contentStart) { USFMFrame.plainText($0) }
                inlines.remove(from: bottom.contentStart)
                assignField(bottom.marker, value: value)
            case .rowLeading, .cell:
                finishCell()
            default:
                frames.removeLast()
                inlines.remove(from: bottom.contentStart)
            }
        }
        if openTable != nil {
            finishRow()
            if let table = openTable {
                reportMissingColumns(table)
                appendBlock(.table(table))
            }
            openTable = nil
        }
    }

    /// An empty paragraph of a style, made once per style: `Paragraph.init` classifies the marker each time.
    /// A file uses a handful of styles, so a short list compared in order beats hashing the name.
    mutating func paragraphTemplate(_ marker: String) -> Paragraph {
        for template in paragraphTemplates where template.marker == marker { return template }
        let template = Paragraph(marker: marker, location: SourceLocation(file: lines.file, line: 1, column: 1))
        paragraphTemplates.append(template)
        return template
    }

    mutating func appendBlock(_ block: Block) {
        guard hasBook else { return }
        if sidebar != nil {
            Self.change(&sidebar) { $0.blocks.append(block) }
        } else if let last = book?.chapters.indices.last {
            book?.chapters[last].content.append(block)
        } else {
            if case .paragraph(let paragraph) = block, paragraph.kind == .prose || paragraph.kind == .poetry,
                !paragraph.content.isEmpty
            {
                report(
                    .warning, .textBeforeChapter, at: paragraph.location.offset,
                    "\\\(paragraph.marker) before the first \\c; introductions use \\ip, \\is1 and the like")
            }
            book?.introductionContent.append(block)
        }
    }

    mutating func assignField(_ marker: String, value: String) {
        let text = NFC.normalize(value)
        Self.change(&book) { book in
            switch marker {
            case "h", "h1": book.names.header = text
            case "toc1": book.names.long = text
            case "toc2": book.names.short = text
            case "toc3": book.names.abbreviation = text
            case "usfm": book.formatVersion = text
            case "cp":
                if let last = book.chapters.indices.last { book.chapters[last].publishedNumber = text }
            case "cl":
                if let last = book.chapters.indices.last {
                    book.chapters[last].label = text
                } else {
                    book.chapterLabel = text
                }
            default: break
            }
        }
    }

    /// Changes an optional property of the builder in place, when it has a value.
    ///
    /// Assigning through optional chaining (`book?.names.header = text`) to a property of this `~Copyable`
    /// struct leaks the old value with Swift 6.3.1 (found by the USFM fuzzer's leak check); moving the value
    /// out, changing it and moving it back does not.
    static func change<Value>(_ value: inout Value?, _ body: (inout Value) -> Void) {
        guard var current = value.take() else { return }
        body(&current)
        value = current
    }

    /// Takes content from `start` without the white space that ended its last line.
    mutating func takeContentTrimmingTrailingSpace(from start: Int) -> [Inline] {
        let last = inlines.count - 1
        if last >= start, case .text(let text) = inlines.element(at: last), text.utf8.last == space {
            let kept = text.trimmingASCIISpaces(leading: false)
            if kept.isEmpty { inlines.remove(from: last) } else { inlines.replace(at: last, with: .text(kept)) }
        }
        return inlines.take(from: start)
    }

    /// Whether content ends with a verse start, ignoring white space after it (where `\\va` and `\\vp` belong).
    static func endsWithVerseStart(_ content: UnsafeBufferPointer<Inline>) -> Bool {
        for inline in content.reversed() {
            switch inline {
            case .verse: return true
            case .text(let text) where text.utf8.allSatisfy({ $0 == 0x20 }): continue
            default: return false
            }
        }
        return false
    }

    // MARK: - Tables

    mutating func openTableRow(at offset: Int) {
        if openTable == nil {
            endBlock()
            openTable = Table(location: location(offset))
        } else {
            finishRow()
        }
        openRow = TableRow(location: location(offset))
        push(.rowLeading, "tr", at: offset)
    }

    mutating func openTableCell(_ name: String, at offset: Int) {
        if openRow == nil {
            report(
                .warning, .misplacedMarker, at: offset, "table cell \\\(name) outside a row; start the row with \\tr")
            openTableRow(at: offset)
        }
        finishCell()
        push(.cell, name, at: offset)
    }

    /// Closes the open cell (or the row's leading content) into the open row.
    mutating func finishCell() {
        while let last = frames.indices.last, !frames[last].isBlockLevel { popFrame(explicit: false, warn: true) }
        guard let bottom = frames.last else { return }
        switch bottom.kind {
        case .rowLeading:
            frames.removeLast()
            let content = takeContentTrimmingTrailingSpace(from: bottom.contentStart)
            Self.change(&openRow) { $0.leading = content }
        case .cell:
            frames.removeLast()
            let content = takeContentTrimmingTrailingSpace(from: bottom.contentStart)
            openRow?.cells.append(
                TableCell(
                    marker: bottom.marker, columnSpan: USFMMarkers.columnSpan(of: bottom.marker), content: content))
        default: break
        }
    }

    mutating func finishRow() {
        finishCell()
        if let row = openRow { openTable?.rows.append(row) }
        openRow = nil
    }

    /// Warns for each row with fewer columns than the table's widest row.
    mutating func reportMissingColumns(_ table: Table) {
        let widths = table.rows.map { $0.cells.reduce(0) { $0 + $1.columnSpan } }
        guard let widest = widths.max() else { return }
        for (row, width) in zip(table.rows, widths) where width < widest {
            diagnostics.append(
                Diagnostic(
                    .warning, .missingTableColumn, at: row.location,
                    "table row has \(width) \(width == 1 ? "column" : "columns") where the table has \(widest); add the missing cells"
                ))
        }
    }

    /// `\esb` opens a sidebar, `\esbe` closes it into the chapter (or introduction); warns for a sidebar
    /// opened while one is open (which closes the first) and for an end with none open.
    mutating func readSidebarMarker(_ name: String, at offset: Int) {
        if name == "esb" {
            reportUnclosedSidebar(before: "another \\esb")
            sidebar = Sidebar(location: location(offset))
            sidebarOffset = offset
        } else if name == "esbe" {
            if sidebar == nil {
                report(
                    .warning, .unmatchedSidebarEnd, at: offset,
                    "\\esbe ends no sidebar; remove it or add \\esb where the sidebar starts")
            }
            closeSidebar()
        }
    }

    /// Warns for an open sidebar and closes it where it stands (the caller has ended the open block).
    mutating func reportUnclosedSidebar(before what: String) {
        guard sidebar != nil else { return }
        report(.warning, .unclosedSidebar, at: sidebarOffset, "sidebar \\esb is not closed before \(what); add \\esbe")
        closeSidebar()
    }

    /// Adds the open sidebar, if any, to the chapter or introduction.
    mutating func closeSidebar() {
        guard let closed = sidebar.take() else { return }
        appendBlock(.sidebar(closed))
    }

    /// Whether `\cat` here names the open sidebar: right after `\esb`, before any of its content.
    var sidebarAwaitsCategory: Bool {
        guard frames.isEmpty, let sidebar else { return false }
        return sidebar.category == nil && sidebar.blocks.isEmpty
    }

    mutating func finishBook() {
        endBlock()
        reportUnclosedSidebar(before: "the end of the book")
        if hasBook, let current = book, current.chapters.isEmpty, current.introduction.isEmpty {
            report(
                .warning, .emptyBook, at: current.location.offset,
                "book \(current.id.code) has nothing but its \\id line; add its chapters or remove the file")
        }
        if !pendingMilestones.isEmpty {
            appendBlock(.paragraph(Paragraph(marker: "p", content: pendingMilestones, location: location(position))))
            pendingMilestones = []
        }
        if let book { books.append(book.mergingRepeatedChapters()) }
        book = nil
        hasBook = false
    }
}
