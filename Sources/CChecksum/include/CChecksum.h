// CRC-32C (Castagnoli), the checksum of a store's chapters and search index blocks. Plain C types only.
#pragma once
#include <stddef.h>
#include <stdint.h>

/// Continues the CRC-32C `crc` (0 to start) over `length` bytes at `data` and returns it; chaining calls
/// gives the checksum of the bytes one after another. Uses the SSE4.2 `crc32` instruction
/// (`_mm_crc32_u64`) when the processor has it (checked at run time), else a slicing-by-8 table.
uint32_t lectern_crc32c(uint32_t crc, const void *data, size_t length);

/// The same checksum, always computed with the table (for tests that compare the two ways).
uint32_t lectern_crc32c_software(uint32_t crc, const void *data, size_t length);

/// 1 when `lectern_crc32c` uses the processor's instruction, 0 when it uses the table.
int lectern_crc32c_is_hardware(void);

/// Continues the CRC-32 (IEEE 802.3, zlib's and PNG's) `crc` (0 to start) over `length` bytes at `data`
/// and returns it, as `lectern_crc32c` chains: zlib's `crc32_z`, several bytes a step.
uint32_t lectern_crc32(uint32_t crc, const void *data, size_t length);
