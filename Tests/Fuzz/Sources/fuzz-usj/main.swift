import CFuzzerDriver
import Foundation
import FuzzSupport
import FuzzTestSupport
import Lectern

// Fuzzes the USJ reader (the JSON reader, then the builder USJ shares with USX): any bytes parse without a
// crash into books and diagnostics that point into the input, and whatever parses stores and reads back the
// same verse text (`FuzzProperties`).

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    let result = USJParser.parse(Array(input), path: "fuzz.usj")
    Fuzz.require(FuzzProperties.diagnostics(result.diagnostics, input: input))
    Fuzz.require(FuzzProperties.storeRoundTrip(result.books))
    return 0
}

exit(lectern_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv, fuzzOneInput))
