// UTF-8 validation and line feeds in one pass (see CByteScan.h). With AVX2: the lookup algorithm of
// Keiser and Lemire, "Validating UTF-8 In Less Than One Instruction Per Byte" (2021): three table
// look-ups on the nibbles of each byte and the one before it flag every invalid pair of bytes, and the
// bytes two and three back say where a continuation must be. Without AVX2, or for the last bytes: a
// byte-at-a-time check by the same rules.
#include "CByteScan.h"

#include <string.h>

// The length of the valid sequence at `i` (1 to 4), or 0 when it is invalid, cut short, or a control
// character: NUL and the other C0 controls but tab, line feed and carriage return, DEL, the C1 controls
// (C2 80 to C2 9F) and U+FFFE and U+FFFF (EF BF BE, EF BF BF).
static size_t sequence_length(const uint8_t *bytes, size_t length, size_t i) {
    uint8_t lead = bytes[i];
    if (lead < 0x80) return (lead < 0x20 && lead != '\t' && lead != '\n' && lead != '\r') || lead == 0x7F ? 0 : 1;
    size_t need;
    uint8_t low = 0x80, high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        need = 1;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        need = 2;
        if (lead == 0xE0) low = 0xA0;
        else if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        need = 3;
        if (lead == 0xF0) low = 0x90;
        else if (lead == 0xF4) high = 0x8F;
    } else {
        return 0;
    }
    if (i + need >= length) return 0;
    if (bytes[i + 1] < low || bytes[i + 1] > high) return 0;
    for (size_t k = 2; k <= need; k++) {
        if ((bytes[i + k] & 0xC0) != 0x80) return 0;
    }
    if (lead == 0xC2 && bytes[i + 1] <= 0x9F) return 0;
    if (lead == 0xEF && bytes[i + 1] == 0xBF && bytes[i + 2] >= 0xBE) return 0;
    return need + 1;
}

// The byte-at-a-time pass from `i`, which starts a sequence; `written` offsets are in `starts` already.
static int64_t line_starts_bytes(const uint8_t *bytes, size_t length, size_t i, int64_t *starts, size_t capacity,
                                 size_t written) {
    while (i < length) {
        size_t step = sequence_length(bytes, length, i);
        if (step == 0) return -1;
        if (bytes[i] == '\n' && starts != NULL) {
            if (written == capacity) return -2;
            starts[written++] = (int64_t)(i + 1);
        }
        i += step;
    }
    return (int64_t)written;
}

