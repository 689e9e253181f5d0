import Lectern

/// Columns of text aligned by their width on a terminal (CJK characters take two columns, combining marks none).
enum TextColumns {
    /// How many terminal columns `text` takes.
    static func width(_ text: String) -> Int { DisplayWidth.of(text) }

    /// `text` padded with spaces to `columns`.
    static func padded(_ text: String, to columns: Int) -> String {
        let width = width(text)
        return width >= columns ? text : text + String(repeating: " ", count: columns - width)
    }

    /// `text` cut to at most `columns` columns, ending in `…` when cut.
    static func shortened(_ text: String, to columns: Int) -> String {
        guard width(text) > columns else { return text }
        var out = ""
        var used = 0
        for character in text {
            let next = width(String(character))
            if used + next > columns - 1 { break }
            out.append(character)
            used += next
        }
        return out + "…"
    }

    /// Each row's cells padded to the widest cell of their column, joined by two spaces, trailing spaces cut.
    static func align(_ rows: [[String]], rightAligned: Set<Int> = []) -> [String] {
        let count = rows.map(\.count).max() ?? 0
        let widths = (0..<count).map { column in rows.map { column < $0.count ? width($0[column]) : 0 }.max() ?? 0 }
        return rows.map { cells in
            var line = cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: max(0, widths[column] - width(cell)))
                return rightAligned.contains(column) ? pad + cell : cell + pad
            }.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
