// CRC-32C, reflected polynomial 0x82F63B78, with the usual inversion before and after, so that
// lectern_crc32c(lectern_crc32c(0, a), b) is the checksum of a followed by b.
#include "CChecksum.h"

#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <nmmintrin.h>
#define LECTERN_X86 1
#endif

static uint32_t table[8][256];
static int table_ready;  // written once; a race writes the same values

static void build_table(void) {
    for (uint32_t byte = 0; byte < 256; byte++) {
        uint32_t crc = byte;
        for (int bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >> 1) ^ 0x82F63B78u : crc >> 1;
        table[0][byte] = crc;
    }
    for (uint32_t byte = 0; byte < 256; byte++) {
        for (int slice = 1; slice < 8; slice++) {
            uint32_t previous = table[slice - 1][byte];
            table[slice][byte] = (previous >> 8) ^ table[0][previous & 0xFF];
        }
    }
    __atomic_store_n(&table_ready, 1, __ATOMIC_RELEASE);
}

uint32_t lectern_crc32c_software(uint32_t crc, const void *data, size_t length) {
    if (!__atomic_load_n(&table_ready, __ATOMIC_ACQUIRE)) build_table();
    const uint8_t *bytes = data;
    crc = ~crc;
    while (length >= 8) {
        uint64_t word;
        memcpy(&word, bytes, 8);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        word = __builtin_bswap64(word);
#endif
        uint32_t low = (uint32_t)word ^ crc;
        uint32_t high = (uint32_t)(word >> 32);
        crc = table[7][low & 0xFF] ^ table[6][(low >> 8) & 0xFF] ^ table[5][(low >> 16) & 0xFF] ^
              table[4][low >> 24] ^ table[3][high & 0xFF] ^ table[2][(high >> 8) & 0xFF] ^
              table[1][(high >> 16) & 0xFF] ^ table[0][high >> 24];
        bytes += 8;
        length -= 8;
    }
    while (length--) crc = table[0][(crc ^ *bytes++) & 0xFF] ^ (crc >> 8);
    return ~crc;
}

#if LECTERN_X86
__attribute__((target("sse4.2"))) static uint32_t hardware(uint32_t crc, const void *data, size_t length) {
    const uint8_t *bytes = data;
    uint64_t value = ~crc;
    while (length >= 8) {
        uint64_t word;
        memcpy(&word, bytes, 8);
        value = _mm_crc32_u64(value, word);
        bytes += 8;
        length -= 8;
    }
    uint32_t small = (uint32_t)value;
    if (length >= 4) {
        uint32_t word;
        memcpy(&word, bytes, 4);
        small = _mm_crc32_u32(small, word);
        bytes += 4;
        length -= 4;
    }
    while (length--) small = _mm_crc32_u8(small, *bytes++);
    return ~small;
}
#endif

int lectern_crc32c_is_hardware(void) {
#if LECTERN_X86
    return __builtin_cpu_supports("sse4.2") ? 1 : 0;
#else
    return 0;
#endif
}

uint32_t lectern_crc32c(uint32_t crc, const void *data, size_t length) {
#if LECTERN_X86
    if (__builtin_cpu_supports("sse4.2")) return hardware(crc, data, length);
#endif
    return lectern_crc32c_software(crc, data, length);
}
