#include "CCompression.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

int lectern_gunzip(const uint8_t *src, size_t len, size_t max_len, uint8_t **out, size_t *out_len) {
    *out = NULL;
    *out_len = 0;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    // 15 + 32: zlib or gzip header, detected automatically.
    int status = inflateInit2(&stream, 15 + 32);
    if (status != Z_OK) return status;
    size_t capacity = len * 4 + 4096;
    if (capacity > max_len + 1) capacity = max_len + 1;
    uint8_t *buffer = (uint8_t *)malloc(capacity);
    if (!buffer) {
        inflateEnd(&stream);
        return Z_MEM_ERROR;
    }
    size_t produced = 0;
    const uint8_t *next_in = src;
    size_t remaining = len;
    for (;;) {
        if (produced == capacity) {
            if (capacity > max_len) {
                free(buffer);
                inflateEnd(&stream);
                return -100;
            }
            size_t grown = capacity * 2;
            if (grown > max_len + 1) grown = max_len + 1;
            uint8_t *bigger = (uint8_t *)realloc(buffer, grown);
            if (!bigger) {
                free(buffer);
                inflateEnd(&stream);
                return Z_MEM_ERROR;
            }
            buffer = bigger;
            capacity = grown;
        }
        uInt chunk_in = remaining > 0x40000000u ? 0x40000000u : (uInt)remaining;
        size_t room = capacity - produced;
        uInt chunk_out = room > 0x40000000u ? 0x40000000u : (uInt)room;
        stream.next_in = (Bytef *)next_in;
        stream.avail_in = chunk_in;
        stream.next_out = buffer + produced;
        stream.avail_out = chunk_out;
        status = inflate(&stream, Z_NO_FLUSH);
        size_t consumed = chunk_in - stream.avail_in;
        next_in += consumed;
        remaining -= consumed;
        produced += chunk_out - stream.avail_out;
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
            free(buffer);
            inflateEnd(&stream);
            return status == Z_NEED_DICT ? Z_DATA_ERROR : status;
        }
    }
    inflateEnd(&stream);
    if (produced > max_len) {
        free(buffer);
        return -100;
    }
    *out = buffer;
    *out_len = produced;
    return 0;
}

void lectern_free(void *buffer) { free(buffer); }
