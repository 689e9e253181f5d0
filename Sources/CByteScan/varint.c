// The loop of the one varint reader (see CVarint.h).
#include "CVarint.h"

__attribute__((noinline)) lectern_varint lectern_varint_read_long(const uint8_t *p, const uint8_t *end,
                                                                  int32_t max_bytes) {
    uint64_t result = 0;
    int shift = 0;
    if (max_bytes > 9) max_bytes = 9;
    for (int32_t read = 0; read < max_bytes; read++) {
        if (p >= end) return (lectern_varint){LECTERN_VARINT_PAST_END, NULL};
        uint8_t byte = *p++;
        result |= (uint64_t)(byte & 0x7F) << shift;
        if (byte < 0x80) return (lectern_varint){result, p};
        shift += 7;
    }
    return (lectern_varint){LECTERN_VARINT_TOO_LONG, NULL};
}
