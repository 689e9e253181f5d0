// The C library's allocator settings the `lectern` command uses (plain C types only).
#pragma once
#include <stddef.h>

/// Makes the C library map every block of `threshold` bytes or more on its own, so that freeing it gives its
/// memory straight back to the system, and keeps that threshold (glibc: `M_MMAP_THRESHOLD`; by default glibc
/// raises it, to 32 MB at most, each time such a block is freed, and then keeps large freed blocks in the
/// heap). Returns 1 when the setting took, 0 where there is no such setting.
int lectern_set_mmap_threshold(size_t threshold);
