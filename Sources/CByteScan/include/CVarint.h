// The one LEB128 varint reader of the store and the search index, for C and Swift alike: the scanners in
// this target include it, and Swift's `Varint` (LecternKernels) wraps it, so that both inline the same
// code. Seven bits a byte, low bits first, the top bit set on every byte but the last. Plain C types.
#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A varint read: its value and how many bytes it took. `length` is 0 when the varint is damaged; `value`
/// then says why (`LECTERN_VARINT_PAST_END` or `LECTERN_VARINT_TOO_LONG`). (A length, not a pointer to the
/// next byte: where the inline paths return a constant length the callers' checks of it fold away.)
typedef struct {
    uint64_t value;
    int64_t length;
} lectern_varint;

/// Why a read failed: the varint runs past its end, or has more bytes than it may.
#define LECTERN_VARINT_PAST_END 0
#define LECTERN_VARINT_TOO_LONG 1

/// The varint at `p` (before `end`) read a byte at a time: at most `max_bytes` bytes (2 to 9; 5 holds 35
/// bits, 9 holds 63). `lectern_varint_read`'s path for three bytes or more, out of line, returning by value
/// so that the callers' loops keep their pointers in registers.
lectern_varint lectern_varint_read_long(const uint8_t *p, const uint8_t *end, int32_t max_bytes);

/// Reads the varint at `p`, which lies before `end`, of at most `max_bytes` bytes (2 to 9): one and two
/// bytes inline (nearly every id, length and gap between postings), longer ones by `lectern_varint_read_long`.
__attribute__((always_inline)) static inline lectern_varint lectern_varint_next(const uint8_t *p, const uint8_t *end,
                                                                                int32_t max_bytes) {
    uint32_t first = p[0];
    if (__builtin_expect(first < 0x80, 1)) return (lectern_varint){first, 1};
    if (end - p >= 2 && p[1] < 0x80) return (lectern_varint){(first & 0x7F) | ((uint32_t)p[1] << 7), 2};
    return lectern_varint_read_long(p, end, max_bytes);
}

/// Reads the varint at `p` (none when `p` is at or past `end`) of at most `max_bytes` bytes (2 to 9).
///
/// - Complexity: O(1), at most `max_bytes` bytes read, none at or past `end`.
__attribute__((always_inline)) static inline lectern_varint lectern_varint_read(const uint8_t *p, const uint8_t *end,
                                                                                int32_t max_bytes) {
    if (__builtin_expect(p >= end, 0)) return (lectern_varint){LECTERN_VARINT_PAST_END, 0};
    return lectern_varint_next(p, end, max_bytes);
}

#ifdef __cplusplus
}
#endif
