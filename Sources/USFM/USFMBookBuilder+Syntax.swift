import ScriptureModel

/// USFM syntax that reads but that the standard does not allow, each reported with its own code: attribute
/// lists not written as USFM 3 writes them, numbers with leading zeros, text in a blank line, table cells out of
/// their columns, markers a footnote or cross reference may not hold (by the committee's stylesheet,
/// `MarkerStylesheet`), and `\k` and `\w` where they may not nest. What the parser builds is unchanged by them.
extension USFMBookBuilder {
    /// Markers whose content is one word (or a few, taken as one lexical unit) with word-level attributes.
    static func isWordMarker(_ marker: String) -> Bool {
        marker == "w" || marker == "rb" || marker == "wg" || marker == "wh" || marker == "wa"
    }

    /// `\w` and `\k`, which may not nest in each other.
    static func isWordOrKeyword(_ marker: String) -> Bool { marker == "w" || marker == "k" }

    /// Whether a note is open.
    var isInNote: Bool {
        mutating get { frames.contains { $0.kind == .note } }
    }

    // MARK: - Attributes

    /// Checks the `|` at `bar` and the list after it, up to `end`, of the top frame (a character style):
    /// a space before `|` (the word takes it; not the space that ends the marker), a space after it, and a list
    /// with nothing in it.
    mutating func checkAttributeBar(at bar: Int, end: Int, frame: USFMFrame) {
        let input = cursor.input
        let marker = frame.marker
        // (The marker's own space is at most `\+name` after its backslash.)
        let afterMarker = frame.offset + 2 + marker.utf8.count
        if bar > afterMarker, input[bar - 1] == space || input[bar - 1] == 0x09 {
            noteSpaceBeforeBar(at: bar - 1, marker: marker)
        }
        var first = bar + 1
        while first < end, isSpace(input[first]) { first += 1 }
        if first == end {
            report(
                .warning, .emptyAttributeList, at: bar,
                "a | with no attribute after it in \\\(marker); remove the | or write name=\"value\" after it")
        } else if first > bar + 1 {
            report(
                .warning, .spaceInAttributes, at: bar + 1,
                "a space after | in \\\(marker); write the attributes right after it: |name=\"value\"")
        }
    }

    /// Notes a space before `|` at `offset` in a span of the marker named by the input's bytes at `name`.
    @inline(never)
    mutating func noteSpaceBeforeBar(at offset: Int, name: Range<Int>) {
        noteSpaceBeforeBar(at: offset, marker: cursor.string(name))
    }

    /// Notes a space before `|` at `offset`: the book's first is reported, the others counted into its message
    /// when the book ends (`finishSpaceBeforeBar()`). Some Bibles write every word so (`\\w Βίβλος |strong="976"\\w*\\w
    /// γενέσεως |…`, the space inside the word separating it from the next), and one line a book says so.
    mutating func noteSpaceBeforeBar(at offset: Int, marker: String) {
        spaceBeforeBar.count += 1
        guard spaceBeforeBar.diagnostic < 0 else { return }
        spaceBeforeBar.diagnostic = diagnostics.count
        report(
            .warning, .spaceInAttributes, at: offset,
            "a space before | in \\\(marker): the content takes it; write \\\(marker) word|name=\"value\"")
    }

    /// Puts the count of the book's spaces before `|` in the message of the first, and starts counting anew.
    mutating func finishSpaceBeforeBar() {
        defer { spaceBeforeBar = (-1, 0) }
        let (index, count) = spaceBeforeBar
        guard index >= 0, index < diagnostics.count, count > 1 else { return }
        diagnostics[index].message += " (the first of \(count) in this book; the others are not listed)"
    }

