// The one LEB128 varint reader of the store and the search index: seven bits a byte, low bits first, the
// top bit set on every byte but the last. Its one loop, `lectern_varint_read_long`, is shared by the C
// scanners (through `LECTERN_VARINT_NEXT`) and Swift's `Varint` (LecternKernels); each writes the one- and
// two-byte forms inline in front of it, as SQLite's getVarint32 macro stands in front of sqlite3GetVarint.
// (Swift inlining a static inline C function for those too costs two instructions a varint: clang's IR
// merges its returns, and the pointer's step becomes a phi of lengths.) Plain C types.
#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A varint read: its value and where the byte after it is. `next` is NULL when the varint is damaged;
/// `value` then says why (`LECTERN_VARINT_PAST_END` or `LECTERN_VARINT_TOO_LONG`).
typedef struct {
    uint64_t value;
    const uint8_t *next;
} lectern_varint;

/// Why a read failed: the varint runs past its end, or has more bytes than it may.
#define LECTERN_VARINT_PAST_END 0
#define LECTERN_VARINT_TOO_LONG 1

/// Reads the varint at `p` (none when `p` is at or past `end`) a byte at a time: at most `max_bytes` bytes (2
/// to 9; 5 hold 35 bits, the search index's; 9 hold 63, the store's). Out of line, returning by value, so
/// that the loops that call it for the rare long varint keep their pointers in registers.
///
/// - Complexity: O(1), at most `max_bytes` bytes read, none at or past `end`.
lectern_varint lectern_varint_read_long(const uint8_t *p, const uint8_t *end, int32_t max_bytes);

/// Reads the varint at `p` (an lvalue, before `end`) of at most `max_bytes` bytes into `out` (a `uint64_t`
/// lvalue) and moves `p` past it; runs `on_damage` (which must leave the block: `return -1`) when it runs past
/// `end` or is longer. One and two bytes inline (nearly every id and gap between postings), longer ones by
/// `lectern_varint_read_long`: the C loops' step, as `Varint.next` is the Swift ones'.
#define LECTERN_VARINT_NEXT(p, end, max_bytes, out, on_damage)                                              \
    do {                                                                                                   \
        uint32_t first_ = *(p);                                                                            \
        if (__builtin_expect(first_ < 0x80, 1)) {                                                          \
            (out) = first_;                                                                                \
            (p) += 1;                                                                                      \
        } else if ((end) - (p) >= 2 && (p)[1] < 0x80) {                                                    \
            (out) = (first_ & 0x7F) | ((uint32_t)(p)[1] << 7);                                             \
            (p) += 2;                                                                                      \
        } else {                                                                                           \
            lectern_varint long_ = lectern_varint_read_long((p), (end), (max_bytes));                      \
            if (!long_.next) on_damage;                                                                    \
            (out) = long_.value;                                                                           \
            (p) = long_.next;                                                                              \
        }                                                                                                  \
    } while (0)

#ifdef __cplusplus
}
#endif
