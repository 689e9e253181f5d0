// Lectern's window onto ICU. Only unicode_shim.c includes ICU's headers:
// importing them next to Foundation clashes with Foundation's bundled ICU, and
// ICU renames its symbols with version suffixes that Swift cannot import.
// Everything here uses plain C types.
#pragma once
#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Returns 1 when `len` bytes of UTF-8 at `src` are already in NFC, 0 when
/// they may not be, -1 when ICU fails (invalid UTF-8 is replaced, not an error).
/// Calls unorm2_getNFCInstance and unorm2_isNormalized.
int lectern_is_nfc(const uint8_t *src, int32_t len);

/// Normalizes UTF-8 to NFC (unorm2_normalize) into `dst`. Returns the length of
/// the result in bytes; when that exceeds `capacity`, nothing useful is written
/// and the caller retries with a larger buffer. Returns -1 when ICU fails.
int32_t lectern_nfc(const uint8_t *src, int32_t len, uint8_t *dst, int32_t capacity);

#ifdef __cplusplus
}
#endif
