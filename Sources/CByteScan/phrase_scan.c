// A phrase's anchor looked for in a verse's token bytes (see CPhraseScan.h).
#include "CPhraseScan.h"
#include "CVarint.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// Reads the varint at `*pointer` (at most five bytes, ending before `end`: `LECTERN_VARINT_NEXT`) and moves
// past it; 0 when it runs past `end` or is too long.
static inline int read_varint(const uint8_t **pointer, const uint8_t *end, int64_t *value) {
    const uint8_t *p = *pointer;
    if (p >= end) return 0;
    uint64_t read;
    LECTERN_VARINT_NEXT(p, end, 5, read, return 0);
    *value = (int64_t)read;
    *pointer = p;
    return 1;
}

// The folded id of exact id `id` into `*folded`: 1, 0 when it folds to nothing, -1 when out of range.
static inline int fold(const LecternPhraseScan *scan, int64_t id, int32_t *folded) {
    if (id >= scan->exact_count) return -1;
    uint32_t value;
    memcpy(&value, scan->table + id * 4, 4);
    if (value == scan->skipped) return 0;
    if ((int64_t)value >= scan->folded_count) return -1;
    *folded = (int32_t)value;
    return 1;
}

static inline int word_matches(const LecternPhraseScan *scan, int32_t word, int32_t token) {
    return (uint32_t)(token - scan->words[word].first) < scan->words[word].count;
}

// Whether the anchor token at `start ..< next` (among the verse's bytes `first ..< end`) has the phrase's
// other words before and after it, tokens that fold to nothing left out (as PhraseContext.matches).
static inline __attribute__((always_inline)) int context_matches(const LecternPhraseScan *scan, const uint8_t *start, const uint8_t *next,
                           const uint8_t *first, const uint8_t *end) {
    const uint8_t *back = start;
    int32_t word = scan->anchor - 1;
    while (word >= 0) {
        if (back <= first) return 0;
        // `back` starts a token, so the token before it starts after the last byte below 0x80 before that.
        const uint8_t *token_start = back - 1;
        while (token_start > first && token_start[-1] >= 0x80) token_start--;
        const uint8_t *cursor = token_start;
        int64_t id;
        if (!read_varint(&cursor, back, &id) || cursor != back) return -1;
        back = token_start;
        int32_t token;
        int folded = fold(scan, id, &token);
        if (folded < 0) return -1;
        if (folded == 0) continue;
        if (!word_matches(scan, word, token)) return 0;
        word--;
    }
    const uint8_t *forward = next;
    word = scan->anchor + 1;
    while (word < scan->word_count) {
        if (forward >= end) return 0;
        int64_t id;
        if (!read_varint(&forward, end, &id)) return -1;
        int32_t token;
        int folded = fold(scan, id, &token);
        if (folded < 0) return -1;
        if (folded == 0) continue;
        if (!word_matches(scan, word, token)) return 0;
        word++;
    }
    return 1;
}

// Whether an occurrence's anchor starts at `at` (a byte equal to one of the anchor's first bytes).
static inline __attribute__((always_inline)) int occurs_at(const LecternPhraseScan *scan, const uint8_t *at, const uint8_t *first,
                            const uint8_t *end) {
    if (at != first && at[-1] >= 0x80) return 0;
    const uint8_t *next = at;
    int64_t id;
    if (!read_varint(&next, end, &id)) return -1;
    for (int32_t index = 0; index < scan->id_count; index++) {
        if (scan->ids[index] == id) return context_matches(scan, at, next, first, end);
    }
    return 0;
}

// The anchor looked for in one verse's bytes, `a` and `b` the first bytes' patterns (the second
// repeating the first when there is one), `wide` whether 32-byte loads may be used.
#if defined(__SSE2__)
static inline __attribute__((always_inline)) int scan_two(const LecternPhraseScan *scan, const uint8_t *start,
                                                           const uint8_t *end, __m128i a, __m128i b) {
    const uint8_t *pointer = start;
    while (pointer < end && scan->limit - pointer >= 16) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)pointer);
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(chunk, a), _mm_cmpeq_epi8(chunk, b)));
        if (end - pointer < 16) mask &= (1u << (end - pointer)) - 1;
        while (mask != 0) {
            int result = occurs_at(scan, pointer + __builtin_ctz(mask), start, end);
            if (result != 0) return result;
            mask &= mask - 1;
        }
        pointer += 16;
    }
    for (; pointer < end; pointer++) {
        uint8_t byte = *pointer;
        if (byte != scan->first_bytes[0] && byte != scan->first_bytes[scan->first_byte_count - 1]) continue;
        int result = occurs_at(scan, pointer, start, end);
        if (result != 0) return result;
    }
    return 0;
}
#endif

