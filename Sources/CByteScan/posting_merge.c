// Two posting lists intersected while they are decoded (see CPostingMerge.h).
#include "CPostingMerge.h"
#include "CVarint.h"

#include <stddef.h>

// Moves `p` (before `end`) past the next gap (`LECTERN_VARINT_NEXT`, at most five bytes), adding it plus
// one to `v`; returns -1 from the caller when the gap is damaged.
#define NEXT_POSTING(p, end, v)                                                                  \
    do {                                                                                         \
        uint64_t gap_;                                                                           \
        LECTERN_VARINT_NEXT((p), (end), 5, gap_, return -1);                                     \
        (v) += (int64_t)gap_ + 1;                                                                \
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
