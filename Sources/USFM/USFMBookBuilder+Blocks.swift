import ScriptureModel
import TextNormalization

/// Paragraphs, fields, tables and sidebars closed into the content.
extension USFMBookBuilder {
    /// Closes the open paragraph, field or table, with warnings for what was left open.
    mutating func endBlock() {
        while let last = frames.indices.last, !frames[last].isBlockLevel {
            reportUnclosed(frames[last], atParagraphEnd: true)
            popFrame(explicit: false)
        }
        // The bottom frame is moved out of the stack, not copied (a copy retains its marker).
        if let last = frames.indices.last {
            switch frames[last].kind {
            case .paragraph:
                let bottom = frames.removeLast()
                trimTrailingSpace(of: bottom)
                closeNode(bottom.node)
                reportTextBeforeChapter(bottom)
                checkBlankLine(bottom)
            case .field:
                let bottom = frames.removeLast()
                closeNode(bottom.node)
                flat.flush(&stage)
                let value = flat.content.plainText(of: bottom.node)
                dropNode(of: bottom)
                assignField(bottom.marker, value: value)
            case .rowLeading, .cell:
                finishCell()
            default:
                let bottom = frames.removeLast()
                closeNode(bottom.node)
                dropNode(of: bottom)
            }
        }
        if tableNode >= 0 {
            finishRow()
            closeNode(tableNode)
            reportMissingColumns(tableNode)
            tableNode = -1
        }
    }

    /// The kind of a paragraph style, classified once per style.
    ///
    /// Asked at every verse, mostly for the style asked last: that one is tried first (two equal small
    /// strings compare in one step, two different ones through the standard library's slower path).
    /// A book has a few paragraph styles; past `recentParagraphKinds` of them (unknown markers, each its own
    /// style) the others are kept in `otherParagraphKinds`, so that a question never scans more than that.
    mutating func paragraphKind(_ marker: String) -> ParagraphKind {
        if let last = paragraphKinds.last, last.marker == marker { return last.kind }
        if let index = paragraphKinds.firstIndex(where: { $0.marker == marker }) {
            // The style found moves to the end, where the next question finds it first.
            let known = paragraphKinds.remove(at: index)
            paragraphKinds.append(known)
            return known.kind
        }
        if let kind = otherParagraphKinds[marker] { return kind }
        let kind = ParagraphKind(marker: marker)
        if paragraphKinds.count < Self.recentParagraphKinds {
            paragraphKinds.append((marker, kind))
        } else {
            otherParagraphKinds[marker] = kind
        }
        return kind
    }

    static let recentParagraphKinds = 16

