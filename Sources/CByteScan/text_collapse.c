// Verse text with ASCII white space collapsed (see CByteScan.h).
#include "CByteScan.h"

#if defined(__SSE2__)
#include <emmintrin.h>

// The bits of the `length` (1 to 32) bytes at `from` that are a space, and of those at 0x20 and below.
static inline void white_space_masks(const uint8_t *from, size_t length, uint32_t *spaces, uint32_t *low) {
    __m128i space = _mm_set1_epi8(0x20);
    __m128i first = _mm_loadu_si128((const __m128i *)from);
    uint32_t space_bits = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(first, space));
    uint32_t low_bits = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(first, space), first));
    if (length > 16) {
        __m128i second = _mm_loadu_si128((const __m128i *)(from + 16));
        space_bits |= (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(second, space)) << 16;
        low_bits |= (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(second, space), second)) << 16;
    }
    uint32_t within = length == 32 ? UINT32_MAX : ((uint32_t)1 << length) - 1;
    *spaces = space_bits & within;
    *low = low_bits & within;
}
#endif

// `lectern_append_collapsed`, inline for the walk below.
__attribute__((always_inline)) static inline size_t append_collapsed(uint8_t *restrict to, size_t count,
                                                                     const uint8_t *restrict from, size_t length,
                                                                     size_t readable, int32_t *pending_space) {
    int32_t pending = *pending_space;
#if defined(__SSE2__)
    // Most texts (a word, the `, ` after it, a verse of words read as one run) have single spaces for white
    // space: they go 32 bytes at a time, each part copied whole, a leading space and a trailing one made
    // pending (so that a run of spaces across two parts is still one), with no branch on their bytes.
    while (length > 0 && readable >= 33) {
        size_t part = length < 32 ? length : 32;
        uint32_t spaces, low;
        white_space_masks(from, part, &spaces, &low);
        // Bytes below 0x20 (tabs, line ends, other controls) and doubled spaces take the byte-at-a-time path.
        if (low != spaces || (spaces & (spaces >> 1)) != 0) break;
        size_t lead = spaces & 1;
        pending |= (int32_t)lead;
        size_t rest = part - lead;
        if (rest > 0) {
            if (pending && count != 0) to[count++] = 0x20;
            memcpy(to + count, from + lead, 32);
            size_t trailing = (spaces >> (part - 1)) & 1;
            count += rest - trailing;
            pending = (int32_t)trailing;
        }
        from += part;
        length -= part;
        readable -= part;
    }
#endif
    size_t i = 0;
    while (i < length) {
        uint8_t byte = from[i];
        if (byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09) {
            pending = 1;
            i++;
            continue;
        }
        if (pending) {
            if (count != 0) to[count++] = 0x20;
            pending = 0;
        }
        // The run of other bytes, copied as it is.
        size_t end = i + 1;
        while (end < length) {
            uint8_t next = from[end];
            if (next == 0x20 || next == 0x0A || next == 0x0D || next == 0x09) break;
            end++;
        }
        lectern_copy_bytes(to + count, from + i, end - i);
        count += end - i;
        i = end;
    }
    *pending_space = pending;
    return count;
}

size_t lectern_append_collapsed(uint8_t *restrict to, size_t count, const uint8_t *restrict from, size_t length,
                                size_t readable, int32_t *pending_space) {
    return append_collapsed(to, count, from, length, readable, pending_space);
}

void lectern_walk_text(lectern_text_walk *walk) {
    const lectern_flat_node *nodes = (const lectern_flat_node *)walk->nodes;
    uint64_t index = walk->index, end = walk->end;
    uint8_t *text = walk->text;
    size_t count = walk->count;
    int32_t pending = walk->pending_space;
    while (index < end) {
        const lectern_flat_node *node = &nodes[index];
        if (node->kind == walk->text_kind) {
            uint64_t start = node->text_start, length = node->text_count;
            // The text nodes right after it whose bytes follow its own (a word's and the text after it), as many
            // as the room takes: a run longer than the room is appended in parts, each walk taking what fits
            // (merging the whole run and then leaving it undone made a walk per node over the rest of the run).
            const uint64_t room = walk->capacity - count;
            uint64_t next = index + 1;
            while (next < end && nodes[next].kind == walk->text_kind && nodes[next].text_start == start + length &&
                   length + nodes[next].text_count + 33 <= room) {
                length += nodes[next].text_count;
                next++;
            }
            if (start > walk->byte_count || length > walk->byte_count - start) break;
            if (length > room || room - length < 33) break;
            if (length > 0) {
                count = append_collapsed(text, count, walk->bytes + start, length, walk->byte_count - start, &pending);
            }
            index = next;
        } else if (node->kind == walk->character_kind) {
            uint32_t marker = node->marker;
            if (marker < walk->string_count && walk->excluded[marker]) {
                index = node->end > index ? node->end : index + 1;
            } else if (node->attribute_count == 0 || walk->enters_tagged) {
                index++;
            } else {
                break;
            }
        } else {
            break;
        }
    }
    walk->index = index;
    walk->count = count;
    walk->pending_space = pending;
}
