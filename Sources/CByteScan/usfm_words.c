// `\w` words read 32 bytes at a time (see CByteScan.h). A word is found from one load of the 32 bytes
// after its marker, as bit masks of its structural bytes; anything the masks do not settle (a word that
// runs past the 32 bytes, an unknown attribute name, a byte the Swift reader must look at) ends the run.
#include "CByteScan.h"

#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>

__attribute__((target("avx2"))) static inline uint32_t equal_mask(__m256i block, char value) {
    return (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(block, _mm256_set1_epi8(value)));
}

// The set bits of `mask` from `from` on (`from` below 32).
static inline uint32_t from_bit(uint32_t mask, uint32_t from) { return mask & (~0u << from); }

// Copies `length` bytes (at most 32) reading and writing only those bytes: two loads that may overlap.
__attribute__((target("avx2"), always_inline)) static inline void copy_short(uint8_t *to, const uint8_t *from, size_t length) {
    if (length >= 16) {
        __m128i first = _mm_loadu_si128((const __m128i *)(const void *)from);
        __m128i last = _mm_loadu_si128((const __m128i *)(const void *)(from + length - 16));
        _mm_storeu_si128((__m128i *)(void *)to, first);
        _mm_storeu_si128((__m128i *)(void *)(to + length - 16), last);
    } else if (length >= 8) {
        uint64_t first, last;
        memcpy(&first, from, 8);
        memcpy(&last, from + length - 8, 8);
        memcpy(to, &first, 8);
        memcpy(to + length - 8, &last, 8);
    } else if (length >= 4) {
        uint32_t first, last;
        memcpy(&first, from, 4);
        memcpy(&last, from + length - 4, 4);
        memcpy(to, &first, 4);
        memcpy(to + length - 4, &last, 4);
    } else if (length > 0) {
        to[0] = from[0];
        to[length >> 1] = from[length >> 1];
        to[length - 1] = from[length - 1];
    }
}

// A node from its 32-byte template.
__attribute__((target("avx2"), always_inline)) static inline void put_node(uint8_t *to, const uint8_t *template) {
    _mm256_storeu_si256((__m256i *)(void *)to, _mm256_loadu_si256((const __m256i *)(const void *)template));
}

static inline void put32(uint8_t *at, int64_t offset, uint64_t value) {
    uint32_t narrow = (uint32_t)value;
    memcpy(at + offset, &narrow, 4);
}

// The known name whose bytes (with `="`) start at `at` (16 readable bytes), or NULL.
static inline const lectern_usfm_name *known_name(lectern_usfm_word_run *run, const uint8_t *at) {
    uint64_t low, high;
    memcpy(&low, at, 8);
    memcpy(&high, at + 8, 8);
    int64_t count = run->name_count;
    int64_t slot = run->next_name < count ? run->next_name : 0;
    for (int64_t k = 0; k < count; k++) {
        const lectern_usfm_name *name = run->names + slot;
        if ((low & name->low_mask) == name->low && (high & name->high_mask) == name->high) {
            run->next_name = slot + 1;
            return name;
        }
        slot = slot + 1 == count ? 0 : slot + 1;
    }
    return NULL;
}

#define MAX_PAIRS 8