    /// Warns for a prose or poetry paragraph with content in the introduction.
    mutating func reportTextBeforeChapter(_ paragraph: USFMFrame) {
        guard sidebarNode < 0, !hasChapters, flat.nodeCount > paragraph.node + 1 else { return }
        let kind = paragraphKind(paragraph.marker)
        guard kind == .prose || kind == .poetry else { return }
        report(
            .warning, .textBeforeChapter, at: location(paragraph.offset),
            "\\\(paragraph.marker) before the first \\c; introductions use \\ip, \\is1 and the like")
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

    /// Drops the white space that ended a block's last line: the spaces ending its last text run
    /// (the run itself when nothing else is left).
    mutating func trimTrailingSpace(of frame: USFMFrame) {
        let last = frame.lastChild
        guard last >= 0, flat.content.nodes[last].kind == .text, flat.lastByte(ofText: last, in: stage) == space else {
            return
        }
        if flat.trimTrailingSpaces(ofText: last, in: stage) == 0 { flat.removeNodes(from: last) }
    }

    // MARK: - Tables

    mutating func openTableRow(at offset: Int) {
        if tableNode < 0 {
            endBlock()
            tableNode = flat.open(.table, markerID: FlatNode.none)
            setLocation(of: tableNode, offset: offset)
        } else {
            finishRow()
        }
        rowNode = flat.open(.row, markerID: FlatNode.none)
        setLocation(of: rowNode, offset: offset)
        nextTableColumn = 1
        push(.rowLeading, "tr", node: rowNode, at: offset)
    }

    mutating func openTableCell(_ marker: USFMMarkerInfo, at offset: Int) {
        if rowNode < 0 {
            report(
                .warning, .misplacedMarker, at: offset,
                "table cell \\\(marker.name) outside a row; start the row with \\tr")
            openTableRow(at: offset)
        }
        finishCell()
        checkCellColumn(marker.name, at: offset)
        let cell = flat.open(.cell, markerID: markerID(marker))
        flat.setColumnSpan(of: cell, USFMMarkers.columnSpan(of: marker.name))
        push(.cell, marker.name, node: cell, at: offset)
    }

    /// Closes the open cell (or the row's leading content) into the open row.
    mutating func finishCell() {
        while let last = frames.indices.last, !frames[last].isBlockLevel { popFrame(explicit: false, warn: true) }
        guard let bottom = frames.last else { return }
        switch bottom.kind {
        case .rowLeading:
            frames.removeLast()
            trimTrailingSpace(of: bottom)
        case .cell:
            frames.removeLast()
            trimTrailingSpace(of: bottom)
            closeNode(bottom.node)
        default: break
        }
    }

    mutating func finishRow() {
        finishCell()
        if rowNode >= 0 { closeNode(rowNode) }
        rowNode = -1
    }

    /// Warns for each row with fewer columns than the (closed) table's header row (a first row of `\th` cells),
    /// or its widest row when it has none, and for each row with more columns than the header row.
    mutating func reportMissingColumns(_ table: Int) {
        let content = flat.content
        let header = Self.headerWidth(of: table, in: content)
        var widest = 0
        for row in content.children(of: table) { widest = max(widest, Self.columns(of: row, in: content)) }
        for row in content.children(of: table) {
            let width = Self.columns(of: row, in: content)
            guard let place = content.location(of: row) else { continue }
            let columns = "\(width) \(width == 1 ? "column" : "columns")"
            if let header, width > header {
                diagnostics.append(
                    Diagnostic(
                        .warning, .extraTableColumn, at: place,
                        "table row has \(columns) where the header row has \(header); add a header cell or remove a cell"))
            } else if width < header ?? widest {
                diagnostics.append(
                    Diagnostic(
                        .warning, .missingTableColumn, at: place,
                        "table row has \(columns) where the \(header == nil ? "table" : "header row") has \(header ?? widest); add the missing cells"
                    ))
            }
        }
    }

    private static func columns(of row: Int, in content: FlatContent) -> Int {
        var width = 0
        for cell in content.children(of: row) where content.nodes[cell].kind == .cell {
            width += content.nodes[cell].columnSpan
        }
        return width
    }

    // MARK: - Sidebars

    /// `\esb` opens a sidebar, `\esbe` closes it into the chapter (or introduction); warns for a sidebar
    /// opened while one is open (which closes the first) and for an end with none open.
    mutating func readSidebarMarker(_ name: String, at offset: Int) {
        if name == "esb" {
            reportUnclosedSidebar(before: "another \\esb")
            sidebarNode = flat.open(.sidebar, markerID: FlatNode.none)
            setLocation(of: sidebarNode, offset: offset)
            sidebarOffset = offset
        } else if name == "esbe" {
            if sidebarNode < 0 {
                report(
                    .warning, .unmatchedSidebarEnd, at: offset,
                    "\\esbe ends no sidebar; remove it or add \\esb where the sidebar starts")
            }
            closeSidebar()
        }
    }

    /// Warns for an open sidebar and closes it where it stands (the caller has ended the open block).
    mutating func reportUnclosedSidebar(before what: String) {
        guard sidebarNode >= 0 else { return }
        report(.warning, .unclosedSidebar, at: sidebarOffset, "sidebar \\esb is not closed before \(what); add \\esbe")
        closeSidebar()
    }

    /// Closes the open sidebar, if any.
    mutating func closeSidebar() {
        guard sidebarNode >= 0 else { return }
        closeNode(sidebarNode)
        sidebarNode = -1
    }

    /// Whether `\cat` here names the open sidebar: right after `\esb`, before any of its content.
    var sidebarAwaitsCategory: Bool {
        mutating get {
            guard frames.isEmpty, sidebarNode >= 0 else { return false }
            return !flat.content.nodes[sidebarNode].hasCategory && flat.nodeCount == sidebarNode + 1
        }
    }

    mutating func finishBook() {
        endBlock()
        finishSpaceBeforeBar()
        reportUnclosedSidebar(before: "the end of the book")
        if hasBook, let current = book, current.chapters.isEmpty, flat.nodeCount == 0 {
            report(
                .warning, .emptyBook, at: current.location,
                "book \(current.id.code) has nothing but its \\id line; add its chapters or remove the file")
        }
        if !pendingMilestones.isEmpty {
            if hasBook {
                flat.flush(&stage)
                let paragraph = flat.open(.paragraph, markerID: flat.intern("p"))
                setLocation(of: paragraph, offset: cursor.position)
                for milestone in pendingMilestones { flat.milestone(milestone) }
                flat.close()
                if sidebarNode < 0, !hasChapters {
                    report(
                        .warning, .textBeforeChapter, at: location(cursor.position).offset,
                        "\\p before the first \\c; introductions use \\ip, \\is1 and the like")
                }
            }
            pendingMilestones = []
        }
        storeContent()
        if let book { books.append(book.mergingRepeatedChapters()) }
        book = nil
        hasBook = false
    }
}
