// Lectern's language tags and display widths over ICU. Only text_shim.c
// includes ICU's headers (see CUnicodeShim.h for why); everything here uses
// plain C types.
#pragma once
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Canonicalises a BCP 47 language tag (`len` bytes of ASCII at `tag`) into
/// `dst`: parses it with uloc_forLanguageTag, which must consume the whole tag,
/// and writes it back with uloc_toLanguageTag (strict). Returns the length of
/// the canonical tag in bytes (not NUL-terminated); when that exceeds
/// `capacity`, nothing useful is written and the caller retries with a larger
/// buffer. Returns -1 when the tag is not well-formed.
int32_t lectern_language_tag_canonical(const uint8_t *tag, int32_t len, uint8_t *dst, int32_t capacity);

/// The number of terminal columns `len` bytes of UTF-8 take: 2 for each code
/// point whose East Asian Width (u_getIntPropertyValue with
/// UCHAR_EAST_ASIAN_WIDTH) is Wide or Fullwidth, 0 for combining marks (Mn, Me),
/// format characters (Cf), controls, and Hangul medial vowels and final
/// consonants, 1 for the others. Invalid UTF-8 counts 1 per bad sequence.
int32_t lectern_display_width(const uint8_t *src, int32_t len);

#ifdef __cplusplus
}
#endif
