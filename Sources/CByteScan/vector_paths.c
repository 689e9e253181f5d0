// Whether the byte scans take their AVX2 paths: the processor's answer, unless the scalar paths are forced
// (lectern_bytescan_force_scalar on the calling thread, or LECTERN_SCALAR_C=1 in the environment for the
// whole process), so that tests compare both paths on a machine that has both.
#include "CByteScan.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

// -1 not yet known, else 0 or 1: what the processor has.
static atomic_int processor_has_avx2 = -1;
// -1 not yet read from the environment, else 0 or 1.
static atomic_int forced_by_environment = -1;
// Forced on this thread (lectern_bytescan_force_scalar): a test's switch never reaches the scans other tests
// run at the same time on other threads.
static _Thread_local int forced_here = 0;

int32_t lectern_bytescan_uses_avx2(void) {
    if (forced_here) return 0;
    int forced = atomic_load_explicit(&forced_by_environment, memory_order_relaxed);
    if (forced < 0) {
        const char *value = getenv("LECTERN_SCALAR_C");
        forced = value != NULL && strcmp(value, "1") == 0 ? 1 : 0;
        atomic_store_explicit(&forced_by_environment, forced, memory_order_relaxed);
    }
    if (forced) return 0;
#if defined(__x86_64__)
    int answer = atomic_load_explicit(&processor_has_avx2, memory_order_relaxed);
    if (answer < 0) {
        answer = __builtin_cpu_supports("avx2") ? 1 : 0;
        atomic_store_explicit(&processor_has_avx2, answer, memory_order_relaxed);
    }
    return answer;
#else
    return 0;
#endif
}

int32_t lectern_bytescan_processor_has_avx2(void) {
#if defined(__x86_64__)
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

void lectern_bytescan_force_scalar(int32_t on) { forced_here = on ? 1 : 0; }
