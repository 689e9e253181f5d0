#include "CMemory.h"

#include <limits.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int lectern_set_mmap_threshold(size_t threshold) {
#if defined(__GLIBC__)
    if (threshold > INT_MAX) threshold = INT_MAX;
    return mallopt(M_MMAP_THRESHOLD, (int)threshold) == 1 ? 1 : 0;
#else
    (void)threshold;
    return 0;
#endif
}
