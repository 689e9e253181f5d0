// Search folding (see CUnicodeSearch.h and SearchFolding.swift for the rules).
#include "CUnicodeSearch.h"
#include "search_internal.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>

typedef LecternBuffer Buffer;
typedef LecternScratch Scratch;

// ---------------------------------------------------------------- buffers

static int reserve(Buffer *buffer, int32_t needed) {
    if (needed <= buffer->capacity) return 1;
    int64_t wanted = (int64_t)needed + needed / 2 + 64;
    if (wanted > INT32_MAX) wanted = INT32_MAX;
    UChar *grown = (UChar *)realloc(buffer->data, sizeof(UChar) * (size_t)wanted);
    if (!grown) return 0;
    buffer->data = grown;
    buffer->capacity = (int32_t)wanted;
    return 1;
}

void lectern_scratch_free(Scratch *scratch) {
    free(scratch->a.data);
    free(scratch->b.data);
}

// Normalizes `src` into `out` (unorm2_normalize), growing `out` as needed.
// Returns the length, or -1 when ICU fails or memory runs out.
static int32_t normalize_into(const UNormalizer2 *form, const UChar *src, int32_t len, Buffer *out) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = unorm2_normalize(form, src, len, out->data, out->capacity, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
        if (!reserve(out, length + 1)) return -1;
        status = U_ZERO_ERROR;
        length = unorm2_normalize(form, src, len, out->data, out->capacity, &status);
    }
    return U_FAILURE(status) ? -1 : length;
}

// ---------------------------------------------------------------- character rules

// Apostrophe-like characters, all folded to U+0027 and never part of a word.
int lectern_is_apostrophe(UChar32 c) {
    switch (c) {
    case 0x0027: case 0x0060: case 0x00B4: case 0x02BC: case 0x2018: case 0x2019:
    case 0x201A: case 0x201B: case 0x2032: case 0xFF07:
        return 1;
    default:
        return 0;
    }
}

// Double quotation marks, all folded to U+0022.
static int is_double_quote(UChar32 c) {
    switch (c) {
    case 0x0022: case 0x00AB: case 0x00BB: case 0x201C: case 0x201D: case 0x201E:
    case 0x201F: case 0x2033: case 0xFF02:
        return 1;
    default:
        return 0;
    }
}

static UChar32 unify_punctuation(UChar32 c) {
    if (c < 0x22) return c;
    if (lectern_is_apostrophe(c)) return 0x27;
    if (is_double_quote(c)) return 0x22;
    return c;
}

// Latin letters with a stroke that Unicode does not decompose, read without it.
static UChar32 unstroke(UChar32 c) {
    switch (c) {
    case 0x0110: return 'D';
    case 0x0111: return 'd';
    case 0x0126: return 'H';
    case 0x0127: return 'h';
    case 0x0141: return 'L';
    case 0x0142: return 'l';
    case 0x00D8: return 'O';
    case 0x00F8: return 'o';
    default: return c;
    }
}

// Whether nonspacing marks on a base letter of this script are dropped by default folding.
static int script_drops_marks(UChar32 base) {
    if (base < 0x0370) return 1;
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript(base, &status);
    if (U_FAILURE(status)) return 1;
    switch (script) {
    case USCRIPT_LATIN: case USCRIPT_GREEK: case USCRIPT_CYRILLIC: case USCRIPT_HEBREW:
    case USCRIPT_ARABIC: case USCRIPT_COMMON: case USCRIPT_INHERITED: case USCRIPT_UNKNOWN:
        return 1;
    default:
        return 0;
    }
}

// Cyrillic letters whose mark makes a separate letter on every Cyrillic keyboard: й ў ї.
static int cyrillic_keeps_mark(UChar32 base, UChar32 mark) {
    if (mark == 0x0306) return base == 0x0418 || base == 0x0438 || base == 0x0423 || base == 0x0443;
    if (mark == 0x0308) return base == 0x0406 || base == 0x0456;
    return 0;
}

// ---------------------------------------------------------------- folding

// Default folding after NFKD: drops marks on letters of the folded scripts, unifies
// apostrophes and quotes, unstrokes letters and drops Arabic tatweel. Works in place.
static int32_t strip_marks(UChar *text, int32_t len) {
    int32_t read = 0, write = 0;
    UChar32 base = -1;
    int drops = 1;
    while (read < len) {
        UChar32 c;
        U16_NEXT(text, read, len, c);
        int32_t mask = U_GET_GC_MASK(c);
        if (mask & (U_GC_MN_MASK | U_GC_ME_MASK)) {
            if (drops && !cyrillic_keeps_mark(base, c)) continue;
        } else if (!(mask & U_GC_MC_MASK)) {
            if (c == 0x0640) continue;
            base = c;
            drops = script_drops_marks(c);
            c = unstroke(unify_punctuation(c));
        }
        U16_APPEND_UNSAFE(text, write, c);
    }
    return write;
}

