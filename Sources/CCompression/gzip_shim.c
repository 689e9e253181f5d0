#include "CCompression.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define SCRATCH_SIZE (64 * 1024)

// Inflates every gzip member of `src`. With `dst`, writes at most `capacity` bytes there (more is
// -100); without, writes into a small scratch buffer, only counting. Stops with -100 as soon as more
// than `max_len` bytes come out, so a decompression bomb costs no memory.
static int inflate_all(const uint8_t *src, size_t len, uint8_t *dst, size_t capacity, size_t max_len,
                       size_t *produced_out) {
    *produced_out = 0;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    // 15 + 32: zlib or gzip header, detected automatically.
    int status = inflateInit2(&stream, 15 + 32);
    if (status != Z_OK) return status;
    uint8_t scratch[SCRATCH_SIZE];
    size_t produced = 0;
    const uint8_t *next_in = src;
    size_t remaining = len;
    for (;;) {
        uint8_t *target;
        size_t room;
        if (dst != NULL) {
            target = dst + produced;
            room = capacity - produced;
            if (room == 0) {
                // Probe with the scratch buffer: any further output is over the capacity.
                target = scratch;
                room = 1;
            }
        } else {
            target = scratch;
            room = SCRATCH_SIZE;
        }
        uInt chunk_in = remaining > 0x40000000u ? 0x40000000u : (uInt)remaining;
        uInt chunk_out = room > 0x40000000u ? 0x40000000u : (uInt)room;
        stream.next_in = (Bytef *)next_in;
        stream.avail_in = chunk_in;
        stream.next_out = target;
        stream.avail_out = chunk_out;
        status = inflate(&stream, Z_NO_FLUSH);
        size_t consumed = chunk_in - stream.avail_in;
        size_t written = chunk_out - stream.avail_out;
        next_in += consumed;
        remaining -= consumed;
        if (dst != NULL && target == scratch && written > 0) {
            inflateEnd(&stream);
            return -100;
        }
        produced += written;
        if (produced > max_len) {
            inflateEnd(&stream);
            return -100;
        }
        if (status == Z_STREAM_END) {
            // Another gzip member may follow (as `cat a.gz b.gz` makes).
            if (remaining > 0 && next_in[0] == 0x1f) {
                inflateReset(&stream);
                continue;
            }
            break;
        }
        if (status == Z_BUF_ERROR && remaining == 0) {
            status = Z_DATA_ERROR;  // truncated stream
        }
        if (status != Z_OK && status != Z_BUF_ERROR) {
            inflateEnd(&stream);
            return status == Z_NEED_DICT ? Z_DATA_ERROR : status;
        }
    }
    inflateEnd(&stream);
    *produced_out = produced;
    return 0;
}

int lectern_gunzip_size(const uint8_t *src, size_t len, size_t max_len, size_t *out_len) {
    return inflate_all(src, len, NULL, 0, max_len, out_len);
}

int lectern_gunzip_into(const uint8_t *src, size_t len, uint8_t *dst, size_t dst_len) {
    size_t produced = 0;
    int status = inflate_all(src, len, dst, dst_len, dst_len, &produced);
    if (status == 0 && produced != dst_len) return Z_DATA_ERROR;
    return status;
}

int lectern_gunzip_guessed(const uint8_t *src, size_t len, uint8_t *dst, size_t capacity, size_t *out_len) {
    return inflate_all(src, len, dst, capacity, capacity, out_len);
}
