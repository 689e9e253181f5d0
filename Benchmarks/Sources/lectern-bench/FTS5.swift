/// An SQLite FTS5 table of one Bible, one row per verse, the peer of Lectern's search index.
///
/// The table is `verses(book, chapter, verse, text)` with only `text` indexed, tokenizer
/// `unicode61 remove_diacritics 2`, rowid = the verse's position in the `vref`, so rowid order is
/// canon order. After the bulk load its segments are merged into one (`optimize`), as tantivy's and
/// Lucene's indexes are. It lives in memory; `sizeBytes` is what it would take on disk.
final class FTS5Index {
    /// The number of rows in a results page.
    static let pageSize = 20
    /// The prefix lengths of the table with a prefix index (`prefix=` of FTS5).
    static let prefixLengths = "2 3 4 5 6"

    /// The table's definition, with a prefix index of `prefixLengths` when given.
    static func schema(prefixLengths: String? = nil) -> String {
        """
        CREATE VIRTUAL TABLE verses USING fts5(book UNINDEXED, chapter UNINDEXED, verse UNINDEXED, text,
            tokenize = 'unicode61 remove_diacritics 2'\(prefixLengths.map { ", prefix = '\($0)'" } ?? ""))
        """
    }

    private let database: SQLiteDatabase
    private let allHits: SQLiteStatement
    private let page: SQLiteStatement
    private let pageText: SQLiteStatement
    private let count: SQLiteStatement
    private let top: SQLiteStatement
    /// How many verses the table holds.
    let rowCount: Int
    /// The prefix index's lengths, or nil without one.
    let prefixLengths: String?

    /// Builds the table from `verses` in one transaction, with a prefix index of `prefixLengths` when given, then
    /// merges its segments into one (`optimize`) unless `merged` is false (as the table was before issue 46).
    init(verses: VerseList, prefixLengths: String? = nil, merged: Bool = true) throws {
        database = try SQLiteDatabase(path: ":memory:")
        self.prefixLengths = prefixLengths
        try database.execute(FTS5Index.schema(prefixLengths: prefixLengths))
        try database.execute("BEGIN")
        let insert = try database.prepare(
            "INSERT INTO verses(rowid, book, chapter, verse, text) VALUES (?, ?, ?, ?, ?)")
        for (index, verse) in verses.verses.enumerated() {
            let parts = FTS5Index.split(verse.reference)
            try insert.bind(Int64(index + 1), at: 1)
            try insert.bind(parts.book, at: 2)
            try insert.bind(parts.chapter, at: 3)
            try insert.bind(parts.verse, at: 4)
            try insert.bind(verse.text, at: 5)
            _ = try insert.step()
            insert.reset()
        }
        try database.execute("COMMIT")
        if merged { try database.execute("INSERT INTO verses(verses) VALUES('optimize')") }
        rowCount = verses.verses.count
        allHits = try database.prepare("SELECT rowid FROM verses WHERE verses MATCH ? ORDER BY rowid")
        page = try database.prepare(
            "SELECT rowid, book, chapter, verse FROM verses WHERE verses MATCH ? ORDER BY rowid LIMIT \(FTS5Index.pageSize)"
        )
        pageText = try database.prepare(
            "SELECT rowid, book, chapter, verse, highlight(verses, 3, '\(FTS5Index.marks.open)', '\(FTS5Index.marks.close)') "
                + "FROM verses WHERE verses MATCH ? ORDER BY rowid LIMIT \(FTS5Index.pageSize)")
        count = try database.prepare("SELECT count(*) FROM verses WHERE verses MATCH ?")
        top = try database.prepare(
            "SELECT rowid, book, chapter, verse FROM verses WHERE verses MATCH ? ORDER BY rank LIMIT \(FTS5Index.pageSize)"
        )
    }

    /// The table's size as a database file: page_count × page_size.
    func sizeBytes() throws -> Int {
        Int(try database.integer("PRAGMA page_count") * database.integer("PRAGMA page_size"))
    }

    /// Every matching verse's rowid, in canon order.
    func allHits(_ match: String) throws -> [Int64] {
        defer { allHits.reset() }
        try allHits.bind(match, at: 1)
        var rows: [Int64] = []
        while try allHits.step() { rows.append(allHits.int64(0)) }
        return rows
    }

    /// The first page of matches (rowid and reference, canon order) and the total count.
    func firstPage(_ match: String) throws -> (rows: [(rowid: Int64, reference: String)], total: Int) {
        try firstPage(match, page) { row in (row.int64(0), FTS5Index.reference(row)) }
    }

    /// The best page of matches by BM25 (FTS5's `rank`: rowid and reference) and the total count.
    func topPage(_ match: String) throws -> (rows: [(rowid: Int64, reference: String)], total: Int) {
        try firstPage(match, top) { row in (row.int64(0), FTS5Index.reference(row)) }
    }

    /// The marks `highlight()` puts around each match in `pageText`.
    static let marks = (open: "[", close: "]")

    /// One row of a reader's results list: the verse and its text with each match between `marks`.
    struct TextRow {
        var rowid: Int64
        var reference: String
        var marked: String
    }

    /// The first page of matches as a results list shows them (rowid, reference, and the verse text with the
    /// matches marked by FTS5's `highlight()`, canon order) and the total count.
    func firstPageWithText(_ match: String) throws -> (rows: [TextRow], total: Int) {
        try firstPage(match, pageText) { row in
            TextRow(rowid: row.int64(0), reference: FTS5Index.reference(row), marked: row.text(4))
        }
    }

    /// Steps `statement` (the page's rows, in canon order) for `match`, each row made by `row`, then counts
    /// every match with `count(*)`.
    private func firstPage<Row>(
        _ match: String, _ statement: SQLiteStatement, _ row: (SQLiteStatement) -> Row
    ) throws -> (rows: [Row], total: Int) {
        defer {
            statement.reset()
            count.reset()
        }
        try statement.bind(match, at: 1)
        var rows: [Row] = []
        while try statement.step() { rows.append(row(statement)) }
        try count.bind(match, at: 1)
        let total = try count.step() ? Int(count.int64(0)) : 0
        return (rows, total)
    }

    /// `GEN 1:1` from the current row's book, chapter and verse (columns 1–3).
    private static func reference(_ row: SQLiteStatement) -> String {
        "\(row.text(1)) \(row.text(2)):\(row.text(3))"
    }

    /// `GEN 1:1` → (`GEN`, `1`, `1`); a reference without a space or colon keeps the rest in `book`.
    static func split(_ reference: String) -> (book: String, chapter: String, verse: String) {
        guard let space = reference.firstIndex(of: " ") else { return (reference, "", "") }
        let book = String(reference[..<space])
        let rest = reference[reference.index(after: space)...]
        guard let colon = rest.firstIndex(of: ":") else { return (book, String(rest), "") }
        return (book, String(rest[..<colon]), String(rest[rest.index(after: colon)...]))
    }
}
