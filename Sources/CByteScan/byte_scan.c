// Byte scans the USX reader runs over whole files (line feeds, scalars, a byte's first place), in C so that
// they run at memory speed: SSE2 where the target has it, and glibc's memchr and memrchr. This
// file sees no library header.
#define _GNU_SOURCE
#include "CByteCounts.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>

// The sum of the 16 byte lanes of `counts`.
static int64_t lane_sum(__m128i counts) {
    __m128i sums = _mm_sad_epu8(counts, _mm_setzero_si128());
    return (int64_t)_mm_cvtsi128_si64(sums) + (int64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums));
}
#endif

// How many bytes are `value` (`continuation` false), or are continuation bytes 10xxxxxx (`continuation` true):
// sixteen at a time, each lane counting up to 255 blocks before it is summed.
static int64_t count_bytes(const uint8_t *bytes, size_t length, uint8_t value, int continuation) {
    int64_t count = 0;
    size_t i = 0;
#if defined(__SSE2__)
    const __m128i needle = _mm_set1_epi8((char)value);
    const __m128i below = _mm_set1_epi8((char)0xC0);  // signed: 0x80...0xBF are the bytes less than 0xC0
    while (i + 16 <= length) {
        size_t blocks = (length - i) / 16;
        if (blocks > 255) blocks = 255;
        __m128i counts = _mm_setzero_si128();
        for (size_t b = 0; b < blocks; b++, i += 16) {
            __m128i chunk = _mm_loadu_si128((const __m128i *)(const void *)(bytes + i));
            __m128i hit = continuation ? _mm_cmplt_epi8(chunk, below) : _mm_cmpeq_epi8(chunk, needle);
            counts = _mm_sub_epi8(counts, hit);
        }
        count += lane_sum(counts);
    }
#endif
    for (; i < length; i++) count += continuation ? (bytes[i] & 0xC0) == 0x80 : bytes[i] == value;
    return count;
}

int64_t lectern_bytes_count_line_feeds(const uint8_t *bytes, size_t length, int64_t *after_last) {
    if (after_last != NULL) *after_last = -1;
    if (bytes == NULL || length == 0) return 0;
    int64_t count = count_bytes(bytes, length, 0x0A, 0);
    if (count > 0 && after_last != NULL) {
        const uint8_t *last = (const uint8_t *)memrchr(bytes, 0x0A, length);
        if (last != NULL) *after_last = (int64_t)(last - bytes) + 1;
    }
    return count;
}

int64_t lectern_bytes_count_scalars(const uint8_t *bytes, size_t length) {
    if (bytes == NULL || length == 0) return 0;
    return (int64_t)length - count_bytes(bytes, length, 0, 1);
}

int64_t lectern_bytes_find(const uint8_t *bytes, size_t length, uint8_t value) {
    if (bytes == NULL || length == 0) return -1;
    const uint8_t *found = (const uint8_t *)memchr(bytes, value, length);
    return found == NULL ? -1 : (int64_t)(found - bytes);
}