__attribute__((target("avx2"))) static void read_words_avx2(lectern_usfm_word_run *run,
                                                             const lectern_usfm_layout *layout) {
    const uint8_t *input = run->input;
    const size_t count = run->count;
    size_t position = run->position;
    const __m256i control_below = _mm256_set1_epi8(0x20);
    for (;;) {
        // The marker: `\w ` or `\+w `, with 32 readable bytes after it.
        size_t name = position + 1;
        if (name + 35 > count || input[position] != '\\') break;
        if (input[name] == '+') {
            name++;
        } else if (run->nested_only) {
            break;
        }
        if (input[name] != 'w' || input[name + 1] != ' ') break;
        size_t start = name + 2;  // start + 32 <= count: the checks above kept room for the `+`
        __m256i block = _mm256_loadu_si256((const __m256i *)(const void *)(input + start));
        uint32_t backslash = equal_mask(block, '\\');
        uint32_t bar = equal_mask(block, '|');
        uint32_t quote = equal_mask(block, '"');
        uint32_t space = equal_mask(block, ' ');
        // Bytes below 0x20 and of 0x80 and up (below 0x20 as signed bytes), and `~` and `/`.
        uint32_t control_or_high = (uint32_t)_mm256_movemask_epi8(_mm256_cmpgt_epi8(control_below, block));
        uint32_t tilde_slash = equal_mask(block, '~') | equal_mask(block, '/');
        uint32_t stops = backslash | bar;
        if (stops == 0) break;
        uint32_t text = (uint32_t)__builtin_ctz(stops);
        uint32_t before = (1u << text) - 1;
        if (text == 0 || ((control_or_high | tilde_slash | (space & (space << 1))) & before)) break;
        // The pairs: positions in the window of each name, value start and value end.
        uint32_t pair_count = 0;
        uint8_t pair_at[MAX_PAIRS][3];
        const lectern_usfm_name *pair_name[MAX_PAIRS];
        uint32_t close = text;
        int plain = 1;
        if (bar & (1u << text)) {
            uint32_t value_stops = quote | backslash | control_or_high;
            uint32_t i = text + 1;
            for (;;) {
                if (i >= 32) { plain = 0; break; }
                uint32_t ink = from_bit(~space, i);
                if (ink == 0) { plain = 0; break; }
                i = (uint32_t)__builtin_ctz(ink);
                if (backslash & (1u << i)) {
                    if (pair_count == 0) plain = 0;
                    close = i;
                    break;
                }
                if (pair_count == MAX_PAIRS || start + i + 16 > count) { plain = 0; break; }
                const lectern_usfm_name *known = known_name(run, input + start + i);
                if (known == NULL) { plain = 0; break; }
                uint32_t value = i + (uint32_t)known->length;
                if (value >= 32) { plain = 0; break; }
                uint32_t end_mask = from_bit(value_stops, value);
                if (end_mask == 0) { plain = 0; break; }
                uint32_t end = (uint32_t)__builtin_ctz(end_mask);
                if (end == value || !(quote & (1u << end))) { plain = 0; break; }
                pair_name[pair_count] = known;
                pair_at[pair_count][0] = (uint8_t)i;
                pair_at[pair_count][1] = (uint8_t)value;
                pair_at[pair_count][2] = (uint8_t)end;
                pair_count++;
                i = end + 1;
            }
        }
        if (!plain) break;
        // The closing marker: `\w*` or `\+w*`.
        size_t at = start + close + 1;
        if (at < count && input[at] == '+') at++;
        if (at + 1 >= count || input[at] != 'w' || input[at + 1] != '*') break;
        size_t star = at + 1;
        int space_after = star + 2 < count && input[star + 1] == ' ' && input[star + 2] == '\\';
        // Room for the results.
        size_t staged = text + (size_t)space_after;
        for (uint32_t k = 0; k < pair_count; k++) staged += (size_t)(pair_at[k][2] - pair_at[k][1]);
        size_t nodes = 2 + (size_t)space_after;
        if (run->stage_count + staged > run->stage_capacity || run->node_count + nodes > run->node_capacity ||
            run->attribute_count + pair_count > run->attribute_capacity)
            break;
        // The values, the text and the space, staged in that order; the attributes and nodes.
        uint64_t first_attribute = run->attribute_base + run->attribute_count;
        for (uint32_t k = 0; k < pair_count; k++) {
            size_t length = (size_t)(pair_at[k][2] - pair_at[k][1]);
            uint8_t *attribute = run->attributes + run->attribute_count * (size_t)layout->attribute_size;
            put32(attribute, layout->attribute_name_offset, pair_name[k]->id);
            put32(attribute, layout->attribute_value_start_offset, run->byte_base + run->stage_count);
            put32(attribute, layout->attribute_value_count_offset, length);
            copy_short(run->stage + run->stage_count, input + start + pair_at[k][1], length);
            run->stage_count += length;
            run->attribute_count++;
        }
        uint64_t index = run->node_base + run->node_count;
        uint8_t *span = run->nodes + run->node_count * (size_t)layout->node_size;
        put_node(span, layout->span_template);
        put32(span, layout->end_offset, index + 2);
        put32(span, layout->attribute_start_offset, first_attribute);
        put32(span, layout->attribute_count_offset, pair_count);
        uint8_t *run_node = span + layout->node_size;
        put_node(run_node, layout->text_template);
        put32(run_node, layout->end_offset, index + 2);
        put32(run_node, layout->text_start_offset, run->byte_base + run->stage_count);
        put32(run_node, layout->text_count_offset, text);
        copy_short(run->stage + run->stage_count, input + start, text);
        run->stage_count += text;
        run->last_node = index;
        if (space_after) {
            uint8_t *space_node = run_node + layout->node_size;
            put_node(space_node, layout->text_template);
            put32(space_node, layout->end_offset, index + 3);
            put32(space_node, layout->text_start_offset, run->byte_base + run->stage_count);
            put32(space_node, layout->text_count_offset, 1);
            run->stage[run->stage_count++] = ' ';
            run->last_node = index + 2;
        }
        run->node_count += nodes;
        run->words++;
        position = star + (space_after ? 2 : 1);
    }
    run->position = position;
}

static int has_avx2(void) {
    static int answer = -1;
    if (answer < 0) answer = __builtin_cpu_supports("avx2") ? 1 : 0;
    return answer;
}
#endif

void lectern_usfm_read_words(lectern_usfm_word_run *run, const lectern_usfm_layout *layout) {
    if (run == NULL || layout == NULL) return;
    run->node_count = 0;
    run->attribute_count = 0;
    run->words = 0;
    // The nodes are written from 32-byte templates: another size turns the runs off.
    if (run->input == NULL || layout->node_size != 32) return;
#if defined(__x86_64__)
    if (has_avx2()) read_words_avx2(run, layout);
#endif
}

int32_t lectern_usfm_word_runs_available(void) {
#if defined(__x86_64__)
    return has_avx2() ? 1 : 0;
#else
    return 0;
#endif
}
