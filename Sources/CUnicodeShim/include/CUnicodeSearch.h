// Lectern's search folding and word breaking over ICU. Only search_shim.c
// includes ICU's headers (see CUnicodeShim.h for why); everything here uses
// plain C types and one opaque handle.
#pragma once
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Option bit: fold for exact matching (NFC, apostrophes and quotes unified,
/// default-ignorable code points removed) instead of the default search folding.
#define LECTERN_FOLD_EXACT 1
/// Option bit for tests: never take the tokenizer's plain-ASCII fast path, nor fold
/// non-ASCII text one character at a time: ICU's break iterator and normalizers do it all.
#define LECTERN_TOKENS_ICU_ONLY 2

/// Token flag: a Han, Hiragana or Katakana character, one token per character.
#define LECTERN_TOKEN_IDEOGRAPH 1
/// Token flag: no white space between the previous token and this one.
#define LECTERN_TOKEN_JOINED 2

/// One token of the input: offsets in UTF-8 bytes and in UTF-16 code units,
/// and where its folded term lies in the terms buffer.
typedef struct {
    int32_t start8;
    int32_t end8;
    int32_t start16;
    int32_t end16;
    int32_t term_start;
    int32_t term_length;
    int32_t flags;
} LecternToken;

/// A word break iterator and scratch buffers. Not thread-safe: use one per thread.
typedef struct LecternWordBreaker LecternWordBreaker;

/// Opens a word breaker (ubrk_open with UBRK_WORD and the root locale).
/// Returns NULL when memory runs out. When ICU cannot open its iterator, the
/// breaker still works but splits only at non-word characters.
LecternWordBreaker *lectern_word_breaker_open(void);

/// Closes a word breaker (ubrk_close); NULL is allowed.
void lectern_word_breaker_close(LecternWordBreaker *breaker);

/// Folds `len` bytes of valid UTF-8 for search into `dst`. `options` is 0 or
/// LECTERN_FOLD_EXACT. Returns the length of the result in bytes; when that
/// exceeds `capacity`, nothing useful is written and the caller retries with a
/// larger buffer. Returns -1 when memory runs out.
int32_t lectern_search_fold(int32_t options, const uint8_t *src, int32_t len, uint8_t *dst, int32_t capacity);

/// Splits `len` bytes of valid UTF-8 into search tokens and folds each one.
/// `breaker` may be NULL (a temporary one is used). Writes at most
/// `token_capacity` tokens and `terms_capacity` bytes of terms, stores the
/// bytes the terms need in `*terms_needed`, and returns the number of tokens;
/// when either exceeds its capacity, the caller retries with larger buffers.
/// Returns -1 when memory runs out.
int32_t lectern_word_breaker_tokens(
    LecternWordBreaker *breaker, int32_t options, const uint8_t *src, int32_t len, LecternToken *tokens,
    int32_t token_capacity, uint8_t *terms, int32_t terms_capacity, int32_t *terms_needed);

#ifdef __cplusplus
}
#endif
