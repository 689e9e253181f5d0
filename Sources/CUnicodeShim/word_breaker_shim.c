// Search tokens: ICU word breaks, split further at non-word characters, Han and kana
// one character per token, each token folded (see WordBreaker.swift for the rules).
#include "CUnicodeSearch.h"
#include "search_internal.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utext.h>
#include <unicode/utf8.h>

// ---------------------------------------------------------------- memo

// Folded terms this breaker already computed: Bible text repeats a small vocabulary, so
// most tokens skip ICU's normalizers. Keys are non-ASCII token bytes plus the options.
typedef struct {
    uint32_t hash;  // 0 marks an empty slot
    int32_t options;
    int32_t key, key_length;  // offsets into the arena
    int32_t value, value_length;
} MemoSlot;

typedef struct {
    MemoSlot *slots;
    uint32_t capacity;  // a power of two, or 0 before first use
    uint32_t count;
    uint8_t *arena;
    int32_t arena_used, arena_capacity;
} Memo;

#define MEMO_MAX_KEY 64
#define MEMO_MAX_SLOTS (1u << 16)
#define MEMO_MAX_ARENA (1 << 21)

struct LecternWordBreaker {
    UBreakIterator *iterator;
    LecternScratch scratch;
    Memo memo;
};

static uint32_t memo_hash(int32_t options, const uint8_t *key, int32_t length) {
    uint32_t hash = 2166136261u ^ (uint32_t)options;  // FNV-1a
    for (int32_t i = 0; i < length; i++) hash = (hash ^ key[i]) * 16777619u;
    return hash ? hash : 1;
}

static const MemoSlot *memo_find(const Memo *memo, uint32_t hash, int32_t options, const uint8_t *key,
                                 int32_t length) {
    if (!memo->capacity) return NULL;
    for (uint32_t i = hash & (memo->capacity - 1);; i = (i + 1) & (memo->capacity - 1)) {
        const MemoSlot *slot = &memo->slots[i];
        if (!slot->hash) return NULL;
        if (slot->hash == hash && slot->options == options && slot->key_length == length &&
            memcmp(memo->arena + slot->key, key, (size_t)length) == 0)
            return slot;
    }
}

static void memo_place(Memo *memo, MemoSlot slot) {
    uint32_t i = slot.hash & (memo->capacity - 1);
    while (memo->slots[i].hash) i = (i + 1) & (memo->capacity - 1);
    memo->slots[i] = slot;
    memo->count++;
}

static void memo_clear(Memo *memo) {
    if (memo->slots) memset(memo->slots, 0, sizeof(MemoSlot) * memo->capacity);
    memo->count = 0;
    memo->arena_used = 0;
}

static void memo_free(Memo *memo) {
    free(memo->slots);
    free(memo->arena);
}

// Makes room for one more entry of `bytes` bytes: grows the table and the arena up to
// their limits, then starts over empty. Returns 0 when memory runs out.
static int memo_reserve(Memo *memo, int32_t bytes) {
    if ((memo->count + 1) * 4 > memo->capacity * 3) {
        if (memo->capacity >= MEMO_MAX_SLOTS) {
            memo_clear(memo);
        } else {
            uint32_t capacity = memo->capacity ? memo->capacity * 2 : 1024;
            MemoSlot *slots = (MemoSlot *)calloc(capacity, sizeof(MemoSlot));
            if (!slots) return 0;
            MemoSlot *old = memo->slots;
            uint32_t old_capacity = memo->capacity;
            memo->slots = slots;
            memo->capacity = capacity;
            memo->count = 0;
            for (uint32_t i = 0; i < old_capacity; i++)
                if (old[i].hash) memo_place(memo, old[i]);
            free(old);
        }
    }
    if (memo->arena_used + bytes > memo->arena_capacity) {
        if (memo->arena_capacity >= MEMO_MAX_ARENA) {
            memo_clear(memo);
        } else {
            int32_t capacity = memo->arena_capacity ? memo->arena_capacity * 2 : 1 << 14;
            uint8_t *arena = (uint8_t *)realloc(memo->arena, (size_t)capacity);
            if (!arena) return 0;
            memo->arena = arena;
            memo->arena_capacity = capacity;
        }
    }
    return 1;
}

