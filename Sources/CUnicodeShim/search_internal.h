// Shared by search_shim.c (folding) and word_breaker_shim.c (tokens); not part of
// the module's public headers. Includes ICU, so only those two .c files include it.
#pragma once
#include <stdint.h>
#include <unicode/utypes.h>

// A growable UTF-16 buffer.
typedef struct {
    UChar *data;
    int32_t capacity;
} LecternBuffer;

// Two buffers the folding pipeline moves text between.
typedef struct {
    LecternBuffer a, b;
} LecternScratch;

// Frees the scratch buffers' memory.
void lectern_scratch_free(LecternScratch *scratch);

// Whether the character is an apostrophe folded to U+0027 (and never part of a word).
int lectern_is_apostrophe(UChar32 c);

// Whether `len` bytes are ASCII only.
int lectern_is_ascii(const uint8_t *src, int32_t len);

// Folds `len` bytes of UTF-8 (see CUnicodeSearch.h for the options) and writes the result
// at `dst + used` when it fits in `capacity`. Returns its length in bytes, written or not,
// or -1 when ICU fails or memory runs out.
int32_t lectern_fold_into(int32_t options, LecternScratch *scratch, const uint8_t *src, int32_t len, uint8_t *dst,
                          int32_t capacity, int32_t used);