// Exact folding before NFC: drops default-ignorable code points (word joiner, soft
// hyphen, variation selectors...). Works in place.
static int32_t drop_ignorables(UChar *text, int32_t len) {
    int32_t read = 0, write = 0;
    while (read < len) {
        UChar32 c;
        U16_NEXT(text, read, len, c);
        if (c >= 0xAD && u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) continue;
        U16_APPEND_UNSAFE(text, write, c);
    }
    return write;
}

// Unifies apostrophes and quotes in place: all are BMP starters that never compose,
// so normalized text stays normalized.
static void unify_all_punctuation(UChar *text, int32_t len) {
    for (int32_t i = 0; i < len; i++) text[i] = (UChar)unify_punctuation(text[i]);
}

// Folds UTF-8 into UTF-16 held by `scratch`; sets `*out` to the result and returns its
// length, or -1 when ICU fails or memory runs out.
static int32_t fold_utf16(int32_t options, Scratch *scratch, const uint8_t *src, int32_t len, const UChar **out) {
    if (!reserve(&scratch->a, len + 1)) return -1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t wide = 0;
    u_strFromUTF8WithSub(scratch->a.data, scratch->a.capacity, &wide, (const char *)src, len, 0xFFFD, NULL, &status);
    if (U_FAILURE(status)) return -1;
    if (options & LECTERN_FOLD_EXACT) {
        const UNormalizer2 *nfc = unorm2_getNFCInstance(&status);
        if (U_FAILURE(status)) return -1;
        wide = drop_ignorables(scratch->a.data, wide);
        int32_t composed = normalize_into(nfc, scratch->a.data, wide, &scratch->b);
        if (composed < 0) return -1;
        unify_all_punctuation(scratch->b.data, composed);  // after NFC, which makes ` from U+1FEF
        *out = scratch->b.data;  // after normalize_into, which may move the buffer
        return composed;
    }
    // Punctuation first: NFKD would turn U+00B4 into a space and a mark, U+2033 into two primes.
    unify_all_punctuation(scratch->a.data, wide);
    const UNormalizer2 *nfkd = unorm2_getNFKDInstance(&status);
    const UNormalizer2 *casefold = unorm2_getNFKCCasefoldInstance(&status);
    if (U_FAILURE(status)) return -1;
    int32_t decomposed = normalize_into(nfkd, scratch->a.data, wide, &scratch->b);
    if (decomposed < 0) return -1;
    decomposed = strip_marks(scratch->b.data, decomposed);
    int32_t folded = normalize_into(casefold, scratch->b.data, decomposed, &scratch->a);
    *out = scratch->a.data;
    return folded;
}

int lectern_is_ascii(const uint8_t *src, int32_t len) {
    uint8_t any = 0;
    for (int32_t i = 0; i < len; i++) any |= src[i];
    return any < 0x80;
}

int32_t lectern_fold_into(int32_t options, Scratch *scratch, const uint8_t *src, int32_t len, uint8_t *dst,
                          int32_t capacity, int32_t used) {
    int32_t room = capacity - used;
    if (lectern_is_ascii(src, len)) {
        if (len <= room) {
            for (int32_t i = 0; i < len; i++) {
                uint8_t byte = src[i];
                if (!(options & LECTERN_FOLD_EXACT) && byte >= 'A' && byte <= 'Z') byte += 'a' - 'A';
                else if (byte == '`') byte = '\'';
                dst[used + i] = byte;
            }
        }
        return len;
    }
    const UChar *folded = NULL;
    int32_t wide = fold_utf16(options, scratch, src, len, &folded);
    if (wide < 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t bytes = 0;
    u_strToUTF8WithSub(room > 0 ? (char *)dst + used : NULL, room > 0 ? room : 0, &bytes, folded, wide, 0xFFFD,
                       NULL, &status);
    if (U_FAILURE(status) && status != U_BUFFER_OVERFLOW_ERROR) return -1;
    return bytes;
}

int32_t lectern_search_fold(int32_t options, const uint8_t *src, int32_t len, uint8_t *dst, int32_t capacity) {
    if (len <= 0) return 0;
    Scratch scratch = {{NULL, 0}, {NULL, 0}};
    int32_t result = lectern_fold_into(options, &scratch, src, len, dst, capacity, 0);
    lectern_scratch_free(&scratch);
    return result;
}
