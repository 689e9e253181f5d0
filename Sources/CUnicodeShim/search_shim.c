// Search folding (see CUnicodeSearch.h and SearchFolding.swift for the rules).
#include "CUnicodeSearch.h"
#include "search_internal.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

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

// ---------------------------------------------------------------- per-character folds

// Most Bible text (Latin, Greek, Cyrillic, Hebrew, Arabic letters and their marks) folds one
// character at a time: its fold is the folds of its characters, one after another. A table of
// the characters below CHARS_LIMIT (up to the word joiner U+2060 that UHB puts between
// morphemes) says which do and what each becomes, so such text skips ICU's normalizers. Entries are filled on first use (by any thread: a slot only ever goes
// from 0 to its one value, so relaxed atomics suffice).
#define CHARS_LIMIT 0x2070
#define CHAR_FILLED 1u
#define CHAR_LOCAL 2u  // default folding: the character folds to the bytes held, whatever surrounds it
#define CHAR_EXACT 4u    // exact folding keeps it: NFC_QC=Yes, not default-ignorable, not an apostrophe or quote
#define CHAR_IGNORED 8u  // exact folding drops it, before NFC: default-ignorable
#define CHAR_BYTES_MAX 5

// Bits 0-7 the flags, 8-15 the canonical combining class, 16-23 the length of the default
// fold, 24-63 its bytes.
static _Atomic uint64_t char_table[CHARS_LIMIT];

// Cyrillic letters that keep a following breve or diaeresis (see cyrillic_keeps_mark).
static int is_cyrillic_keeper_base(UChar32 c) {
    return c == 0x0418 || c == 0x0438 || c == 0x0423 || c == 0x0443 || c == 0x0406 || c == 0x0456;
}

// Whether default folding of `c` is the same in any text of such characters, and if so its
// fold's UTF-8 bytes (at most CHAR_BYTES_MAX). Holds for a nonspacing or enclosing mark that
// folds to nothing (every base in such text drops marks), other than the breve and diaeresis
// Cyrillic keeps; and for a starter whose decomposition's letters all drop marks and are not
// Cyrillic keepers, and whose fold holds only starters with NFC_QC=Yes (nothing the next
// character's fold could compose with).
static int default_fold_is_local(UChar32 c, uint8_t *bytes, int32_t *length) {
    if (lectern_is_apostrophe(c) || is_double_quote(c) || c == 0x0306 || c == 0x0308) return 0;
    int32_t mask = U_GET_GC_MASK(c);
    if (mask & U_GC_MC_MASK) return 0;
    int is_mark = (mask & (U_GC_MN_MASK | U_GC_ME_MASK)) != 0;
    if (!is_mark && u_getCombiningClass(c) != 0) return 0;
    UChar one[2];
    int32_t one_length = 0;
    U16_APPEND_UNSAFE(one, one_length, c);
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfkd = unorm2_getNFKDInstance(&status);
    UChar decomposed[32];
    int32_t decomposed_length = unorm2_normalize(nfkd, one, one_length, decomposed, 32, &status);
    if (U_FAILURE(status)) return 0;
    for (int32_t i = 0; i < decomposed_length;) {
        UChar32 d;
        U16_NEXT(decomposed, i, decomposed_length, d);
        int32_t d_mask = U_GET_GC_MASK(d);
        if (d_mask & U_GC_MC_MASK) return 0;
        if (d_mask & (U_GC_MN_MASK | U_GC_ME_MASK)) continue;
        if (is_mark || is_cyrillic_keeper_base(d) || !script_drops_marks(d)) return 0;
    }
    uint8_t utf8[4];
    int32_t utf8_length = 0;
    U8_APPEND_UNSAFE(utf8, utf8_length, c);
    Scratch scratch = {{NULL, 0}, {NULL, 0}};
    const UChar *folded = NULL;
    int32_t folded_length = fold_utf16(0, &scratch, utf8, utf8_length, &folded);
    int local = folded_length >= 0 && (!is_mark || folded_length == 0);
    int32_t written = 0;
    for (int32_t i = 0; local && i < folded_length;) {
        UChar32 f;
        U16_NEXT(folded, i, folded_length, f);
        if (u_getCombiningClass(f) != 0 || u_getIntPropertyValue(f, UCHAR_NFC_QUICK_CHECK) != UNORM_YES ||
            written + U8_LENGTH(f) > CHAR_BYTES_MAX) {
            local = 0;
        } else {
            U8_APPEND_UNSAFE(bytes, written, f);
        }
    }
    lectern_scratch_free(&scratch);
    *length = written;
    return local;
}

