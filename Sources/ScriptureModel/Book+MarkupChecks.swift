extension Book {
    /// The markup rules of the USFM parser's syntax checks that a USX or USJ file can break too, checked on the
    /// parsed model (the USX and USJ parsers add these; the USFM parser reports its own at each marker):
    ///
    /// - `leading-zero`: a verse number written `07` (a chapter's is checked by the readers, which see it
    ///   before it becomes a number);
    /// - `content-in-blank-line`: text or a verse in a `b` or `ib` paragraph;
    /// - `skipped-table-column`, `extra-table-column`, `missing-table-column`: a row's cells out of their
    ///   columns, or wider or narrower than the header row (the widest row when there is no header row);
    /// - `empty-word`: a `w` (`rb`, `wg`, `wh`, `wa`) span with no word;
    /// - `misplaced-keyword`, `nested-word`: `k` in a note, `k` or `w` inside `w` or `k`;
    /// - `invalid-note-content`: a span or note inside a note where the stylesheet's `\OccursUnder` does not
    ///   allow it (`MarkerStylesheet`).
    ///
    /// A span has no place of its own in the model: its diagnostics are at the paragraph (or table row) that
    /// holds it, the verse's and row's at their own. What USX and USJ cannot say (attribute syntax) is not here.
    ///
    /// - Complexity: O(n) in the book's nodes.
    public func markupDiagnostics() -> [Diagnostic] {
        var found = MarkupChecker.diagnostics(introductionContent)
        for chapter in chapters { found += MarkupChecker.diagnostics(chapter.content) }
        return found
    }
}

/// Walks one `FlatContent` for `Book.markupDiagnostics()`.
private struct MarkupChecker {
    let content: FlatContent
    var found: [Diagnostic] = []
    /// The open ancestors of the node being looked at, outermost first.
    var ancestors: [Int] = []

    static func diagnostics(_ content: FlatContent) -> [Diagnostic] {
        var checker = MarkupChecker(content: content)
        checker.walk()
        return checker.found
    }

    /// The nearest place: the node's own, else its nearest ancestor's that has one.
    func place(of index: Int) -> SourceLocation? {
        if let own = content.location(of: index) { return own }
        for ancestor in ancestors.reversed() {
            if let location = content.location(of: ancestor) { return location }
        }
        return nil
    }

    mutating func report(_ kind: Diagnostic.Kind, at index: Int, _ message: String) {
        guard let location = place(of: index) else { return }
        found.append(Diagnostic(.warning, kind, at: location, message))
    }

    mutating func walk() {
        let nodes = content.nodes
        for index in nodes.indices {
            while let last = ancestors.last, Int(nodes[last].end) <= index { ancestors.removeLast() }
            let node = nodes[index]
            switch node.kind {
            case .verse: checkVerse(index)
            case .paragraph: checkBlankLine(index)
            case .table: checkTable(index)
            case .character, .note: checkSpan(index)
            default: break
            }
            if Int(node.end) > index + 1 { ancestors.append(index) }
        }
    }

    mutating func checkVerse(_ index: Int) {
        var atStart = true
        let label = Array(content.utf8(of: index))
        for (position, byte) in label.enumerated() {
            if atStart, byte == 0x30, position + 1 < label.count, (0x30...0x39).contains(label[position + 1]) {
                report(
                    .leadingZero, at: index,
                    "verse number '\(content.text(of: index))' has a leading zero; write it without (Lectern keeps "
                        + "the label as written)")
                return
            }
            atStart = byte == UInt8(ascii: "-")
        }
    }

    mutating func checkBlankLine(_ index: Int) {
        guard content.paragraphKind(of: index) == .blank, hasContent(index) else { return }
        let marker = content.marker(of: index)
        report(
            .contentInBlankLine, at: index,
            "the blank line '\(marker)' holds content and must stay empty; start a paragraph (p, q1, m) before it")
    }

    /// Whether a node's subtree holds anything but white space.
    func hasContent(_ index: Int) -> Bool {
        let end = Int(content.nodes[index].end)
        guard end > index + 1 else { return false }
        for child in (index + 1)..<end {
            guard content.nodes[child].kind == .text else { return true }
            if content.utf8(of: child).contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
                return true
            }
        }
        return false
    }

    mutating func checkTable(_ table: Int) {
        let rows = content.children(of: table).filter { content.nodes[$0].kind == .row }
        func cells(_ row: Int) -> [Int] { content.children(of: row).filter { content.nodes[$0].kind == .cell } }
        func width(_ row: Int) -> Int { cells(row).reduce(0) { $0 + content.nodes[$1].columnSpan } }
        let header =
            rows.first.flatMap { row -> Int? in
                let first = cells(row)
                guard !first.isEmpty, first.allSatisfy({ content.marker(of: $0).hasPrefix("th") }) else { return nil }
                return width(row)
            }
        let widest = rows.map(width).max() ?? 0
        for row in rows {
            var next = 1
            for cell in cells(row) {
                let marker = content.marker(of: cell)
                guard let first = Int(String(marker.drop { !$0.isNumber }.prefix { $0.isNumber })) else { continue }
                if first != next {
                    report(
                        .skippedTableColumn, at: row,
                        "cell '\(marker)' where column \(next) was expected; number a row's cells 1, 2, 3… in order")
                    break
                }
                next = first + content.nodes[cell].columnSpan
            }
            let columns = width(row)
            if let header, columns > header {
                report(
                    .extraTableColumn, at: row,
                    "table row has \(columns) columns where the header row has \(header); add a header cell or remove a cell")
            } else if columns < header ?? widest {
                report(
                    .missingTableColumn, at: row,
                    "table row has \(columns) \(columns == 1 ? "column" : "columns") where the "
                        + "\(header == nil ? "table" : "header row") has \(header ?? widest); add the missing cells")
            }
        }
    }

    mutating func checkSpan(_ index: Int) {
        let node = content.nodes[index]
        let marker = content.marker(of: index)
        let spans = ancestors.filter { content.nodes[$0].kind == .character || content.nodes[$0].kind == .note }
        let inNote = spans.contains { content.nodes[$0].kind == .note }
        if node.kind == .character, ["w", "rb", "wg", "wh", "wa"].contains(marker), !hasContent(index) {
            report(.emptyWord, at: index, "a '\(marker)' span with no word in it; put the word in or remove the span")
        }
        if marker == "w" || marker == "k" {
            let outers = spans.filter { ["w", "k"].contains(content.marker(of: $0)) }
            // (Once for a run nested deeper: at the first span inside the outermost.)
            if outers.count == 1, let outer = outers.first {
                report(
                    marker == "k" ? .misplacedKeyword : .nestedWord, at: index,
                    "'\(marker)' inside '\(content.marker(of: outer))': a glossary keyword and a word-level span each "
                        + "mark a word of the text on their own")
            } else if marker == "k", inNote {
                report(
                    .misplacedKeyword, at: index,
                    "'k' marks a glossary keyword in the text and may not stand in a footnote or cross reference; "
                        + "use 'fk' or 'w' in the note")
            }
        }
        guard inNote, let parent = spans.last,
            MarkerStylesheet.usfm.allows(marker, under: content.marker(of: parent)) == false
        else { return }
        report(
            .invalidNoteContent, at: index,
            "'\(marker)' may not stand in '\(content.marker(of: parent))' (USFM 3.1's stylesheet)")
    }
}
