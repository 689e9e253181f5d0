import CFuzzerDriver
import Foundation
import FuzzSupport
import FuzzTestSupport
import Lectern

// Fuzzes the `.vrs` reader (Paratext versification files, given to `import --versification`): whatever the
// bytes, no crash, diagnostics inside the input, a scheme within what a Bible holds, and its verses map to
// Original and back onto verses the schemes number (`FuzzProperties.versification`).

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    Fuzz.require(FuzzProperties.versification(Array(UnsafeRawBufferPointer(start: data, count: size))))
    return 0
}

exit(lectern_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv, fuzzOneInput))
