import SQLiteShim

/// An SQLite failure, with SQLite's own message.
struct SQLiteError: Error, CustomStringConvertible {
    /// What SQLite said.
    var description: String
}

/// One SQLite connection; all pointer code for SQLite lives in this file.
final class SQLiteDatabase {
    private let handle: OpaquePointer

    /// Opens (creating when absent) the database at `path`; `:memory:` for one in memory (bench_sqlite_open).
    init(path: String) throws {
        var handle: OpaquePointer?
        let status = bench_sqlite_open(path, &handle)
        guard status == 0, let handle else {
            throw SQLiteError(description: "cannot open \(path): SQLite error \(status)")
        }
        self.handle = handle
    }

    deinit { bench_sqlite_close(handle) }

    /// The SQLite library's version (bench_sqlite_version).
    static var libraryVersion: String { String(cString: bench_sqlite_version()) }

    /// Runs statements that return no rows (bench_sqlite_exec).
    func execute(_ sql: String) throws {
        guard bench_sqlite_exec(handle, sql) == 0 else { throw error(sql) }
    }

    /// Prepares a statement (bench_sqlite_prepare).
    func prepare(_ sql: String) throws -> SQLiteStatement {
        var statement: OpaquePointer?
        guard bench_sqlite_prepare(handle, sql, &statement) == 0, let statement else { throw error(sql) }
        return SQLiteStatement(statement, database: self)
    }

    /// The first column of the first row of `sql`, as an integer.
    func integer(_ sql: String) throws -> Int64 {
        let statement = try prepare(sql)
        guard try statement.step() else { throw SQLiteError(description: "no row from \(sql)") }
        return statement.int64(0)
    }

    fileprivate func error(_ context: String) -> SQLiteError {
        SQLiteError(description: "\(String(cString: bench_sqlite_errmsg(handle))) (in \(context.prefix(80)))")
    }
}

/// A prepared statement; it keeps its database open.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private let database: SQLiteDatabase

    fileprivate init(_ handle: OpaquePointer, database: SQLiteDatabase) {
        self.handle = handle
        self.database = database
    }

    deinit { bench_sqlite_finalize(handle) }

    /// Binds text to parameter `index`, counted from 1 (bench_sqlite_bind_text).
    func bind(_ text: String, at index: Int32) throws {
        var text = text
        let status = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                bench_sqlite_bind_text(handle, index, chars.baseAddress, Int32(chars.count))
            }
        }
        guard status == 0 else { throw database.error("bind") }
    }

    /// Binds an integer to parameter `index`, counted from 1 (bench_sqlite_bind_int64).
    func bind(_ value: Int64, at index: Int32) throws {
        guard bench_sqlite_bind_int64(handle, index, value) == 0 else { throw database.error("bind") }
    }

    /// Steps to the next row: true when there is one, false when done (bench_sqlite_step).
    func step() throws -> Bool {
        let status = bench_sqlite_step(handle)
        if status == 1 { return true }
        if status == 0 { return false }
        throw database.error("step")
    }

    /// Column `column` (from 0) of the current row as an integer (bench_sqlite_column_int64).
    func int64(_ column: Int32) -> Int64 { bench_sqlite_column_int64(handle, column) }

    /// Column `column` (from 0) of the current row as text (bench_sqlite_column_text); empty for NULL.
    func text(_ column: Int32) -> String {
        var length: Int32 = 0
        guard let bytes = bench_sqlite_column_text(handle, column, &length), length > 0 else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(length)), as: UTF8.self)
    }

    /// Resets the statement for another run and clears its bindings (bench_sqlite_reset).
    func reset() { _ = bench_sqlite_reset(handle) }
}
