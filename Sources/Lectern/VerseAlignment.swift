/// One row of versions read side by side: the verses of each version that hold the same text.
public struct AlignedRow: Sendable, Hashable {
    /// The row's verses in the Original numbering, in order (what the versions are aligned by).
    public var original: [SchemeVerse]
    /// Per version, in the order given: its verses in this row; empty when that version has none here.
    public var cells: [[VerseText]]
}

/// Versions side by side, aligned by mapped verse through their versification schemes.
public enum VerseAlignment {
    /// Aligns a chapter of the first version with the verses the other versions number for it.
    ///
    /// Each verse of the first version starts a row; the other versions' verses that map onto it fill the
    /// row's cells. Rows that share a verse of any version are joined (a title counted as verse 0 in one
    /// version and as verses 1–2 in another is one row). Verses of the others that no verse of the first maps
    /// onto are left out.
    /// - Complexity: O(verses in the chapter × versions), each other chapter read once.
    public static func chapter(_ book: BookID, _ chapter: Int, versions: [VersionStore]) throws -> [AlignedRow] {
        guard let base = versions.first else { return [] }
        let schemes = try versions.map { try $0.versification() }
        var chapters: [[Int: [VerseText]]] = Array(repeating: [:], count: versions.count)
        var rows: [AlignedRow] = []
        for verse in try base.verses(book, chapter) {
            var originals: [SchemeVerse] = []
            for number in numbers(verse.key.verse) {
                let key = SchemeVerse(book, chapter, number)
                for original in schemes[0].map(key, to: .original).verses where !originals.contains(original) {
                    originals.append(original)
                }
            }
            var cells: [[VerseText]] = [[verse]]
            for index in versions.indices.dropFirst() {
                var wanted: [SchemeVerse] = []
                for original in originals {
                    wanted += VersificationScheme.original.map(original, to: schemes[index]).verses
                }
                var cell: [VerseText] = []
                for key in wanted.sorted() {
                    if chapters[index][key.chapter] == nil {
                        chapters[index][key.chapter] = (try? versions[index].verses(key.book, key.chapter)) ?? []
                    }
                    for text in chapters[index][key.chapter] ?? [] where numbers(text.key.verse).contains(key.verse) {
                        if !cell.contains(where: { $0.key == text.key }) { cell.append(text) }
                    }
                }
                cells.append(cell)
            }
            let row = AlignedRow(original: originals.sorted(), cells: cells)
            if let last = rows.last, zip(last.cells, row.cells).contains(where: { shares($0, $1) }) {
                rows[rows.count - 1] = joined(last, row)
            } else {
                rows.append(row)
            }
        }
        return rows
    }

    /// The verse numbers a label covers: `4-5` is 4 and 5, `3a` is 3.
    static func numbers(_ label: String) -> ClosedRange<Int> {
        let first = VerseKey.leadingNumber(label)
        return first...max(first, VersificationScheme.lastNumber(ofLabel: label))
    }

    private static func shares(_ left: [VerseText], _ right: [VerseText]) -> Bool {
        left.contains { text in right.contains { $0.key == text.key } }
    }

    private static func joined(_ first: AlignedRow, _ second: AlignedRow) -> AlignedRow {
        var row = first
        for original in second.original where !row.original.contains(original) { row.original.append(original) }
        for (index, cell) in second.cells.enumerated() {
            for text in cell where !row.cells[index].contains(where: { $0.key == text.key }) {
                row.cells[index].append(text)
            }
        }
        return row
    }
}
