#ifndef C_FUZZER_DRIVER_H
#define C_FUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// One fuzz input; returns 0 (libFuzzer's contract). A crash or a sanitizer report is a finding.
typedef int (*CFuzzerCallback)(const uint8_t *data, size_t size);

/// Runs libFuzzer on `callback` with the command line's libFuzzer flags (`LLVMFuzzerRunDriver`, from the
/// runtime that `-sanitize=fuzzer` links). SwiftPM renames an executable's `main`, so each target calls this
/// from its own `main.swift` instead of linking libFuzzer's `main`.
int lectern_fuzz_run(int argc, char **argv, CFuzzerCallback callback);

#endif
