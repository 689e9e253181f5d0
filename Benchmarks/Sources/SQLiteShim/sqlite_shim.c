#include "SQLiteShim.h"

#include <sqlite3.h>
#include <stddef.h>

struct bench_sqlite_db { int unused; };
struct bench_sqlite_stmt { int unused; };

int bench_sqlite_open(const char *path, bench_sqlite_db **out) {
    sqlite3 *db = NULL;
    int status = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
    if (status != SQLITE_OK) {
        sqlite3_close_v2(db);
        *out = NULL;
        return status;
    }
    *out = (bench_sqlite_db *)db;
    return SQLITE_OK;
}

void bench_sqlite_close(bench_sqlite_db *db) { sqlite3_close_v2((sqlite3 *)db); }

const char *bench_sqlite_errmsg(bench_sqlite_db *db) { return sqlite3_errmsg((sqlite3 *)db); }

int bench_sqlite_exec(bench_sqlite_db *db, const char *sql) {
    return sqlite3_exec((sqlite3 *)db, sql, NULL, NULL, NULL);
}

int bench_sqlite_prepare(bench_sqlite_db *db, const char *sql, bench_sqlite_stmt **out) {
    sqlite3_stmt *stmt = NULL;
    int status = sqlite3_prepare_v3((sqlite3 *)db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, NULL);
    *out = (bench_sqlite_stmt *)stmt;
    return status;
}

int bench_sqlite_bind_text(bench_sqlite_stmt *stmt, int index, const char *text, int length) {
    return sqlite3_bind_text((sqlite3_stmt *)stmt, index, text, length, SQLITE_TRANSIENT);
}

int bench_sqlite_bind_int64(bench_sqlite_stmt *stmt, int index, int64_t value) {
    return sqlite3_bind_int64((sqlite3_stmt *)stmt, index, value);
}

int bench_sqlite_step(bench_sqlite_stmt *stmt) {
    int status = sqlite3_step((sqlite3_stmt *)stmt);
    if (status == SQLITE_ROW) return 1;
    if (status == SQLITE_DONE) return 0;
    return -status;
}

int64_t bench_sqlite_column_int64(bench_sqlite_stmt *stmt, int column) {
    return sqlite3_column_int64((sqlite3_stmt *)stmt, column);
}

const uint8_t *bench_sqlite_column_text(bench_sqlite_stmt *stmt, int column, int *length) {
    const uint8_t *text = sqlite3_column_text((sqlite3_stmt *)stmt, column);
    *length = sqlite3_column_bytes((sqlite3_stmt *)stmt, column);
    return text;
}

int bench_sqlite_reset(bench_sqlite_stmt *stmt) {
    int status = sqlite3_reset((sqlite3_stmt *)stmt);
    sqlite3_clear_bindings((sqlite3_stmt *)stmt);
    return status;
}

void bench_sqlite_finalize(bench_sqlite_stmt *stmt) { sqlite3_finalize((sqlite3_stmt *)stmt); }

const char *bench_sqlite_version(void) { return sqlite3_libversion(); }