// Any number of first bytes, one at a time (and the bytes too near the section's end for a load).
static int scan_bytes(const LecternPhraseScan *scan, const uint8_t *start, const uint8_t *from, const uint8_t *end) {
    for (const uint8_t *pointer = from; pointer < end; pointer++) {
        uint8_t byte = *pointer;
        for (int32_t index = 0; index < scan->first_byte_count; index++) {
            if (scan->first_bytes[index] != byte) continue;
            int result = occurs_at(scan, pointer, start, end);
            if (result != 0) return result;
            break;
        }
    }
    return 0;
}

static int scan_any(const LecternPhraseScan *scan, const uint8_t *start, const uint8_t *end) {
    const uint8_t *pointer = start;
#if defined(__SSE2__)
    int32_t patterns = scan->first_byte_count;
    __m128i all[8];
    for (int32_t index = 0; index < patterns; index++) all[index] = _mm_set1_epi8((char)scan->first_bytes[index]);
    while (pointer < end && scan->limit - pointer >= 16) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)pointer);
        unsigned mask = 0;
        for (int32_t index = 0; index < patterns; index++) {
            mask |= (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, all[index]));
        }
        if (end - pointer < 16) mask &= (1u << (end - pointer)) - 1;
        while (mask != 0) {
            int result = occurs_at(scan, pointer + __builtin_ctz(mask), start, end);
            if (result != 0) return result;
            mask &= mask - 1;
        }
        pointer += 16;
    }
#endif
    return scan_bytes(scan, start, pointer, end);
}

int lectern_phrase_occurs(const LecternPhraseScan *scan, const uint8_t *start, const uint8_t *end) {
#if defined(__SSE2__)
    int32_t patterns = scan->first_byte_count;
    if (patterns >= 1 && patterns <= 2) {
        __m128i a = _mm_set1_epi8((char)scan->first_bytes[0]);
        __m128i b = _mm_set1_epi8((char)scan->first_bytes[patterns - 1]);
        return scan_two(scan, start, end, a, b);
    }
#endif
    return scan_any(scan, start, end);
}

int64_t lectern_phrase_retain(const LecternPhraseScan *scan, int64_t *verses, int64_t count, const uint8_t *offsets,
                              const uint8_t *region, int64_t region_length) {
    int64_t kept = 0;
#if defined(__SSE2__)
    int32_t patterns = scan->first_byte_count;
    if (patterns >= 1 && patterns <= 2) {
        // The two patterns made once for every verse.
        __m128i a = _mm_set1_epi8((char)scan->first_bytes[0]);
        __m128i b = _mm_set1_epi8((char)scan->first_bytes[patterns - 1]);
        for (int64_t index = 0; index < count; index++) {
            int64_t verse = verses[index];
            uint32_t start, end;
            memcpy(&start, offsets + verse * 4, 4);
            memcpy(&end, offsets + verse * 4 + 4, 4);
            if (start > end || end > region_length) return -2;
            int found = scan_two(scan, region + start, region + end, a, b);
            if (found < 0) return -1;
            verses[kept] = verse;
            kept += found;
        }
        return kept;
    }
#endif
    for (int64_t index = 0; index < count; index++) {
        int64_t verse = verses[index];
        uint32_t start, end;
        memcpy(&start, offsets + verse * 4, 4);
        memcpy(&end, offsets + verse * 4 + 4, 4);
        if (start > end || end > region_length) return -2;
        int found = scan_any(scan, region + start, region + end);
        if (found < 0) return -1;
        verses[kept] = verse;
        kept += found;
    }
    return kept;
}

int64_t lectern_retain_bitmap(int64_t *verses, int64_t count, const uint8_t *bitmap, int64_t verse_count) {
    int64_t kept = 0;
    for (int64_t index = 0; index < count; index++) {
        int64_t verse = verses[index];
        if ((uint64_t)verse >= (uint64_t)verse_count) continue;
        verses[kept] = verse;
        kept += (bitmap[verse >> 3] >> (verse & 7)) & 1;
    }
    return kept;
}
