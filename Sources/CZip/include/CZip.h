// Zip archives (Digital Bible Library and Scripture Burrito bundles) through libzip, which is loaded with
// dlopen on the first open or write (a command that reads no zip never loads it). Only zip_shim.c includes
// <zip.h>; everything here uses plain C types and one opaque handle.
#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An open archive, read only.
typedef struct lectern_zip lectern_zip;

/// Opens the archive at `path` for reading (zip_open with ZIP_RDONLY | ZIP_CHECKCONS, so the central
/// directory is checked against the local headers). Returns NULL on failure and writes libzip's message
/// (NUL-terminated, cut to `message_capacity`) into `message`.
lectern_zip *lectern_zip_open(const char *path, char *message, size_t message_capacity);

/// The number of entries, or -1.
int64_t lectern_zip_count(lectern_zip *archive);

/// The entry at `index`: its name as stored (valid until the archive is closed) and its uncompressed
/// size as the central directory declares it. Returns 0, or -1 when libzip cannot describe the entry.
int32_t lectern_zip_entry(lectern_zip *archive, int64_t index, const char **name, uint64_t *size);

/// Reads the entry at `index` into `buffer`, at most `capacity` bytes, whatever the entry declares, so a
/// lying header cannot fill memory; `produced` gets the count. libzip checks the CRC at the end. Returns 0,
/// -100 when the entry holds more than `capacity` bytes (nothing more is read), or -1 with libzip's message
/// in `message`.
int32_t lectern_zip_read_into(lectern_zip *archive, int64_t index, uint8_t *buffer, size_t capacity,
                              size_t *produced, char *message, size_t message_capacity);

/// Inflates the entry at `index` into a small buffer, only counting: `size` gets its real size. Returns 0,
/// -100 as soon as it passes `max_len`, or -1 with libzip's message (damaged data, a bad CRC).
int32_t lectern_zip_size(lectern_zip *archive, int64_t index, size_t max_len, size_t *size, char *message,
                         size_t message_capacity);

/// Closes the archive (zip_discard: nothing is written).
void lectern_zip_close(lectern_zip *archive);

/// Writes a new archive at `path` (replacing a file there) holding `count` entries, names taken as given
/// (so tests can write the unsafe names readers must refuse), deflated when `deflate` is non-zero.
/// Returns 0, or -1 with libzip's message in `message`.
int32_t lectern_zip_write(const char *path, int32_t count, const char *const *names, const uint8_t *const *data,
                          const size_t *lengths, int32_t deflate, char *message, size_t message_capacity);

#ifdef __cplusplus
}
#endif
