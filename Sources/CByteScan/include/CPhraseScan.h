// A phrase's anchor looked for in a verse's token bytes (the search index's verse stream: exact ids as
// LEB128 varints), for ScriptureSearch's PhraseScanner. Plain C, no ICU.
#pragma once
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One word of a phrase: the folded ids `first ..< first + count` (a word, or a prefix's terms).
typedef struct {
    int32_t first;
    uint32_t count;
} LecternPhraseWord;

/// What a verse's bytes are compared with, laid out once per query. Every pointer has been checked by
/// the caller: `table` holds `exact_count` u32s, `words` `word_count` words, and bytes may be read up to
/// `limit` (the section's end), past a verse's own end.
typedef struct {
    /// The exact → folded table (u32, little-endian, one an exact id).
    const uint8_t *table;
    int64_t exact_count;
    /// Folded ids are below this; an exact id that maps to `skipped` folds to nothing and is left out.
    int64_t folded_count;
    uint32_t skipped;
    const LecternPhraseWord *words;
    int32_t word_count;
    /// The anchor's place in the phrase, its exact ids and their varints' distinct first bytes.
    int32_t anchor;
    int32_t id_count;
    int32_t first_byte_count;
    int64_t ids[8];
    uint8_t first_bytes[8];
    /// Where the bytes end that may be read ahead (a 16-byte load stays before it).
    const uint8_t *limit;
} LecternPhraseScan;

/// Whether the phrase occurs in the verse whose tokens are the bytes `start ..< end` (`end` at most
/// `scan->limit`): 1 or 0; -1 when a token it decodes is damaged or folds out of range.
int lectern_phrase_occurs(const LecternPhraseScan *scan, const uint8_t *start, const uint8_t *end);

/// Keeps, in order and in place, the `count` verses (each below the verse count; their offsets, u32 each
/// at `offsets`, and `region_length` bytes at `region` checked by the caller) whose tokens hold the phrase;
/// returns how many, -1 when a token is damaged, -2 when a verse's tokens lie outside the region.
int64_t lectern_phrase_retain(const LecternPhraseScan *scan, int64_t *verses, int64_t count, const uint8_t *offsets,
                              const uint8_t *region, int64_t region_length);

/// Keeps, in order and in place, the `count` verses set in the bitmap of `verse_count` bits (checked by the
/// caller); returns how many.
int64_t lectern_retain_bitmap(int64_t *verses, int64_t count, const uint8_t *bitmap, int64_t verse_count);

#ifdef __cplusplus
}
#endif