static void memo_insert(Memo *memo, uint32_t hash, int32_t options, const uint8_t *key, int32_t length,
                        const uint8_t *value, int32_t value_length) {
    if (!memo_reserve(memo, length + value_length)) return;
    MemoSlot slot = {hash, options, memo->arena_used, length, memo->arena_used + length, value_length};
    memcpy(memo->arena + slot.key, key, (size_t)length);
    memcpy(memo->arena + slot.value, value, (size_t)value_length);
    memo->arena_used += length + value_length;
    memo_place(memo, slot);
}

// Folds a token like lectern_fold_into, through the memo when the token is short and not ASCII.
static int32_t fold_token(LecternWordBreaker *breaker, int32_t options, const uint8_t *src, int32_t len,
                          uint8_t *dst, int32_t capacity, int32_t used) {
    if (len > MEMO_MAX_KEY || lectern_is_ascii(src, len))
        return lectern_fold_into(options, &breaker->scratch, src, len, dst, capacity, used);
    uint32_t hash = memo_hash(options, src, len);
    const MemoSlot *hit = memo_find(&breaker->memo, hash, options, src, len);
    if (hit) {
        if (hit->value_length <= capacity - used)
            memcpy(dst + used, breaker->memo.arena + hit->value, (size_t)hit->value_length);
        return hit->value_length;
    }
    int32_t length = lectern_fold_into(options, &breaker->scratch, src, len, dst, capacity, used);
    if (length >= 0 && length <= capacity - used) memo_insert(&breaker->memo, hash, options, src, len, dst + used, length);
    return length;
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
    if (lectern_is_apostrophe(c)) return KIND_SEPARATOR;
    if (c == 0xFF9E || c == 0xFF9F) return KIND_MARK;  // half-width kana voicing marks (Lm)
    int32_t mask = U_GET_GC_MASK(c);
    if (mask & U_GC_M_MASK) return KIND_MARK;
    if (mask & (U_GC_L_MASK | U_GC_N_MASK | U_GC_PC_MASK)) return is_ideograph(c) ? KIND_IDEOGRAPH : KIND_WORD;
    if (mask & U_GC_CF_MASK) return KIND_FORMAT;
    if (u_isUWhiteSpace(c)) return KIND_SPACE;
    return KIND_SEPARATOR;
}

// Whether an ASCII byte is a letter, a digit or `_`.
static int is_ascii_word_byte(uint8_t byte) {
    uint8_t lower = byte | 0x20;
    return (lower >= 'a' && lower <= 'z') || (byte >= '0' && byte <= '9') || byte == '_';
}

// Whether the character is Hangul (jamo, compatibility jamo, syllables): ICU's word rules
// break between digits and Hangul (`18절`), which UAX #29 alone does not.
static int is_hangul(UChar32 c) {
    return c >= 0x1100 && (c <= 0x11FF || (c >= 0x3130 && c <= 0x318F) || (c >= 0xA960 && c <= 0xA97F) ||
                           (c >= 0xAC00 && c <= 0xD7FF) || (c >= 0xFFA0 && c <= 0xFFDC));
}

// How needs_word_breaks takes a character (see there).
typedef enum {
    BREAK_SKIP,    // punctuation, symbols, spaces, Han and kana: ends any word
    BREAK_WORD,    // a letter or digit ICU breaks by rule alone
    BREAK_EXTEND,  // a mark or format character: fine right after such a letter or digit
    BREAK_ICU,     // anything else: ask ICU
} BreakClass;

static BreakClass break_class(UChar32 c) {
    if (U_GET_GC_MASK(c) & (U_GC_P_MASK | U_GC_S_MASK | U_GC_Z_MASK)) return BREAK_SKIP;
    if (c == 0x3099 || c == 0x309A || is_ideograph(c)) return BREAK_SKIP;
    if (is_hangul(c) || u_getIntPropertyValue(c, UCHAR_LINE_BREAK) == U_LB_COMPLEX_CONTEXT) return BREAK_ICU;
    switch (u_getIntPropertyValue(c, UCHAR_WORD_BREAK)) {
    case U_WB_ALETTER:
    case U_WB_HEBREW_LETTER:
    case U_WB_NUMERIC:
    case U_WB_EXTENDNUMLET:
        return BREAK_WORD;
    case U_WB_EXTEND:
    case U_WB_FORMAT:
    case U_WB_ZWJ:
        return BREAK_EXTEND;
    default:
        return BREAK_ICU;
    }
}

