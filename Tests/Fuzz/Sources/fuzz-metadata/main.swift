import CFuzzerDriver
import Foundation
import FuzzSupport
import FuzzTestSupport
import Lectern

// Fuzzes the readers of bundle metadata: each input is read both as a DBL `metadata.xml` (libxml2's stream)
// and as a Scripture Burrito `metadata.json` (Foundation's JSON, then the copyright's markup taken out), as an
// import reads them. Whatever the bytes: no crash, diagnostics inside the input, names of one line
// (`FuzzProperties.bundleMetadata`).

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    for path in ["metadata.xml", "metadata.json"] {
        let (metadata, _, diagnostics) = BundleMetadata.read(bytes, path: path)
        let names = [metadata?.title, metadata?.abbreviation, metadata?.language, metadata?.copyright]
        Fuzz.require(FuzzProperties.bundleMetadata(names: names, diagnostics: diagnostics, input: bytes))
    }
    return 0
}

exit(lectern_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv, fuzzOneInput))
