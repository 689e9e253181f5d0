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

// The 32 bytes at `from` stored at `to`.
__attribute__((target("avx2"), always_inline)) static inline void store32(uint8_t *to, const uint8_t *from) {
    _mm256_storeu_si256((__m256i *)(void *)to, _mm256_loadu_si256((const __m256i *)(const void *)from));
}

// A node from its 32-byte template.
__attribute__((target("avx2"), always_inline)) static inline void put_node(uint8_t *to, __m256i template) {
    _mm256_storeu_si256((__m256i *)(void *)to, template);
}

// The known name whose bytes (with `="`) start at `at` (16 readable bytes), or NULL; the search starts at
// `*next`, left at the one after the name found.
static inline const lectern_usfm_name *known_name(const lectern_usfm_name *names, int64_t count, int64_t *next,
                                                  const uint8_t *at) {
    uint64_t low, high;
    memcpy(&low, at, 8);
    memcpy(&high, at + 8, 8);
    int64_t slot = *next < count ? *next : 0;
    for (int64_t k = 0; k < count; k++) {
        const lectern_usfm_name *name = names + slot;
        if ((low & name->low_mask) == name->low && (high & name->high_mask) == name->high) {
            *next = slot + 1;
            return name;
        }
        slot = slot + 1 == count ? 0 : slot + 1;
    }
    return NULL;
}

#define MAX_PAIRS 8

