// gzip decompression for `.gz` inputs, through zlib (inflate). Plain C types only.
#pragma once
#include <stddef.h>
#include <stdint.h>

/// Decompresses a whole gzip stream (concatenated members allowed) from `src`.
/// On success returns 0 and sets `*out` (malloc'd, caller frees with free())
/// and `*out_len`. Returns a zlib error code (negative) on damaged input, and
/// -100 when the result would exceed `max_len` bytes.
int lectern_gunzip(const uint8_t *src, size_t len, size_t max_len, uint8_t **out, size_t *out_len);

/// Frees a buffer returned by lectern_gunzip.
void lectern_free(void *buffer);
