import CFuzzerDriver
import Foundation
import FuzzSupport
import Lectern
import FuzzTestSupport

// Fuzzes the search query parser and the search behind it: any text parses or gives an error placed inside
// it, and searching a real index with it gives hits or a query error (`FuzzProperties.query`).

/// The index searched: the sample version, and 3 John in Chinese and Korean when the corpus is there.
let index: SearchIndex = {
    do {
        return try FuzzProperties.searchIndex(of: VersionSource.parse(paths: FuzzProperties.queryBookPaths).books)
    } catch {
        Fuzz.require(["cannot build the index to search: \(error)"])
        exit(1)
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
    Fuzz.require(FuzzProperties.query(text, index: index))
    return 0
}

exit(lectern_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv, fuzzOneInput))