// classify() and break_class() of the characters below KINDS_LIMIT (the alphabets of most
// Bibles), filled on first use by any thread: a slot only ever goes from 0 to its one value.
// Bit 7 marks a filled slot, bits 0-2 hold the CharKind, bits 3-4 the BreakClass.
#define KINDS_LIMIT 0x2070
static _Atomic uint8_t kinds[KINDS_LIMIT];

static uint8_t kinds_of(UChar32 c) {
    uint8_t entry = atomic_load_explicit(&kinds[c], memory_order_relaxed);
    if (!entry) {
        entry = (uint8_t)(0x80 | classify(c) | break_class(c) << 3);
        atomic_store_explicit(&kinds[c], entry, memory_order_relaxed);
    }
    return entry;
}

// classify(), through the table where it reaches.
static CharKind kind_of(UChar32 c) {
    if (c >= 0x80 && c < KINDS_LIMIT) return (CharKind)(kinds_of(c) & 7);
    return classify(c);
}

// Whether the text needs ICU's word breaks: true unless every non-ASCII character is
// punctuation, a symbol, a space, a Han or kana character (with kana voicing marks), a
// letter or digit that ICU breaks by rule alone (Word_Break ALetter, Hebrew_Letter,
// Numeric or ExtendNumLet; not Hangul, and not Line_Break Complex_Context, which goes to a
// dictionary),
// or a mark or format character right after such a letter or digit (or an ASCII one).
// UAX #29 never breaks inside a run of those letters, digits and marks (WB4, WB5, WB8-WB10,
// WB13a-b), so ICU's breaks would fall only where this tokenizer ends tokens anyway, at
// spaces, punctuation and symbols; a mark after one of those starts a word of its own in
// ICU, so such text still asks ICU. Han and kana are one token per character whatever
// ICU's dictionary says, so text of them has the same tokens without ICU.
static int needs_word_breaks(const uint8_t *src, int32_t len) {
    int32_t i = 0;
    int32_t last_end = -1;  // where the last non-ASCII character ends
    int after_word = 0;     // whether that character is a letter, digit or mark as above
    while (i < len) {
        if (src[i] < 0x80) {
            i++;
            continue;
        }
        int32_t start = i;
        UChar32 c;
        U8_NEXT(src, i, len, c);
        if (c < 0) return 1;
        int before = start == last_end ? after_word : start > 0 && is_ascii_word_byte(src[start - 1]);
        last_end = i;
        after_word = 0;
        switch (c < KINDS_LIMIT ? (BreakClass)(kinds_of(c) >> 3 & 3) : break_class(c)) {
        case BREAK_SKIP:
            continue;
        case BREAK_WORD:
            after_word = 1;
            continue;
        case BREAK_EXTEND:
            if (!before) return 1;
            after_word = 1;
            continue;
        case BREAK_ICU:
            return 1;
        }
    }
    return 0;
}

// The tokenizer's state over one text.
typedef struct {
    int32_t options;
    LecternWordBreaker *breaker;
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
    int32_t length = fold_token(t->breaker, t->options, t->src + t->start8, t->end8 - t->start8, t->terms,
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
    lectern_scratch_free(&breaker->scratch);
    memo_free(&breaker->memo);
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
        step(t, kind_of(c), start8, pos, start16, pos16);
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
    LecternWordBreaker temporary;
    memset(&temporary, 0, sizeof temporary);
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
    t.breaker = used;
    t.src = src;
    t.tokens = tokens;
    t.token_capacity = token_capacity;
    t.terms = terms;
    t.terms_capacity = terms_capacity;
    int32_t count = tokenize(used, &t, len);
    if (temporary.iterator) ubrk_close(temporary.iterator);
    lectern_scratch_free(&temporary.scratch);
    memo_free(&temporary.memo);
    *terms_needed = t.terms_used;
    return count;
}
