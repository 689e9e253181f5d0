// SQLite (Debian's libsqlite3) for the annotation store. Only sqlite_shim.c includes <sqlite3.h>;
// everything here uses plain C types and two opaque handles. Each function names the SQLite call it makes.
#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An open database connection (sqlite3).
typedef struct lectern_sqlite lectern_sqlite;
/// A prepared statement (sqlite3_stmt).
typedef struct lectern_sqlite_statement lectern_sqlite_statement;

/// SQLite's primary result codes that callers tell apart (the values of SQLITE_OK, SQLITE_ROW, ...).
enum {
    LECTERN_SQLITE_OK = 0,
    LECTERN_SQLITE_ERROR = 1,
    LECTERN_SQLITE_BUSY = 5,
    LECTERN_SQLITE_LOCKED = 6,
    LECTERN_SQLITE_NOMEM = 7,
    LECTERN_SQLITE_READONLY = 8,
    LECTERN_SQLITE_IOERR = 10,
    LECTERN_SQLITE_CORRUPT = 11,
    LECTERN_SQLITE_FULL = 13,
    LECTERN_SQLITE_CANTOPEN = 14,
    LECTERN_SQLITE_CONSTRAINT = 19,
    LECTERN_SQLITE_NOTADB = 26,
    LECTERN_SQLITE_ROW = 100,
    LECTERN_SQLITE_DONE = 101,
};

/// The column types of `lectern_sqlite_column_type` (SQLITE_INTEGER ... SQLITE_NULL).
enum {
    LECTERN_SQLITE_INTEGER = 1,
    LECTERN_SQLITE_FLOAT = 2,
    LECTERN_SQLITE_TEXT = 3,
    LECTERN_SQLITE_BLOB = 4,
    LECTERN_SQLITE_NULL = 5,
};

/// Opens `path` (sqlite3_open_v2: read-write, created when `create` is non-zero, no mutex (SQLITE_OPEN_NOMUTEX:
/// the caller uses a connection from one thread at a time), extended result codes on) and sets its busy timeout (sqlite3_busy_timeout) to `busy_milliseconds`. Returns 0
/// and sets `*out`, or an SQLite result code with SQLite's message (NUL-terminated, cut to
/// `message_capacity`) in `message`; `*out` is then NULL.
int32_t lectern_sqlite_open(const char *path, int32_t create, int32_t busy_milliseconds, lectern_sqlite **out,
                            char *message, size_t message_capacity);

/// Closes the connection (sqlite3_close_v2), finalizing nothing: finalize every statement first. NULL is allowed.
void lectern_sqlite_close(lectern_sqlite *db);

/// The message of the connection's last error (sqlite3_errmsg); valid until the next call on `db`.
const char *lectern_sqlite_message(lectern_sqlite *db);

/// The extended result code of the connection's last error (sqlite3_extended_errcode).
int32_t lectern_sqlite_extended_code(lectern_sqlite *db);

/// Runs SQL that returns no rows, several statements allowed (sqlite3_exec). Returns an SQLite result code.
int32_t lectern_sqlite_exec(lectern_sqlite *db, const char *sql);

/// Prepares one statement (sqlite3_prepare_v3 with SQLITE_PREPARE_PERSISTENT). Returns 0 and sets
/// `*out`, or an SQLite result code; `*out` is then NULL.
int32_t lectern_sqlite_prepare(lectern_sqlite *db, const char *sql, lectern_sqlite_statement **out);

/// Binds an integer to parameter `index`, from 1 (sqlite3_bind_int64).
int32_t lectern_sqlite_bind_int64(lectern_sqlite_statement *statement, int32_t index, int64_t value);

/// Binds `length` bytes of UTF-8 to parameter `index`, copied (sqlite3_bind_text with SQLITE_TRANSIENT).
int32_t lectern_sqlite_bind_text(lectern_sqlite_statement *statement, int32_t index, const char *text,
                                 int32_t length);

/// Binds `length` bytes to parameter `index`, copied (sqlite3_bind_blob with SQLITE_TRANSIENT).
int32_t lectern_sqlite_bind_blob(lectern_sqlite_statement *statement, int32_t index, const void *bytes,
                                 int32_t length);

/// Binds SQL NULL to parameter `index` (sqlite3_bind_null).
int32_t lectern_sqlite_bind_null(lectern_sqlite_statement *statement, int32_t index);

/// Steps the statement (sqlite3_step): LECTERN_SQLITE_ROW, LECTERN_SQLITE_DONE, or an error code.
int32_t lectern_sqlite_step(lectern_sqlite_statement *statement);

/// The type of column `column` (from 0) of the current row (sqlite3_column_type).
int32_t lectern_sqlite_column_type(lectern_sqlite_statement *statement, int32_t column);

/// Column `column` (from 0) of the current row as an integer (sqlite3_column_int64).
int64_t lectern_sqlite_column_int64(lectern_sqlite_statement *statement, int32_t column);

/// Column `column` (from 0) of the current row as bytes (sqlite3_column_blob for a blob, else
/// sqlite3_column_text, then sqlite3_column_bytes): sets `*length` and returns the bytes, valid until the
/// next step or reset; NULL (and length 0) for SQL NULL or an empty value.
const uint8_t *lectern_sqlite_column_bytes(lectern_sqlite_statement *statement, int32_t column, int32_t *length);

/// Resets the statement and clears its bindings (sqlite3_reset, sqlite3_clear_bindings).
void lectern_sqlite_reset(lectern_sqlite_statement *statement);

/// Finalizes the statement (sqlite3_finalize). NULL is allowed.
void lectern_sqlite_finalize(lectern_sqlite_statement *statement);

/// The rows the last INSERT, UPDATE or DELETE changed (sqlite3_changes64).
int64_t lectern_sqlite_changes(lectern_sqlite *db);

/// The rowid of the last INSERT (sqlite3_last_insert_rowid).
int64_t lectern_sqlite_last_rowid(lectern_sqlite *db);

/// Whether the connection is outside any transaction (sqlite3_get_autocommit): 1 or 0.
int32_t lectern_sqlite_autocommit(lectern_sqlite *db);

/// The English text of a result code (sqlite3_errstr); static.
const char *lectern_sqlite_code_text(int32_t code);

/// The library's version, such as "3.40.1" (sqlite3_libversion).
const char *lectern_sqlite_version(void);

#ifdef __cplusplus
}
#endif
