// The benchmarks' window onto SQLite. Only sqlite_shim.c includes sqlite3.h; Swift sees
// opaque handles and plain C types. Each function names the SQLite call it makes.
#pragma once
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An open database connection (sqlite3).
typedef struct bench_sqlite_db bench_sqlite_db;
/// A prepared statement (sqlite3_stmt).
typedef struct bench_sqlite_stmt bench_sqlite_stmt;

/// Opens `path` (":memory:" for an in-memory database) with sqlite3_open_v2, read-write, created
/// when absent. Returns 0 and sets `*out`, or an SQLite error code; `*out` is then NULL.
int bench_sqlite_open(const char *path, bench_sqlite_db **out);

/// Closes the connection (sqlite3_close_v2). NULL is allowed.
void bench_sqlite_close(bench_sqlite_db *db);

/// The message of the connection's last error (sqlite3_errmsg); valid until the next call.
const char *bench_sqlite_errmsg(bench_sqlite_db *db);

/// Runs SQL that returns no rows (sqlite3_exec). Returns 0 or an SQLite error code.
int bench_sqlite_exec(bench_sqlite_db *db, const char *sql);

/// Prepares one statement (sqlite3_prepare_v3, persistent). Returns 0 and sets `*out`, or an error code.
int bench_sqlite_prepare(bench_sqlite_db *db, const char *sql, bench_sqlite_stmt **out);

/// Binds `length` bytes of UTF-8 to parameter `index` (1-based), copied (sqlite3_bind_text, SQLITE_TRANSIENT).
int bench_sqlite_bind_text(bench_sqlite_stmt *stmt, int index, const char *text, int length);

/// Binds an integer to parameter `index` (1-based) (sqlite3_bind_int64).
int bench_sqlite_bind_int64(bench_sqlite_stmt *stmt, int index, int64_t value);

/// Steps the statement (sqlite3_step): 1 when a row is ready, 0 when done, minus the SQLite error code otherwise.
int bench_sqlite_step(bench_sqlite_stmt *stmt);

/// Column `column` (0-based) of the current row as an integer (sqlite3_column_int64).
int64_t bench_sqlite_column_int64(bench_sqlite_stmt *stmt, int column);

/// Column `column` (0-based) of the current row as UTF-8 text (sqlite3_column_text, sqlite3_column_bytes):
/// sets `*length` and returns the bytes, valid until the next step or reset; NULL for SQL NULL.
const uint8_t *bench_sqlite_column_text(bench_sqlite_stmt *stmt, int column, int *length);

/// Resets the statement and clears its bindings (sqlite3_reset, sqlite3_clear_bindings).
int bench_sqlite_reset(bench_sqlite_stmt *stmt);

/// Finalizes the statement (sqlite3_finalize). NULL is allowed.
void bench_sqlite_finalize(bench_sqlite_stmt *stmt);

/// The library's version string, such as "3.40.1" (sqlite3_libversion).
const char *bench_sqlite_version(void);

#ifdef __cplusplus
}
#endif
