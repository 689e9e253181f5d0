import CFuzzerDriver
import Foundation
import FuzzSupport
import FuzzTestSupport

// Fuzzes the store reader: any bytes, as given and resealed so their header and checksums agree with them
// (which lets the fuzzer reach every decoder), open, verify and read with errors, never a crash; a file
// `verify` calls sound reads everything back (`FuzzProperties.storeReading`).

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    Fuzz.require(FuzzProperties.storeReading(Array(UnsafeRawBufferPointer(start: data, count: size))))
    return 0
}

exit(lectern_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv, fuzzOneInput))