    /// Reports white space around each `=` outside quoted values of the attribute list in `range`.
    mutating func checkSpacesAroundEquals(_ range: Range<Int>, marker: String) {
        let input = cursor.input
        var inValue = false
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = input[index]
            if byte == UInt8(ascii: "\"") {
                inValue.toggle()
            } else if byte == UInt8(ascii: "="), !inValue {
                let before = index > range.lowerBound && isSpace(input[index - 1])
                let after = index + 1 < range.upperBound && isSpace(input[index + 1])
                if before || after {
                    report(
                        .warning, .spaceInAttributes, at: before ? index - 1 : index + 1,
                        "a space \(before ? "before" : "after") = in the attributes of \\\(marker); write name=\"value\"")
                }
            }
            index += 1
        }
    }

    /// Warns for a word-level marker (`\w`, `\rb`…) closed (its node closed) at `offset` with no word in it.
    mutating func checkWordContent(_ frame: USFMFrame, at offset: Int) {
        guard frame.kind == .character, Self.isWordMarker(frame.marker), frame.node < flat.nodeCount else { return }
        flat.flush(&stage)
        guard flat.content.plainText(of: frame.node).isEmpty else { return }
        report(
            .warning, .emptyWord, at: frame.offset,
            "\\\(frame.marker) has no word in it; put the word between \\\(frame.marker) and |, or remove the marker")
    }

    // MARK: - Numbers

    /// Whether a number as written starts with a zero that is not the whole number (`07`, `3-04`, `012a`).
    static func hasLeadingZero(_ label: UnsafeBufferPointer<UInt8>) -> Bool {
        var atStart = true
        var index = 0
        while index < label.count {
            let byte = label[index]
            if atStart, byte == 0x30, index + 1 < label.count, (0x30...0x39).contains(label[index + 1]) { return true }
            atStart = byte == UInt8(ascii: "-")
            index += 1
        }
        return false
    }

    /// Warns for a chapter or verse number written with a leading zero.
    mutating func checkLeadingZero(_ range: Range<Int>, what: String) {
        let label = cursor.bytes(range)
        guard Self.hasLeadingZero(label) else { return }
        let text = cursor.string(range)
        let kept = what == "chapter" ? "it is read as \(Int(text) ?? 0)" : "Lectern keeps the label as written"
        report(
            .warning, .leadingZero, at: range.lowerBound,
            "\(what) number '\(text)' has a leading zero; write it without (\(kept))")
    }

    // MARK: - Blocks

    /// Warns for a blank-line paragraph (`\b`, `\ib`) that holds content: it must stay empty.
    mutating func checkBlankLine(_ paragraph: USFMFrame) {
        guard flat.nodeCount > paragraph.node + 1, paragraphKind(paragraph.marker) == .blank else { return }
        report(
            .warning, .contentInBlankLine, at: paragraph.offset,
            "\\\(paragraph.marker) is a blank line and must stay empty; start a paragraph (\\p, \\q1, \\m) before its text")
    }

    /// The first and last column a cell marker names (`tc3` 3…3, `thr1-2` 1…2), or nil.
    static func columns(of marker: String) -> (first: Int, last: Int)? {
        let digits = marker.drop { !$0.isASCII || !$0.isNumber }
        let parts = digits.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first.flatMap({ Int($0) }) else { return nil }
        let last = parts.count > 1 ? Int(parts[1]) ?? first : first
        return (first, max(first, last))
    }

    /// Warns for a cell whose column is not the next of its row (`\tc1 … \tc3`, or a column given twice).
    mutating func checkCellColumn(_ marker: String, at offset: Int) {
        guard let (first, last) = Self.columns(of: marker) else { return }
        if first != nextTableColumn {
            report(
                .warning, .skippedTableColumn, at: offset,
                "\\\(marker) where column \(nextTableColumn) was expected; number a row's cells 1, 2, 3… in order")
        }
        nextTableColumn = last + 1
    }

    /// The header row's width (its cells all `\th…`), when the table's first row is one.
    static func headerWidth(of table: Int, in content: FlatContent) -> Int? {
        guard let first = content.children(of: table).first(where: { _ in true }) else { return nil }
        let cells = content.children(of: first).filter { content.nodes[$0].kind == .cell }
        guard !cells.isEmpty, cells.allSatisfy({ content.marker(of: $0).hasPrefix("th") }) else { return nil }
        return cells.reduce(0) { $0 + content.nodes[$1].columnSpan }
    }

    // MARK: - Notes, keywords and words

    /// Warns when `name`, opening now (as a `\+` style when `nested`), may not stand where it does inside a note
    /// (the stylesheet's `\OccursUnder` of it does not name the note, note style or character style around it),
    /// and when `\k` stands in a note or `\k` or `\w` in a `\w` or `\k`.
    mutating func checkPlacement(of name: String, nested: Bool, at offset: Int) {
        checkWordNesting(of: name, at: offset)
        guard let last = frames.indices.last else { return }
        let kind = frames[last].kind
        guard kind == .note || kind == .noteCharacter || (kind == .character && isInNote) else { return }
        let parent = frames[last].marker
        guard MarkerStylesheet.usfm.allows(name, under: parent) == false else { return }
        // (Footnote styles in a cross reference have their own code.)
        if let note = frames.last(where: { $0.kind == .note }), note.marker == "x" || note.marker == "ex",
            name.utf8.first == UInt8(ascii: "f")
        {
            return
        }
        let allowed = MarkerStylesheet.usfm.definition(of: name)?.occursUnder ?? []
        let notes = ["f", "fe", "ef", "efe", "x", "ex"].filter(allowed.contains)
        let hint =
            notes.isEmpty
            ? "it may stand inside a note only within \\ft, \\xt or another note style"
            : "the stylesheet allows it in \(notes.map { "\\" + $0 }.joined(separator: ", ")), not nested in a note style"
        report(
            .warning, .invalidNoteContent, at: offset,
            "\\\(nested ? "+" : "")\(name) may not stand in \\\(parent) (USFM 3.1's stylesheet); \(hint)")
    }

    /// Warns for `\k` in a note, and for `\k` or `\w` inside a `\w` or `\k`.
    mutating func checkWordNesting(of name: String, at offset: Int) {
        guard Self.isWordOrKeyword(name) else { return }
        if let outer = frames.last(where: { $0.kind == .character && Self.isWordOrKeyword($0.marker) }) {
            report(
                .warning, name == "k" ? .misplacedKeyword : .nestedWord, at: offset,
                "\\\(name) inside \\\(outer.marker): a glossary keyword and a word-level marker each mark a word "
                    + "of the text on their own; close \\\(outer.marker)* first")
        } else if name == "k", isInNote {
            report(
                .warning, .misplacedKeyword, at: offset,
                "\\k marks a glossary keyword in the text and may not stand in a footnote or cross reference "
                    + "(USFM 3.1, k: Valid In); use \\fk or \\w in the note")
        }
    }
}
