// gzip decompression for `.gz` inputs, through zlib (inflate). Plain C types only.
#pragma once
#include <stddef.h>
#include <stdint.h>

/// Counts the bytes a whole gzip stream (concatenated members allowed) decompresses to, inflating
/// into a small scratch buffer. Returns 0 and sets `*out_len`; a zlib error code (negative) on damaged
/// input; -100 as soon as the count passes `max_len` (a decompression bomb allocates nothing).
int lectern_gunzip_size(const uint8_t *src, size_t len, size_t max_len, size_t *out_len);

/// Decompresses the stream into `dst`, which must have exactly the size `lectern_gunzip_size` gave.
/// Returns 0, a zlib error code, or -100 when the stream holds more than `dst_len` bytes.
int lectern_gunzip_into(const uint8_t *src, size_t len, uint8_t *dst, size_t dst_len);

/// Decompresses the stream into `dst` in one pass, trusting a size guess (the gzip trailer's): writes
/// at most `capacity` bytes and sets `*out_len` to the bytes written. Returns 0 when the whole stream
/// fitted, -100 when it holds more than `capacity` bytes (then count first), or a zlib error code.
int lectern_gunzip_guessed(const uint8_t *src, size_t len, uint8_t *dst, size_t capacity, size_t *out_len);
