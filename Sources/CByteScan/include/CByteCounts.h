// Byte counts and searches the USX reader runs over whole files, at memory speed (byte_scan.c: SSE2 where
// the target has it, glibc's memchr and memrchr). Plain C types.
#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Counts the line feeds (0x0A) in `length` bytes; when there is one, `*after_last` is set to the offset
/// just after the last, else to -1.
int64_t lectern_bytes_count_line_feeds(const uint8_t *bytes, size_t length, int64_t *after_last);

/// Counts the bytes that start a UTF-8 scalar (all but the `10xxxxxx` continuation bytes).
int64_t lectern_bytes_count_scalars(const uint8_t *bytes, size_t length);

/// The offset of the first byte equal to `value`, or -1 (memchr).
int64_t lectern_bytes_find(const uint8_t *bytes, size_t length, uint8_t value);

#ifdef __cplusplus
}
#endif