// Counts `=` bytes from `from` on into `*run`, ending the run at each `>` and keeping the longest in `*most`
// (see lectern_utf8_check_markup).
static void count_crowding(const uint8_t *bytes, size_t from, size_t length, int64_t *run, int64_t *most) {
    for (size_t k = from; k < length; k++) {
        if (bytes[k] == '=') (*run)++;
        if (bytes[k] == '>') {
            if (*run > *most) *most = *run;
            *run = 0;
        }
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

#define TOO_SHORT (1 << 0)
#define TOO_LONG (1 << 1)
#define OVERLONG_3 (1 << 2)
#define TOO_LARGE (1 << 3)
#define SURROGATE (1 << 4)
#define OVERLONG_2 (1 << 5)
#define TOO_LARGE_1000 (1 << 6)
#define OVERLONG_4 (1 << 6)
#define TWO_CONTS (1 << 7)
#define CARRY (TOO_SHORT | TOO_LONG | TWO_CONTS)

// The flags of the first byte of a pair by its high nibble and by its low nibble, and of the second by its
// high nibble, each table twice (one for each 16-byte lane of `vpshufb`).
#define TABLE2(...) {__VA_ARGS__, __VA_ARGS__}
static const uint8_t first_high_table[32] = TABLE2(
    TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TWO_CONTS, TWO_CONTS, TWO_CONTS,
    TWO_CONTS, TOO_SHORT | OVERLONG_2, TOO_SHORT, TOO_SHORT | OVERLONG_3 | SURROGATE,
    TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4);
static const uint8_t first_low_table[32] = TABLE2(
    CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4, CARRY | OVERLONG_2, CARRY, CARRY, CARRY | TOO_LARGE,
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000);
static const uint8_t second_high_table[32] = TABLE2(
    TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE, TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT);

// The block's bytes shifted on by `n` (1 to 3): byte k of the result is byte k - n of the stream.
#define PREVIOUS(block, before, n) \
    _mm256_alignr_epi8(block, _mm256_permute2x128_si256(before, block, 0x21), 16 - (n))

// When `crowding` is not NULL, it is set as lectern_utf8_check_markup says.
__attribute__((target("avx2"))) static int64_t line_starts_avx2(const uint8_t *bytes, size_t length, int64_t *starts,
                                                                 size_t capacity, int64_t *crowding) {
    const __m256i high_nibble_1 = _mm256_loadu_si256((const __m256i *)(const void *)first_high_table);
    const __m256i low_nibble_1 = _mm256_loadu_si256((const __m256i *)(const void *)first_low_table);
    const __m256i high_nibble_2 = _mm256_loadu_si256((const __m256i *)(const void *)second_high_table);
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    const __m256i line_feed = _mm256_set1_epi8('\n');
    const __m256i equals_sign = _mm256_set1_epi8('=');
    const __m256i greater = _mm256_set1_epi8('>');
    const __m256i zero = _mm256_setzero_si256();
    const __m256i low_limit = _mm256_set1_epi8(0x1F);
    const __m256i tab = _mm256_set1_epi8('\t');
    const __m256i carriage_return = _mm256_set1_epi8('\r');
    const __m256i delete = _mm256_set1_epi8(0x7F);
    // `=` bytes since the last `>`, and the most between two.
    int64_t run = 0, most = 0;
    __m256i before = zero;
    __m256i error = zero;
    size_t written = 0;
    size_t i = 0;
    for (; i + 32 <= length; i += 32) {
        __m256i block = _mm256_loadu_si256((const __m256i *)(const void *)(bytes + i));
        uint32_t feeds = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(block, line_feed));
        // A control character (see sequence_length): a byte up to 0x1F but tab, line feed and CR, or DEL.
        __m256i low_byte = _mm256_cmpeq_epi8(_mm256_min_epu8(block, low_limit), block);
        __m256i allowed = _mm256_or_si256(
            _mm256_or_si256(_mm256_cmpeq_epi8(block, tab), _mm256_cmpeq_epi8(block, line_feed)),
            _mm256_cmpeq_epi8(block, carriage_return));
        __m256i control = _mm256_or_si256(_mm256_andnot_si256(allowed, low_byte), _mm256_cmpeq_epi8(block, delete));
        if (_mm256_movemask_epi8(control) != 0) return -1;
        if (_mm256_movemask_epi8(_mm256_or_si256(block, before)) != 0) {
            // A byte of 0x80 or more here or at the end of the block before: the full check.
            __m256i previous1 = PREVIOUS(block, before, 1);
            __m256i high1 = _mm256_shuffle_epi8(high_nibble_1, _mm256_and_si256(_mm256_srli_epi16(previous1, 4), nibble));
            __m256i low1 = _mm256_shuffle_epi8(low_nibble_1, _mm256_and_si256(previous1, nibble));
            __m256i high2 = _mm256_shuffle_epi8(high_nibble_2, _mm256_and_si256(_mm256_srli_epi16(block, 4), nibble));
            __m256i special = _mm256_and_si256(_mm256_and_si256(high1, low1), high2);
            __m256i previous2 = PREVIOUS(block, before, 2);
            __m256i previous3 = PREVIOUS(block, before, 3);
            // A C1 control (C2 80 to C2 9F), or U+FFFE or U+FFFF (EF BF BE, EF BF BF).
            __m256i c1 = _mm256_and_si256(
                _mm256_cmpeq_epi8(previous1, _mm256_set1_epi8((char)0xC2)),
                _mm256_cmpeq_epi8(_mm256_and_si256(block, _mm256_set1_epi8((char)0xE0)), _mm256_set1_epi8((char)0x80)));
            __m256i nonchar = _mm256_and_si256(
                _mm256_and_si256(
                    _mm256_cmpeq_epi8(previous2, _mm256_set1_epi8((char)0xEF)),
                    _mm256_cmpeq_epi8(previous1, _mm256_set1_epi8((char)0xBF))),
                _mm256_cmpeq_epi8(_mm256_or_si256(block, _mm256_set1_epi8(1)), _mm256_set1_epi8((char)0xBF)));
            if (_mm256_movemask_epi8(_mm256_or_si256(c1, nonchar)) != 0) return -1;
            __m256i third = _mm256_subs_epu8(previous2, _mm256_set1_epi8((char)(0xE0 - 0x80)));
            __m256i fourth = _mm256_subs_epu8(previous3, _mm256_set1_epi8((char)(0xF0 - 0x80)));
            __m256i must = _mm256_and_si256(_mm256_or_si256(third, fourth), _mm256_set1_epi8((char)0x80));
            error = _mm256_or_si256(error, _mm256_xor_si256(must, special));
        }
        before = block;
        if (crowding != NULL) {
            // Only the `=` of blocks with no `>` are counted: cheap, and short of the true count of a stretch
            // between two `>` by at most the 62 bytes of the two blocks that end it.
            if (_mm256_movemask_epi8(_mm256_cmpeq_epi8(block, greater)) != 0) {
                if (run > most) most = run;
                run = 0;
            } else {
                run += __builtin_popcount((uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(block, equals_sign)));
            }
        }
        if (starts == NULL) continue;
        while (feeds) {
            if (written == capacity) return -2;
            starts[written++] = (int64_t)(i + (size_t)__builtin_ctz(feeds) + 1);
            feeds &= feeds - 1;
        }
    }
    if (!_mm256_testz_si256(error, error)) return -1;
    if (crowding != NULL) {
        count_crowding(bytes, i, length, &run, &most);
        *crowding = run > most ? run : most;
    }
    // The rest a byte at a time, from the lead of the sequence the last block may have cut (its bytes
    // before `i` are checked again with the rest of it, and are no line feeds).
    size_t back = 0;
    while (back < 3 && back < i && (bytes[i - 1 - back] & 0xC0) == 0x80) back++;
    size_t resume = back < i && bytes[i - 1 - back] >= 0xC0 ? i - 1 - back : i;
    return line_starts_bytes(bytes, length, resume, starts, capacity, written);
}

static int has_avx2_lines(void) { return lectern_bytescan_uses_avx2(); }
#endif

// The line starts (none recorded when `starts` is NULL), or -1 for invalid bytes, NUL or a control character.
static int64_t line_starts(const uint8_t *bytes, size_t length, int64_t *starts, size_t capacity) {
#if defined(__x86_64__)
    if (has_avx2_lines()) return line_starts_avx2(bytes, length, starts, capacity, NULL);
#endif
    return line_starts_bytes(bytes, length, 0, starts, capacity, 0);
}

int64_t lectern_usfm_line_starts(const uint8_t *bytes, size_t length, int64_t *starts, size_t capacity) {
    if (length == 0) return 0;
    if (bytes == NULL || starts == NULL) return -1;
    return line_starts(bytes, length, starts, capacity);
}

// The most `=` bytes between two `>` bytes, a byte at a time.
static int64_t crowding_bytes(const uint8_t *bytes, size_t length) {
    int64_t run = 0, most = 0;
    count_crowding(bytes, 0, length, &run, &most);
    return run > most ? run : most;
}

int32_t lectern_utf8_check_markup(const uint8_t *bytes, size_t length, int64_t *crowding) {
    *crowding = 0;
    if (length == 0) return 1;
    if (bytes == NULL) return 0;
#if defined(__x86_64__)
    if (has_avx2_lines()) {
        if (line_starts_avx2(bytes, length, NULL, 0, crowding) >= 0) return 1;
        *crowding = crowding_bytes(bytes, length);
        return 0;
    }
#endif
    *crowding = crowding_bytes(bytes, length);
    return line_starts_bytes(bytes, length, 0, NULL, 0, 0) >= 0 ? 1 : 0;
}
