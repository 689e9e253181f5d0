#include "CSQLite.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>

// The header's copies of SQLite's codes must be SQLite's.
_Static_assert(LECTERN_SQLITE_BUSY == SQLITE_BUSY && LECTERN_SQLITE_CORRUPT == SQLITE_CORRUPT &&
                   LECTERN_SQLITE_NOTADB == SQLITE_NOTADB && LECTERN_SQLITE_ROW == SQLITE_ROW &&
                   LECTERN_SQLITE_DONE == SQLITE_DONE && LECTERN_SQLITE_CONSTRAINT == SQLITE_CONSTRAINT &&
                   LECTERN_SQLITE_READONLY == SQLITE_READONLY && LECTERN_SQLITE_CANTOPEN == SQLITE_CANTOPEN &&
                   LECTERN_SQLITE_FULL == SQLITE_FULL && LECTERN_SQLITE_IOERR == SQLITE_IOERR &&
                   LECTERN_SQLITE_LOCKED == SQLITE_LOCKED && LECTERN_SQLITE_NOMEM == SQLITE_NOMEM,
               "result codes differ from sqlite3.h");
_Static_assert(LECTERN_SQLITE_INTEGER == SQLITE_INTEGER && LECTERN_SQLITE_TEXT == SQLITE_TEXT &&
                   LECTERN_SQLITE_BLOB == SQLITE_BLOB && LECTERN_SQLITE_NULL == SQLITE_NULL &&
                   LECTERN_SQLITE_FLOAT == SQLITE_FLOAT,
               "column types differ from sqlite3.h");

struct lectern_sqlite {
    sqlite3 *db;
};

struct lectern_sqlite_statement {
    sqlite3_stmt *statement;
};

static void copy_message(char *message, size_t capacity, const char *text) {
    if (!message || capacity == 0) return;
    snprintf(message, capacity, "%s", text ? text : "unknown SQLite error");
}

int32_t lectern_sqlite_open(const char *path, int32_t create, int32_t busy_milliseconds, lectern_sqlite **out,
                            char *message, size_t message_capacity) {
    *out = NULL;
    // No mutex of SQLite's own: the caller keeps each connection behind its lock.
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (create ? SQLITE_OPEN_CREATE : 0);
    sqlite3 *db = NULL;
    int status = sqlite3_open_v2(path, &db, flags, NULL);
    if (status != SQLITE_OK) {
        copy_message(message, message_capacity, db ? sqlite3_errmsg(db) : sqlite3_errstr(status));
        sqlite3_close_v2(db);
        return status;
    }
    sqlite3_extended_result_codes(db, 1);
    sqlite3_busy_timeout(db, busy_milliseconds);
    lectern_sqlite *handle = (lectern_sqlite *)malloc(sizeof *handle);
    if (!handle) {
        sqlite3_close_v2(db);
        copy_message(message, message_capacity, "not enough memory");
        return SQLITE_NOMEM;
    }
    handle->db = db;
    *out = handle;
    return SQLITE_OK;
}

void lectern_sqlite_close(lectern_sqlite *db) {
    if (!db) return;
    sqlite3_close_v2(db->db);
    free(db);
}

const char *lectern_sqlite_message(lectern_sqlite *db) { return sqlite3_errmsg(db->db); }

int32_t lectern_sqlite_extended_code(lectern_sqlite *db) { return sqlite3_extended_errcode(db->db); }

int32_t lectern_sqlite_exec(lectern_sqlite *db, const char *sql) { return sqlite3_exec(db->db, sql, NULL, NULL, NULL); }

int32_t lectern_sqlite_prepare(lectern_sqlite *db, const char *sql, lectern_sqlite_statement **out) {
    *out = NULL;
    sqlite3_stmt *statement = NULL;
    int status = sqlite3_prepare_v3(db->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement, NULL);
    if (status != SQLITE_OK) return status;
    if (!statement) return SQLITE_ERROR;  // the SQL held no statement
    lectern_sqlite_statement *handle = (lectern_sqlite_statement *)malloc(sizeof *handle);
    if (!handle) {
        sqlite3_finalize(statement);
        return SQLITE_NOMEM;
    }
    handle->statement = statement;
    *out = handle;
    return SQLITE_OK;
}

int32_t lectern_sqlite_bind_int64(lectern_sqlite_statement *statement, int32_t index, int64_t value) {
    return sqlite3_bind_int64(statement->statement, index, value);
}

int32_t lectern_sqlite_bind_text(lectern_sqlite_statement *statement, int32_t index, const char *text,
                                 int32_t length) {
    return sqlite3_bind_text(statement->statement, index, text ? text : "", length, SQLITE_TRANSIENT);
}

int32_t lectern_sqlite_bind_blob(lectern_sqlite_statement *statement, int32_t index, const void *bytes,
                                 int32_t length) {
    return sqlite3_bind_blob(statement->statement, index, bytes ? bytes : "", length, SQLITE_TRANSIENT);
}

int32_t lectern_sqlite_bind_null(lectern_sqlite_statement *statement, int32_t index) {
    return sqlite3_bind_null(statement->statement, index);
}

int32_t lectern_sqlite_step(lectern_sqlite_statement *statement) { return sqlite3_step(statement->statement); }

int32_t lectern_sqlite_column_type(lectern_sqlite_statement *statement, int32_t column) {
    return sqlite3_column_type(statement->statement, column);
}

int64_t lectern_sqlite_column_int64(lectern_sqlite_statement *statement, int32_t column) {
    return sqlite3_column_int64(statement->statement, column);
}

const uint8_t *lectern_sqlite_column_bytes(lectern_sqlite_statement *statement, int32_t column, int32_t *length) {
    const uint8_t *bytes = NULL;
    if (sqlite3_column_type(statement->statement, column) == SQLITE_BLOB) {
        bytes = (const uint8_t *)sqlite3_column_blob(statement->statement, column);
    } else {
        bytes = sqlite3_column_text(statement->statement, column);
    }
    *length = bytes ? sqlite3_column_bytes(statement->statement, column) : 0;
    return bytes;
}

void lectern_sqlite_reset(lectern_sqlite_statement *statement) {
    sqlite3_reset(statement->statement);
    sqlite3_clear_bindings(statement->statement);
}

void lectern_sqlite_finalize(lectern_sqlite_statement *statement) {
    if (!statement) return;
    sqlite3_finalize(statement->statement);
    free(statement);
}

int64_t lectern_sqlite_changes(lectern_sqlite *db) { return sqlite3_changes64(db->db); }

int64_t lectern_sqlite_last_rowid(lectern_sqlite *db) { return sqlite3_last_insert_rowid(db->db); }

int32_t lectern_sqlite_autocommit(lectern_sqlite *db) { return sqlite3_get_autocommit(db->db); }

const char *lectern_sqlite_code_text(int32_t code) { return sqlite3_errstr(code); }

const char *lectern_sqlite_version(void) { return sqlite3_libversion(); }
