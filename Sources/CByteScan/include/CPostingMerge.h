// Two posting lists of the search index (gaps as LEB128 varints) intersected while they are decoded, for
// ScriptureSearch's AND of two words. Plain C, no ICU.
#pragma once
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Intersects the postings stored as gaps from `a` to `a_end` (each gap `verse − previous − 1`, the first
/// from −1) with those from `b` to `b_end`, decoding both in step as far as the one that ends first, with
/// no list in between. Writes each verse both hold, increasing, to `verses` (room for `capacity`). Returns
/// how many; -1 when a list runs past its bytes, reaches `limit` (the verse count) or has more common
/// verses than `capacity`. The caller checked both byte ranges.
int64_t lectern_intersect_gaps(const uint8_t *a, const uint8_t *a_end, const uint8_t *b, const uint8_t *b_end,
                               int64_t capacity, int64_t limit, int64_t *verses);

/// `lectern_intersect_gaps`, also writing each common verse's rank among a's postings then among b's (two
/// a verse) to `ranks` (room for `2 × capacity`); -1 too when a rank reaches its list's count (`a_count`,
/// `b_count`).
int64_t lectern_intersect_gaps_ranked(const uint8_t *a, const uint8_t *a_end, int64_t a_count, const uint8_t *b,
                                      const uint8_t *b_end, int64_t b_count, int64_t capacity, int64_t limit,
                                      int64_t *verses, int32_t *ranks);

#ifdef __cplusplus
}
#endif
