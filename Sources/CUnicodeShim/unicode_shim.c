#include "CUnicodeShim.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utypes.h>

// Converts UTF-8 to a freshly allocated UTF-16 buffer; the caller frees it.
static UChar *to_utf16(const uint8_t *src, int32_t len, int32_t *out_len) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t needed = 0;
    u_strFromUTF8WithSub(NULL, 0, &needed, (const char *)src, len, 0xFFFD, NULL, &status);
    if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return NULL;
    UChar *buffer = (UChar *)malloc(sizeof(UChar) * (size_t)(needed + 1));
    if (!buffer) return NULL;
    status = U_ZERO_ERROR;
    u_strFromUTF8WithSub(buffer, needed + 1, out_len, (const char *)src, len, 0xFFFD, NULL, &status);
    if (U_FAILURE(status)) {
        free(buffer);
        return NULL;
    }
    return buffer;
}

// Gets the NFC normalizer and the input as UTF-16 (to free); NULL when ICU fails.
static UChar *prepare(const uint8_t *src, int32_t len, const UNormalizer2 **nfc, int32_t *wide_len) {
    UErrorCode status = U_ZERO_ERROR;
    *nfc = unorm2_getNFCInstance(&status);
    if (U_FAILURE(status)) return NULL;
    return to_utf16(src, len, wide_len);
}

int lectern_is_nfc(const uint8_t *src, int32_t len) {
    const UNormalizer2 *nfc = NULL;
    int32_t wide_len = 0;
    UChar *wide = prepare(src, len, &nfc, &wide_len);
    if (!wide) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UBool yes = unorm2_isNormalized(nfc, wide, wide_len, &status);
    free(wide);
    if (U_FAILURE(status)) return -1;
    return yes ? 1 : 0;
}

int32_t lectern_nfc(const uint8_t *src, int32_t len, uint8_t *dst, int32_t capacity) {
    const UNormalizer2 *nfc = NULL;
    int32_t wide_len = 0;
    UChar *wide = prepare(src, len, &nfc, &wide_len);
    if (!wide) return -1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t norm_cap = wide_len * 3 + 16;
    UChar *norm = (UChar *)malloc(sizeof(UChar) * (size_t)norm_cap);
    if (!norm) {
        free(wide);
        return -1;
    }
    int32_t norm_len = unorm2_normalize(nfc, wide, wide_len, norm, norm_cap, &status);
    free(wide);
    if (U_FAILURE(status)) {
        free(norm);
        return -1;
    }
    int32_t out_len = 0;
    status = U_ZERO_ERROR;
    u_strToUTF8WithSub((char *)dst, capacity, &out_len, norm, norm_len, 0xFFFD, NULL, &status);
    free(norm);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) return out_len;
    if (U_FAILURE(status)) return -1;
    return out_len;
}
