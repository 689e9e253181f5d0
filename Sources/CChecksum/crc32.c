// CRC-32 (IEEE 802.3): zlib's crc32_z, which reads several words at a time (see CChecksum.h).
#include "CChecksum.h"

#include <zlib.h>

uint32_t lectern_crc32(uint32_t crc, const void *data, size_t length) {
    if (data == NULL || length == 0) return crc;
    return (uint32_t)crc32_z((uLong)crc, (const Bytef *)data, (z_size_t)length);
}
