import CFuzzerDriver
import Foundation
import FuzzSupport
import Lectern
import FuzzTestSupport

// Fuzzes the USX parser (libxml2 SAX2 underneath): any bytes parse without a crash into books and diagnostics that point into the
// input, and whatever parses stores and reads back the same verse text (`FuzzProperties`).

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    let result = USXParser.parse(input, path: "fuzz.usx")
    Fuzz.require(FuzzProperties.diagnostics(result.diagnostics, input: input))
    Fuzz.require(FuzzProperties.storeRoundTrip(result.books))
    return 0
}

exit(lectern_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv, fuzzOneInput))
