import CSQLite

/// A value bound to a statement's parameter.
package enum SQLiteValue: Sendable, Hashable {
    /// An integer.
    case int(Int64)
    /// UTF-8 text.
    case text(String)
    /// Bytes.
    case blob([UInt8])
    /// SQL NULL.
    case null

    /// Text, or NULL when nil.
    package static func optional(_ text: String?) -> SQLiteValue { text.map(SQLiteValue.text) ?? .null }
}

/// One row of a query's result, valid only inside the closure it is given to.
package struct SQLiteRow {
    fileprivate let statement: OpaquePointer

    /// Column `column` (from 0) as an integer; 0 for NULL (`sqlite3_column_int64`).
    package func int(_ column: Int32) -> Int64 { lectern_sqlite_column_int64(statement, column) }

    /// Whether column `column` is NULL (`sqlite3_column_type`).
    package func isNull(_ column: Int32) -> Bool {
        lectern_sqlite_column_type(statement, column) == Int32(LECTERN_SQLITE_NULL)
    }

    /// Column `column` as UTF-8 text (repaired if it is not valid UTF-8), or nil for NULL.
    package func text(_ column: Int32) -> String? {
        if isNull(column) { return nil }
        var length: Int32 = 0
        guard let bytes = lectern_sqlite_column_bytes(statement, column, &length) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(length)), as: UTF8.self)
    }

    /// Column `column` as bytes, or nil for NULL (`sqlite3_column_blob`).
    package func blob(_ column: Int32) -> [UInt8]? {
        if isNull(column) { return nil }
        var length: Int32 = 0
        guard let bytes = lectern_sqlite_column_bytes(statement, column, &length) else { return [] }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(length)))
    }
}

/// One SQLite connection through the `CSQLite` shim: all of the annotation store's pointer code.
///
/// Statements are prepared once per SQL text and kept until the connection closes. Not thread-safe on its
/// own: `AnnotationStore` keeps it behind a lock. Every failure is an `AnnotationError` naming `path`.
package final class SQLiteConnection {
    /// The database file, for messages.
    package let path: String
    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]

    /// Opens (or creates, when `create`) the database at `path` with a busy timeout, so that a writer in
    /// another process is waited for up to `busyTimeout` milliseconds instead of failing at once.
    /// (`sqlite3_open_v2`, `sqlite3_busy_timeout`.)
    package init(path: String, create: Bool, busyTimeout: Int) throws(AnnotationError) {
        var message = [CChar](repeating: 0, count: 256)
        var opened: OpaquePointer?
        let status = lectern_sqlite_open(path, create ? 1 : 0, Int32(clamping: busyTimeout), &opened, &message, 256)
        guard status == LECTERN_SQLITE_OK, let opened else {
            throw AnnotationError.from(code: status, message: Self.text(message), path: path)
        }
        self.path = path
        handle = opened
    }

    deinit {
        for statement in statements.values { lectern_sqlite_finalize(statement) }
        lectern_sqlite_close(handle)
    }

    /// Runs SQL that returns no rows, several statements allowed (`sqlite3_exec`).
    package func execute(_ sql: String) throws(AnnotationError) {
        let status = lectern_sqlite_exec(handle, sql)
        guard status == LECTERN_SQLITE_OK else { throw failure(status) }
    }

    /// Runs one statement with `values` bound to its parameters, calling `row` for each result row.
    package func query(
        _ sql: String, _ values: [SQLiteValue] = [], row: (SQLiteRow) throws(AnnotationError) -> Void
    ) throws(AnnotationError) {
        let statement = try prepared(sql)
        defer { lectern_sqlite_reset(statement) }
        try bind(values, to: statement)
        while true {
            let status = lectern_sqlite_step(statement)
            if status == LECTERN_SQLITE_DONE { return }
            guard status == LECTERN_SQLITE_ROW else { throw failure(status) }
            try row(SQLiteRow(statement: statement))
        }
    }

    /// Runs one statement that returns no rows; returns how many rows it changed (`sqlite3_changes64`).
    @discardableResult
    package func run(_ sql: String, _ values: [SQLiteValue] = []) throws(AnnotationError) -> Int {
        try query(sql, values) { (_: SQLiteRow) throws(AnnotationError) in }
        return Int(lectern_sqlite_changes(handle))
    }

    /// The first column of the first row as an integer, or nil when there is no row.
    package func integer(_ sql: String, _ values: [SQLiteValue] = []) throws(AnnotationError) -> Int64? {
        var result: Int64?
        try query(sql, values) { (row: SQLiteRow) throws(AnnotationError) in
            if result == nil { result = row.int(0) }
        }
        return result
    }

    /// The first column of every row as text (NULL left out).
    package func texts(_ sql: String, _ values: [SQLiteValue] = []) throws(AnnotationError) -> [String] {
        var result: [String] = []
        try query(sql, values) { (row: SQLiteRow) throws(AnnotationError) in
            if let text = row.text(0) { result.append(text) }
        }
        return result
    }

    /// The rowid of the last INSERT (`sqlite3_last_insert_rowid`).
    package var lastRowID: Int64 { lectern_sqlite_last_rowid(handle) }

    /// Runs `body` in one write transaction, taken at once (`BEGIN IMMEDIATE`), so a writer in another
    /// process is waited for by the busy timeout instead of meeting a lock it cannot wait on later; commits
    /// when `body` returns and rolls back when it throws.
    package func writeTransaction<Result>(_ body: () throws(AnnotationError) -> Result) throws(AnnotationError)
        -> Result
    {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if lectern_sqlite_autocommit(handle) == 0 { _ = lectern_sqlite_exec(handle, "ROLLBACK") }
            throw error
        }
    }

    /// Runs `body` in one read transaction (`BEGIN`), so its queries see one state of the file.
    package func readTransaction<Result>(_ body: () throws(AnnotationError) -> Result) throws(AnnotationError)
        -> Result
    {
        try execute("BEGIN")
        defer { if lectern_sqlite_autocommit(handle) == 0 { _ = lectern_sqlite_exec(handle, "ROLLBACK") } }
        return try body()
    }

    /// SQLite's version, such as `3.40.1` (`sqlite3_libversion`).
    package static var libraryVersion: String { String(cString: lectern_sqlite_version()) }

    private func prepared(_ sql: String) throws(AnnotationError) -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let status = lectern_sqlite_prepare(handle, sql, &statement)
        guard status == LECTERN_SQLITE_OK, let statement else { throw failure(status) }
        statements[sql] = statement
        return statement
    }

    private func bind(_ values: [SQLiteValue], to statement: OpaquePointer) throws(AnnotationError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .int(let number): status = lectern_sqlite_bind_int64(statement, index, number)
            case .text(let text):
                var text = text
                status = text.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) {
                        lectern_sqlite_bind_text(statement, index, $0.baseAddress, Int32(clamping: $0.count))
                    }
                }
            case .blob(let bytes):
                status = bytes.withUnsafeBytes {
                    lectern_sqlite_bind_blob(statement, index, $0.baseAddress, Int32(clamping: $0.count))
                }
            case .null: status = lectern_sqlite_bind_null(statement, index)
            }
            guard status == LECTERN_SQLITE_OK else { throw failure(status) }
        }
    }

    /// The error for a failed call, with the connection's message.
    private func failure(_ status: Int32) -> AnnotationError {
        let extended = lectern_sqlite_extended_code(handle)
        let message = String(cString: lectern_sqlite_message(handle))
        return AnnotationError.from(code: extended != 0 ? extended : status, message: message, path: path)
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
