#include "CUnicodeSearch.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/utext.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

// ---------------------------------------------------------------- buffers

// A growable UTF-16 buffer.
typedef struct {
    UChar *data;
    int32_t capacity;
} Buffer;

// Two buffers the folding pipeline moves text between.
typedef struct {
    Buffer a, b;
} Scratch;

struct LecternWordBreaker {
    UBreakIterator *iterator;
    Scratch scratch;
};

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

static void scratch_free(Scratch *scratch) {
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
static int is_apostrophe(UChar32 c) {
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
    if (is_apostrophe(c)) return 0x27;
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

// Whether `len` bytes are ASCII only.
static int is_ascii(const uint8_t *src, int32_t len) {
    uint8_t any = 0;
    for (int32_t i = 0; i < len; i++) any |= src[i];
    return any < 0x80;
}

// Writes the folded form of `len` bytes at `dst + used` when it fits; returns its length
// in bytes (written or not), or -1 when ICU fails or memory runs out.
static int32_t fold_into(int32_t options, Scratch *scratch, const uint8_t *src, int32_t len, uint8_t *dst,
                         int32_t capacity, int32_t used) {
    int32_t room = capacity - used;
    if (is_ascii(src, len)) {
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
    int32_t result = fold_into(options, &scratch, src, len, dst, capacity, 0);
    scratch_free(&scratch);
    return result;
}

// ---------------------------------------------------------------- tokens

// What a character does to the token around it.
typedef enum {
    KIND_SEPARATOR,  // ends a token: punctuation, symbols, apostrophes
    KIND_SPACE,      // ends a token; the next token is not joined to the previous one
    KIND_WORD,       // letters, digits, connector punctuation
    KIND_IDEOGRAPH,  // Han, Hiragana, Katakana: a token of its own
    KIND_MARK,       // combining marks: extend the token
    KIND_FORMAT,     // format characters (word joiner, soft hyphen): neither end nor extend a token
} CharKind;

static int is_ideograph(UChar32 c) {
    if (c < 0x2E80) return 0;
    if ((c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3041 && c <= 0x30FF)) return 1;
    return uscript_hasScript(c, USCRIPT_HAN) || uscript_hasScript(c, USCRIPT_HIRAGANA) ||
           uscript_hasScript(c, USCRIPT_KATAKANA);
}

static CharKind classify(UChar32 c) {
    if (c < 0) return KIND_SEPARATOR;
    if (c < 0x80) {
        UChar32 lower = c | 0x20;
        if ((lower >= 'a' && lower <= 'z') || (c >= '0' && c <= '9') || c == '_') return KIND_WORD;
        if (c == ' ' || (c >= 0x09 && c <= 0x0D)) return KIND_SPACE;
        return KIND_SEPARATOR;
    }
    if (is_apostrophe(c)) return KIND_SEPARATOR;
    if (c == 0xFF9E || c == 0xFF9F) return KIND_MARK;  // half-width kana voicing marks (Lm)
    int32_t mask = U_GET_GC_MASK(c);
    if (mask & U_GC_M_MASK) return KIND_MARK;
    if (mask & (U_GC_L_MASK | U_GC_N_MASK | U_GC_PC_MASK)) return is_ideograph(c) ? KIND_IDEOGRAPH : KIND_WORD;
    if (mask & U_GC_CF_MASK) return KIND_FORMAT;
    if (u_isUWhiteSpace(c)) return KIND_SPACE;
    return KIND_SEPARATOR;
}

// Whether the text needs ICU's word breaks: true unless every non-ASCII character is
// punctuation, a symbol or a space. ICU never breaks inside a run of ASCII letters,
// digits and underscores (UAX #29 WB5, WB8-WB10, WB13a-b), so without other word
// characters the tokens are exactly those runs.
static int needs_word_breaks(const uint8_t *src, int32_t len) {
    int32_t i = 0;
    while (i < len) {
        if (src[i] < 0x80) {
            i++;
            continue;
        }
        UChar32 c;
        U8_NEXT(src, i, len, c);
        if (c < 0 || !(U_GET_GC_MASK(c) & (U_GC_P_MASK | U_GC_S_MASK | U_GC_Z_MASK))) return 1;
    }
    return 0;
}

// The tokenizer's state over one text.
typedef struct {
    int32_t options;
    Scratch *scratch;
    const uint8_t *src;
    LecternToken *tokens;
    int32_t token_capacity;
    int32_t count;
    uint8_t *terms;
    int32_t terms_capacity;
    int32_t terms_used;
    int open, ideograph, saw_space, failed;
    int32_t start8, end8, start16, end16;
} Tokenizer;

static void close_token(Tokenizer *t) {
    if (!t->open) return;
    t->open = 0;
    int32_t length = fold_into(t->options, t->scratch, t->src + t->start8, t->end8 - t->start8, t->terms,
                               t->terms_capacity, t->terms_used);
    if (length < 0) t->failed = 1;
    if (length <= 0) return;  // a token of marks alone can fold to nothing
    if (t->count < t->token_capacity) {
        LecternToken *token = &t->tokens[t->count];
        token->start8 = t->start8;
        token->end8 = t->end8;
        token->start16 = t->start16;
        token->end16 = t->end16;
        token->term_start = t->terms_used;
        token->term_length = length;
        token->flags = (t->ideograph ? LECTERN_TOKEN_IDEOGRAPH : 0) |
                       (t->count > 0 && !t->saw_space ? LECTERN_TOKEN_JOINED : 0);
    }
    t->count++;
    t->terms_used = length > INT32_MAX - t->terms_used ? INT32_MAX : t->terms_used + length;
    t->saw_space = 0;
}

static void open_token(Tokenizer *t, int ideograph, int32_t start8, int32_t start16) {
    t->open = 1;
    t->ideograph = ideograph;
    t->start8 = start8;
    t->start16 = start16;
}

// Feeds one character, spanning [start8, end8) and [start16, end16), to the tokenizer.
static void step(Tokenizer *t, CharKind kind, int32_t start8, int32_t end8, int32_t start16, int32_t end16) {
    switch (kind) {
    case KIND_SPACE:
        close_token(t);
        t->saw_space = 1;
        return;
    case KIND_SEPARATOR:
        close_token(t);
        return;
    case KIND_FORMAT:
        return;
    case KIND_IDEOGRAPH:
        close_token(t);
        open_token(t, 1, start8, start16);
        break;
    case KIND_WORD:
        if (t->open && t->ideograph) close_token(t);
        if (!t->open) open_token(t, 0, start8, start16);
        break;
    case KIND_MARK:
        if (!t->open) open_token(t, 0, start8, start16);
        break;
    }
    t->end8 = end8;
    t->end16 = end16;
}

LecternWordBreaker *lectern_word_breaker_open(void) {
    LecternWordBreaker *breaker = (LecternWordBreaker *)calloc(1, sizeof(LecternWordBreaker));
    if (!breaker) return NULL;
    UErrorCode status = U_ZERO_ERROR;
    breaker->iterator = ubrk_open(UBRK_WORD, "", NULL, 0, &status);
    if (U_FAILURE(status)) {
        if (breaker->iterator) ubrk_close(breaker->iterator);
        breaker->iterator = NULL;
    }
    return breaker;
}

void lectern_word_breaker_close(LecternWordBreaker *breaker) {
    if (!breaker) return;
    if (breaker->iterator) ubrk_close(breaker->iterator);
    scratch_free(&breaker->scratch);
    free(breaker);
}

static int32_t tokenize(LecternWordBreaker *breaker, Tokenizer *t, int32_t len) {
    const uint8_t *src = t->src;
    UBreakIterator *iterator = breaker->iterator;
    int use_breaks = iterator && ((t->options & LECTERN_TOKENS_ICU_ONLY) || needs_word_breaks(src, len));
    UText text = UTEXT_INITIALIZER;
    int32_t boundary = len;
    if (use_breaks) {
        UErrorCode status = U_ZERO_ERROR;
        utext_openUTF8(&text, (const char *)src, len, &status);
        ubrk_setUText(iterator, &text, &status);
        if (U_SUCCESS(status)) {
            ubrk_first(iterator);
            boundary = ubrk_next(iterator);
            if (boundary == UBRK_DONE) boundary = len;
        } else {
            use_breaks = 0;
        }
    }
    int32_t pos = 0, pos16 = 0;
    while (pos < len) {
        while (pos >= boundary) {
            close_token(t);
            boundary = use_breaks ? ubrk_next(iterator) : len;
            if (boundary == UBRK_DONE) boundary = len;
        }
        int32_t start8 = pos, start16 = pos16;
        UChar32 c;
        if (src[pos] < 0x80) {
            c = src[pos++];
        } else {
            U8_NEXT(src, pos, len, c);
        }
        pos16 += c > 0xFFFF ? 2 : 1;
        step(t, classify(c), start8, pos, start16, pos16);
    }
    close_token(t);
    if (use_breaks) {
        static const UChar empty[1] = {0};
        UErrorCode status = U_ZERO_ERROR;
        ubrk_setText(iterator, empty, 0, &status);  // let go of the caller's bytes
    }
    utext_close(&text);
    return t->failed ? -1 : t->count;
}

int32_t lectern_word_breaker_tokens(LecternWordBreaker *breaker, int32_t options, const uint8_t *src, int32_t len,
                                    LecternToken *tokens, int32_t token_capacity, uint8_t *terms,
                                    int32_t terms_capacity, int32_t *terms_needed) {
    *terms_needed = 0;
    if (len <= 0) return 0;
    LecternWordBreaker temporary = {NULL, {{NULL, 0}, {NULL, 0}}};
    if (!breaker) {
        UErrorCode status = U_ZERO_ERROR;
        temporary.iterator = ubrk_open(UBRK_WORD, "", NULL, 0, &status);
        if (U_FAILURE(status) && temporary.iterator) {
            ubrk_close(temporary.iterator);
            temporary.iterator = NULL;
        }
    }
    LecternWordBreaker *used = breaker ? breaker : &temporary;
    Tokenizer t;
    memset(&t, 0, sizeof t);
    t.options = options;
    t.scratch = &used->scratch;
    t.src = src;
    t.tokens = tokens;
    t.token_capacity = token_capacity;
    t.terms = terms;
    t.terms_capacity = terms_capacity;
    int32_t count = tokenize(used, &t, len);
    if (temporary.iterator) ubrk_close(temporary.iterator);
    scratch_free(&temporary.scratch);
    *terms_needed = t.terms_used;
    return count;
}
