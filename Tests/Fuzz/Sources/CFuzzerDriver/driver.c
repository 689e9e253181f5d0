#include "CFuzzerDriver.h"

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

int lectern_fuzz_run(int argc, char **argv, CFuzzerCallback callback) {
    return LLVMFuzzerRunDriver(&argc, &argv, callback);
}
