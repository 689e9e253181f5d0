/// An SQLite FTS5 table of one Bible, one row per verse, the peer of Lectern's search index.
///
/// The table is `verses(book, chapter, verse, text)` with only `text` indexed, tokenizer
/// `unicode61 remove_diacritics 2`, rowid = the verse's position in the `vref`, so rowid order is
/// canon order. It lives in memory; `sizeBytes` is what it would take on disk.
final class FTS5Index {
    /// The number of rows in a results page.
    static let pageSize = 20
    /// The table's definition.
    static let schema = """
        CREATE VIRTUAL TABLE verses USING fts5(book UNINDEXED, chapter UNINDEXED, verse UNINDEXED, text,
            tokenize = 'unicode61 remove_diacritics 2')
        """

    private let database: SQLiteDatabase
    private let allHits: SQLiteStatement
    private let page: SQLiteStatement
    private let count: SQLiteStatement
    /// How many verses the table holds.
    let rowCount: Int

    /// Builds the table from `verses` in one transaction.
    init(verses: VerseList) throws {
        database = try SQLiteDatabase(path: ":memory:")
        try database.execute(FTS5Index.schema)
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
        rowCount = verses.verses.count
        allHits = try database.prepare("SELECT rowid FROM verses WHERE verses MATCH ? ORDER BY rowid")
        page = try database.prepare(
            "SELECT rowid, book, chapter, verse FROM verses WHERE verses MATCH ? ORDER BY rowid LIMIT \(FTS5Index.pageSize)"
        )
        count = try database.prepare("SELECT count(*) FROM verses WHERE verses MATCH ?")
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
        defer {
            page.reset()
            count.reset()
        }
        try page.bind(match, at: 1)
        var rows: [(rowid: Int64, reference: String)] = []
        while try page.step() {
            rows.append((page.int64(0), "\(page.text(1)) \(page.text(2)):\(page.text(3))"))
        }
        try count.bind(match, at: 1)
        let total = try count.step() ? Int(count.int64(0)) : 0
        return (rows, total)
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
