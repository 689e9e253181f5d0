// The benchmarks' window onto Xapian (apt: libxapian-dev), a C++ library. Only xapian_shim.cpp
// includes xapian.h; Swift sees an opaque handle and plain C types. No exception crosses this header:
// each call catches Xapian's errors and returns -1 (or NULL) with the message in `error`.
#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A Xapian database being built, then searched (Xapian::WritableDatabase, then Xapian::Database).
typedef struct bench_xapian bench_xapian;

/// What a search returns.
typedef enum {
    /// Every match's docid, ascending (BoolWeight, docid order): `limit` is ignored, all are written.
    bench_xapian_all = 0,
    /// The first `limit` matches in docid order (BoolWeight), and the exact count.
    bench_xapian_page = 1,
    /// The `limit` best matches by BM25 (Xapian's default weighting), and the exact count.
    bench_xapian_top = 2,
} bench_xapian_shape;

/// Xapian's version string (Xapian::version_string).
const char *bench_xapian_version(void);

/// Creates an empty glass database at `path` (created or overwritten). Returns NULL on failure.
bench_xapian *bench_xapian_create(const char *path, char *error, size_t error_size);

/// Adds one document (docids 1, 2, … in order) indexed by Xapian::TermGenerator: no stemming, positions
/// kept. Returns 0, or -1 on failure.
int bench_xapian_add(bench_xapian *db, const char *text, size_t length, char *error, size_t error_size);

/// Commits and reopens the database read-only for searching. Returns 0, or -1 on failure.
int bench_xapian_commit(bench_xapian *db, char *error, size_t error_size);

/// Parses `query` with Xapian::QueryParser (FLAG_PHRASE | FLAG_BOOLEAN | FLAG_WILDCARD, default operator
/// OR, no stemming) and runs it in `shape`, writing at most `capacity` docids to `out`. Returns the number
/// of matches (exact: check_at_least is the database size), or -1 on failure.
long bench_xapian_search(
    bench_xapian *db, const char *query, bench_xapian_shape shape, size_t limit, uint32_t *out, size_t capacity,
    char *error, size_t error_size);

/// Closes the database and frees the handle. NULL is allowed.
void bench_xapian_close(bench_xapian *db);

#ifdef __cplusplus
}
#endif
