// The USFM reader's scan of a text run (see CByteScan.h): 32 bytes a step with AVX2, as bit masks of the
// bytes that end a run or change how it is kept; byte at a time without AVX2, and for the last bytes.
#include "CByteScan.h"

enum { SPACE = 1, WHITE_SPACE = 2, REWRITTEN = 4, STOP = 8, HIGH = 16 };

static inline uint8_t text_flags(uint8_t byte) {
    switch (byte) {
    case 0x20: return SPACE | WHITE_SPACE;
    case 0x09: case 0x0A: case 0x0D: return WHITE_SPACE | REWRITTEN;
    case 0x7E: return REWRITTEN;
    case 0x5C: case 0x2F: case 0x7C: return STOP;
    default: return byte >= 0xCC ? HIGH : 0;
    }
}

// The scan's state between steps: what was seen, the core so far, and whether the last byte was a space.
typedef struct {
    int rewritten, doubled, high, core_rewritten, core_doubled, last_was_space;
    size_t core_end;
} scan_state;

// The byte-at-a-time scan from `index`; returns where the run ends.
static size_t scan_bytes(const uint8_t *input, size_t count, size_t index, int pipe_stops, scan_state *state) {
    while (index < count) {
        uint8_t byte = input[index];
        uint8_t flag = text_flags(byte);
        if (flag & STOP) {
            if (byte == 0x5C) break;
            if (byte == 0x2F && index + 1 < count && input[index + 1] == 0x2F) break;
            if (byte == 0x7C && pipe_stops) break;
        }
        int is_space = (flag & SPACE) != 0;
        if (flag & REWRITTEN) state->rewritten = 1;
        if (flag & HIGH) state->high = 1;
        if (is_space && state->last_was_space) state->doubled = 1;
        state->last_was_space = is_space;
        if (!(flag & WHITE_SPACE)) {
            state->core_end = index + 1;
            state->core_rewritten = state->rewritten;
            state->core_doubled = state->doubled;
        }
        index++;
    }
    return index;
}

#if defined(__x86_64__)
#include <immintrin.h>

__attribute__((target("avx2"))) static inline uint32_t byte_mask(__m256i block, char value) {
    return (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(block, _mm256_set1_epi8(value)));
}

// The bits up to and including bit `last`.
static inline uint32_t through_bit(uint32_t last) { return last == 31 ? UINT32_MAX : (2u << last) - 1; }

__attribute__((target("avx2"))) static size_t scan_avx2(const uint8_t *input, size_t count, size_t index,
                                                         int pipe_stops, scan_state *state) {
    const __m256i high_floor = _mm256_set1_epi8((char)0xCC);
    while (index + 32 <= count) {
        __m256i block = _mm256_loadu_si256((const __m256i *)(const void *)(input + index));
        uint32_t slash = byte_mask(block, '/');
        uint32_t next_slash = slash >> 1;
        if (index + 32 < count && input[index + 32] == '/') next_slash |= 1u << 31;
        uint32_t stop = byte_mask(block, '\\') | (slash & next_slash) | (pipe_stops ? byte_mask(block, '|') : 0);
        uint32_t valid = stop ? (1u << __builtin_ctz(stop)) - 1 : UINT32_MAX;
        uint32_t space = byte_mask(block, ' ');
        uint32_t other_white = byte_mask(block, '\t') | byte_mask(block, '\n') | byte_mask(block, '\r');
        uint32_t rewritten = (other_white | byte_mask(block, '~')) & valid;
        uint32_t doubled = space & (space << 1 | (uint32_t)state->last_was_space) & valid;
        uint32_t high = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(block, high_floor), block));
        if (high & valid) state->high = 1;
        uint32_t ink = ~(space | other_white) & valid;
        if (ink) {
            uint32_t last = 31 - (uint32_t)__builtin_clz(ink);
            uint32_t core = through_bit(last);
            state->core_end = index + last + 1;
            state->core_rewritten = state->rewritten || (rewritten & core) != 0;
            state->core_doubled = state->doubled || (doubled & core) != 0;
        }
        if (rewritten) state->rewritten = 1;
        if (doubled) state->doubled = 1;
        if (stop) return index + (size_t)__builtin_ctz(stop);
        state->last_was_space = (int)(space >> 31);
        index += 32;
    }
    return scan_bytes(input, count, index, pipe_stops, state);
}

static int scan_has_avx2(void) { return lectern_bytescan_uses_avx2(); }
#endif

void lectern_usfm_scan_text(const uint8_t *input, size_t count, size_t start, int32_t pipe_stops,
                            lectern_usfm_text_scan *result) {
    scan_state state = {0, 0, 0, 0, 0, 0, start};
    size_t end;
#if defined(__x86_64__)
    if (scan_has_avx2()) {
        end = scan_avx2(input, count, start, pipe_stops != 0, &state);
    } else {
        end = scan_bytes(input, count, start, pipe_stops != 0, &state);
    }
#else
    end = scan_bytes(input, count, start, pipe_stops != 0, &state);
#endif
    result->end = end;
    result->core_end = state.core_end;
    result->is_final = !state.rewritten && !state.doubled;
    result->is_core_final = !state.core_rewritten && !state.core_doubled;
    result->may_need_nfc = state.high;
}