static uint64_t char_entry(UChar32 c) {
    uint64_t entry = atomic_load_explicit(&char_table[c], memory_order_relaxed);
    if (entry) return entry;
    uint8_t ccc = u_getCombiningClass(c);
    entry = CHAR_FILLED | (uint64_t)ccc << 8;
    if (c >= 0xAD && u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT))
        entry |= CHAR_IGNORED;
    else if (!lectern_is_apostrophe(c) && !is_double_quote(c) &&
             u_getIntPropertyValue(c, UCHAR_NFC_QUICK_CHECK) == UNORM_YES)
        entry |= CHAR_EXACT;
    uint8_t bytes[CHAR_BYTES_MAX];
    int32_t length = 0;
    if (default_fold_is_local(c, bytes, &length)) {
        entry |= CHAR_LOCAL | (uint64_t)length << 16;
        for (int32_t i = 0; i < length; i++) entry |= (uint64_t)bytes[i] << (24 + 8 * i);
    }
    atomic_store_explicit(&char_table[c], entry, memory_order_relaxed);
    return entry;
}

// Folds valid UTF-8 one character at a time through the table, writing the result at `dst`
// when it fits in `room`. Returns its length, or -1 when a character is not in the table's
// reach: for default folding one that is not CHAR_LOCAL; for exact folding one that is
// neither CHAR_EXACT nor CHAR_IGNORED, or marks out of canonical order once the ignored
// characters are gone (otherwise that text is NFC, so NFC and the other steps keep it).
static int32_t fold_by_characters(int32_t options, const uint8_t *src, int32_t len, uint8_t *dst, int32_t room) {
    int exact = (options & LECTERN_FOLD_EXACT) != 0;
    int32_t written = 0;
    uint8_t last_class = 0;
    for (int32_t i = 0; i < len;) {
        uint8_t byte = src[i];
        if (byte < 0x80) {
            i++;
            if (byte == '`') byte = '\'';
            else if (!exact && byte >= 'A' && byte <= 'Z') byte += 'a' - 'A';
            if (written < room) dst[written] = byte;
            written++;
            last_class = 0;
            continue;
        }
        int32_t start = i;
        UChar32 c;
        U8_NEXT(src, i, len, c);
        if (c < 0 || c >= CHARS_LIMIT) return -1;
        uint64_t entry = char_entry(c);
        if (exact) {
            if (entry & CHAR_IGNORED) continue;
            uint8_t ccc = (uint8_t)(entry >> 8);
            if (!(entry & CHAR_EXACT) || (ccc && ccc < last_class)) return -1;
            last_class = ccc;
            int32_t n = i - start;
            if (written + n <= room) memcpy(dst + written, src + start, (size_t)n);
            written += n;
        } else {
            if (!(entry & CHAR_LOCAL)) return -1;
            int32_t n = (int32_t)(entry >> 16) & 0xFF;
            for (int32_t k = 0; k < n; k++, written++)
                if (written < room) dst[written] = (uint8_t)(entry >> (24 + 8 * k));
        }
    }
    return written;
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
    if (!(options & LECTERN_TOKENS_ICU_ONLY)) {
        int32_t quick = fold_by_characters(options, src, len, room > 0 ? dst + used : NULL, room > 0 ? room : 0);
        if (quick >= 0) return quick;
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
