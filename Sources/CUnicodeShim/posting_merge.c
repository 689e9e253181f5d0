// Two posting lists intersected while they are decoded (see CPostingMerge.h).
#include "CPostingMerge.h"

#include <stddef.h>

// A gap and where the next one starts (NULL when the gap is damaged).
typedef struct {
    int64_t value;
    const uint8_t *next;
} Gap;

// The gap of three bytes or more at `p` (before `end`): its value and where it ends; `next` NULL when it
// runs past `end` or is longer than five bytes (as IndexReader.varint). Kept out of the loops and returned
// by value, so that their pointers and verses stay in registers.
static __attribute__((noinline)) Gap long_gap(const uint8_t *p, const uint8_t *end) {
    int64_t result = *p++ & 0x7F;
    int shift = 7;
    while (p < end && shift < 35) {
        uint8_t byte = *p++;
        result |= (int64_t)(byte & 0x7F) << shift;
        if (byte < 0x80) return (Gap){result, p};
        shift += 7;
    }
    return (Gap){0, NULL};
}

// Moves `p` (before `end`) past the next gap, adding it plus one to `v`; returns -1 from the caller when
// the gap is damaged. One and two bytes inline: nearly every gap between two postings.
#define NEXT_POSTING(p, end, v)                                                                  \
    do {                                                                                         \
        uint32_t first_ = *(p);                                                                  \
        if (__builtin_expect(first_ < 0x80, 1)) {                                                \
            (v) += (int64_t)first_ + 1;                                                          \
            (p) += 1;                                                                            \
        } else if ((p) + 1 < (end) && (p)[1] < 0x80) {                                           \
            (v) += (int64_t)((first_ & 0x7F) | ((uint32_t)(p)[1] << 7)) + 1;                     \
            (p) += 2;                                                                            \
        } else {                                                                                 \
            Gap gap_ = long_gap((p), (end));                                                     \
            if (!gap_.next) return -1;                                                           \
            (v) += gap_.value + 1;                                                               \
            (p) = gap_.next;                                                                     \
        }                                                                                        \
    } while (0)

int64_t lectern_intersect_gaps(const uint8_t *a, const uint8_t *a_end, const uint8_t *b, const uint8_t *b_end,
                               int64_t capacity, int64_t limit, int64_t *verses) {
    if (a >= a_end || b >= b_end) return 0;
    int64_t va = -1, vb = -1, kept = 0;
    NEXT_POSTING(a, a_end, va);
    NEXT_POSTING(b, b_end, vb);
    for (;;) {
        while (va < vb) {
            if (a == a_end) goto done;
            NEXT_POSTING(a, a_end, va);
        }
        while (vb < va) {
            if (b == b_end) goto done;
            NEXT_POSTING(b, b_end, vb);
        }
        if (va == vb) {
            if (kept == capacity) return -1;
            verses[kept++] = va;
            if (a == a_end || b == b_end) goto done;
            NEXT_POSTING(a, a_end, va);
            NEXT_POSTING(b, b_end, vb);
        }
    }
done:
    // The postings increase: the last of each decoded below `limit` checks every one before it.
    if (va >= limit || vb >= limit) return -1;
    return kept;
}

int64_t lectern_intersect_gaps_ranked(const uint8_t *a, const uint8_t *a_end, int64_t a_count, const uint8_t *b,
                                      const uint8_t *b_end, int64_t b_count, int64_t capacity, int64_t limit,
                                      int64_t *verses, int32_t *ranks) {
    if (a >= a_end || b >= b_end) return 0;
    int64_t va = -1, vb = -1, kept = 0;
    int64_t ra = 0, rb = 0;
    NEXT_POSTING(a, a_end, va);
    NEXT_POSTING(b, b_end, vb);
    for (;;) {
        while (va < vb) {
            if (a == a_end) goto done;
            NEXT_POSTING(a, a_end, va);
            ra++;
        }
        while (vb < va) {
            if (b == b_end) goto done;
            NEXT_POSTING(b, b_end, vb);
            rb++;
        }
        if (va == vb) {
            if (kept == capacity) return -1;
            verses[kept] = va;
            ranks[2 * kept] = (int32_t)ra;
            ranks[2 * kept + 1] = (int32_t)rb;
            kept++;
            if (a == a_end || b == b_end) goto done;
            NEXT_POSTING(a, a_end, va);
            NEXT_POSTING(b, b_end, vb);
            ra++;
            rb++;
        }
    }
done:
    // As above; and a rank at or past a list's count would read past its frequencies.
    if (va >= limit || vb >= limit || ra >= a_count || rb >= b_count) return -1;
    return kept;
}
