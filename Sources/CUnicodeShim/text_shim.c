#include "CUnicodeText.h"

#include <string.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/utf8.h>
#include <unicode/utypes.h>

int32_t lectern_language_tag_canonical(const uint8_t *tag, int32_t len, uint8_t *dst, int32_t capacity) {
    if (len <= 0 || len > 200) return -1;
    char input[256];
    for (int32_t i = 0; i < len; i++) {
        // A NUL or a non-ASCII byte is never part of a tag.
        if (tag[i] == 0 || tag[i] >= 0x80) return -1;
        input[i] = (char)tag[i];
    }
    input[len] = 0;
    char locale[ULOC_FULLNAME_CAPACITY + 1];
    int32_t parsed = 0;
    UErrorCode status = U_ZERO_ERROR;
    uloc_forLanguageTag(input, locale, ULOC_FULLNAME_CAPACITY, &parsed, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || parsed != len) return -1;
    char canonical[ULOC_FULLNAME_CAPACITY + 1];
    status = U_ZERO_ERROR;
    int32_t written = uloc_toLanguageTag(locale, canonical, ULOC_FULLNAME_CAPACITY, 1, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || written <= 0) return -1;
    if (written <= capacity && dst) memcpy(dst, canonical, (size_t)written);
    return written;
}

// The columns one code point takes.
static int32_t code_point_width(UChar32 c) {
    if (c < 0x20 || (c >= 0x7F && c < 0xA0)) return 0;
    int8_t type = u_charType(c);
    if (type == U_NON_SPACING_MARK || type == U_ENCLOSING_MARK || type == U_FORMAT_CHAR) return 0;
    int32_t hangul = u_getIntPropertyValue(c, UCHAR_HANGUL_SYLLABLE_TYPE);
    if (hangul == U_HST_VOWEL_JAMO || hangul == U_HST_TRAILING_JAMO) return 0;
    int32_t width = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
    return (width == U_EA_WIDE || width == U_EA_FULLWIDTH) ? 2 : 1;
}

int32_t lectern_display_width(const uint8_t *src, int32_t len) {
    int32_t total = 0;
    int32_t i = 0;
    while (i < len) {
        UChar32 c;
        U8_NEXT(src, i, len, c);
        total += c < 0 ? 1 : code_point_width(c);
    }
    return total;
}