// Every field of `run` and `layout` is read into a local first and the results written back at the end:
// the stores through byte pointers below could otherwise alias them, and each would be loaded again after
// every store.
__attribute__((target("avx2"))) static void read_words_avx2(lectern_usfm_word_run *run,
                                                             const lectern_usfm_layout *layout) {
    const uint8_t *const input = run->input;
    const size_t count = run->count;
    const int nested_only = run->nested_only != 0;
    const lectern_usfm_name *const names = run->names;
    const int64_t name_count = run->name_count;
    int64_t next_name = run->next_name;
    uint8_t *const stage = run->stage;
    size_t stage_count = run->stage_count;
    const size_t stage_capacity = run->stage_capacity;
    const uint64_t byte_base = run->byte_base;
    uint8_t *const node_room = run->nodes;
    const size_t node_capacity = run->node_capacity;
    uint8_t *const attribute_room = run->attributes;
    const size_t attribute_capacity = run->attribute_capacity;
    const uint64_t node_base = run->node_base;
    const uint64_t attribute_base = run->attribute_base;
    size_t node_count = 0, attribute_count = 0, words = 0;
    uint64_t last_node = run->last_node;
    size_t position = run->position;

    const __m256i span_template = _mm256_loadu_si256((const __m256i *)(const void *)layout->span_template);
    const __m256i text_template = _mm256_loadu_si256((const __m256i *)(const void *)layout->text_template);

    const __m256i control_below = _mm256_set1_epi8(0x20);
    for (;;) {
        // The marker: `\w ` or `\+w `, with 32 readable bytes after it.
        size_t name = position + 1;
        if (name + 35 > count || input[position] != '\\') break;
        if (input[name] == '+') {
            name++;
        } else if (nested_only) {
            break;
        }
        if (input[name] != 'w' || input[name + 1] != ' ') break;
        size_t start = name + 2;  // start + 32 <= count: the checks above kept room for the `+`
        __m256i block = _mm256_loadu_si256((const __m256i *)(const void *)(input + start));
        uint32_t backslash = equal_mask(block, '\\');
        uint32_t bar = equal_mask(block, '|');
        uint32_t stops = backslash | bar;
        if (stops == 0) break;
        uint32_t quote = equal_mask(block, '"');
        uint32_t space = equal_mask(block, ' ');
        // Bytes below 0x20 and of 0x80 and up (below 0x20 as signed bytes), and `~` and `/`.
        uint32_t control_or_high = (uint32_t)_mm256_movemask_epi8(_mm256_cmpgt_epi8(control_below, block));
        uint32_t tilde_slash = equal_mask(block, '~') | equal_mask(block, '/');
        uint32_t text = (uint32_t)__builtin_ctz(stops);
        uint32_t before = (1u << text) - 1;
        if (text == 0 || ((control_or_high | tilde_slash | (space & (space << 1))) & before)) break;
        // A space before or right after `|`: the Swift reader reports it.
        if ((bar & (1u << text)) && (((space >> (text - 1)) & 1u) || (text + 1 < 32 && ((space >> (text + 1)) & 1u))))
            break;
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
                const lectern_usfm_name *known = known_name(names, name_count, &next_name, input + start + i);
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
        // The text after the word, up to the next backslash, when it is plain ASCII with single spaces
        // (what `readText` keeps as it is) and ends within the 32 bytes after the marker; else only a
        // single space before a backslash (`plainSpan`'s space after), or none.
        size_t after = star + 1;
        uint32_t text_after = 0;
        __m256i tail = _mm256_set1_epi8(' ');
        if (after + 32 <= count) {
            tail = _mm256_loadu_si256((const __m256i *)(const void *)(input + after));
            uint32_t tail_backslash = equal_mask(tail, '\\');
            if (tail_backslash != 0) {
                uint32_t length = (uint32_t)__builtin_ctz(tail_backslash);
                uint32_t tail_space = equal_mask(tail, ' ');
                uint32_t bad = (uint32_t)_mm256_movemask_epi8(_mm256_cmpgt_epi8(control_below, tail)) |
                               equal_mask(tail, '~') | equal_mask(tail, '/') | equal_mask(tail, '|') |
                               (tail_space & (tail_space << 1));
                if ((bad & ((1u << length) - 1)) == 0) text_after = length;
            }
        } else if (star + 2 < count && input[star + 1] == ' ' && input[star + 2] == '\\') {
            text_after = 1;
        }
        // Room for the results.
        size_t staged = text + text_after;
        for (uint32_t k = 0; k < pair_count; k++) staged += (size_t)(pair_at[k][2] - pair_at[k][1]);
        size_t nodes = 2 + (text_after ? 1 : 0);
        // (32 bytes of room past the staged ones: the word and the text after are stored as whole windows.)
        if (stage_count + staged + 32 > stage_capacity || node_count + nodes > node_capacity ||
            attribute_count + pair_count > attribute_capacity)
            break;
        // The values, the text and the text after, staged in that order; the attributes and nodes.
        uint64_t first_attribute = attribute_base + attribute_count;
        for (uint32_t k = 0; k < pair_count; k++) {
            size_t length = (size_t)(pair_at[k][2] - pair_at[k][1]);
            uint8_t *attribute = attribute_room + attribute_count * LECTERN_ATTRIBUTE_SIZE;
            lectern_put_u32(attribute, LECTERN_ATTRIBUTE_NAME, pair_name[k]->id);
            lectern_put_u32(attribute, LECTERN_ATTRIBUTE_VALUE_START, byte_base + stage_count);
            lectern_put_u32(attribute, LECTERN_ATTRIBUTE_VALUE_COUNT, length);
            if (start + 64 <= count) {
                store32(stage + stage_count, input + start + pair_at[k][1]);
            } else {
                lectern_copy_bytes(stage + stage_count, input + start + pair_at[k][1], length);
            }
            stage_count += length;
            attribute_count++;
        }
        uint64_t index = node_base + node_count;
        uint8_t *span = node_room + node_count * LECTERN_NODE_SIZE;
        put_node(span, span_template);
        lectern_put_u32(span, LECTERN_NODE_END, index + 2);
        lectern_put_u32(span, LECTERN_NODE_ATTRIBUTE_START, first_attribute);
        lectern_put_u32(span, LECTERN_NODE_ATTRIBUTE_COUNT, pair_count);
        uint8_t *run_node = span + LECTERN_NODE_SIZE;
        put_node(run_node, text_template);
        lectern_put_u32(run_node, LECTERN_NODE_END, index + 2);
        lectern_put_u32(run_node, LECTERN_NODE_TEXT_START, byte_base + stage_count);
        lectern_put_u32(run_node, LECTERN_NODE_TEXT_COUNT, text);
        _mm256_storeu_si256((__m256i *)(void *)(stage + stage_count), block);
        stage_count += text;
        last_node = index;
        if (text_after) {
            uint8_t *after_node = run_node + LECTERN_NODE_SIZE;
            put_node(after_node, text_template);
            lectern_put_u32(after_node, LECTERN_NODE_END, index + 3);
            lectern_put_u32(after_node, LECTERN_NODE_TEXT_START, byte_base + stage_count);
            lectern_put_u32(after_node, LECTERN_NODE_TEXT_COUNT, text_after);
            _mm256_storeu_si256((__m256i *)(void *)(stage + stage_count), tail);
            stage_count += text_after;
            last_node = index + 2;
        }
        node_count += nodes;
        words++;
        position = after + text_after;
    }
    run->next_name = next_name;
    run->stage_count = stage_count;
    run->node_count = node_count;
    run->attribute_count = attribute_count;
    run->words = words;
    run->last_node = last_node;
    run->position = position;
}

static int has_avx2(void) { return lectern_bytescan_uses_avx2(); }
#endif

void lectern_usfm_read_words(lectern_usfm_word_run *run, const lectern_usfm_layout *layout) {
    if (run == NULL || layout == NULL) return;
    run->node_count = 0;
    run->attribute_count = 0;
    run->words = 0;
    // The nodes are written from 32-byte templates, their fields at fixed offsets: another layout turns the
    // runs off.
    if (run->input == NULL || !lectern_layout_is_flat(layout)) return;
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
