import CFuzzerDriver
import Foundation
import FuzzSupport
import Lectern
import FuzzTestSupport

// Fuzzes the reference parser with English names and with real versions' names in other scripts. A
// reference that parses reads back the same from its id (`FuzzProperties.referenceRoundTrip`), and
// resolving, validating and stepping from it in the bundled sample version must not crash.

/// The chapter sequence of the sample version in `Corpus/sample/usfm`.
let sample: ChapterSequence = {
    let folder = TestCorpus.sample("sample/usfm").path
    let books = VersionSource.parse(paths: [folder]).books
    Fuzz.require(books.isEmpty ? ["the sample version is missing at \(folder)"] : [])
    return ChapterSequence(VersionOutline(parsed: books))
}()

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
    for names in [BookNameIndex.english, FuzzProperties.versionNames] {
        Fuzz.require(FuzzProperties.referenceRoundTrip(text, names: names))
        guard let reference = try? ReferenceParser.parse(text, names: names) else { continue }
        _ = sample.resolve(reference, version: 1)
        _ = try? sample.validate(reference)
        _ = sample.next(after: reference)
        _ = sample.previous(before: reference)
    }
    return 0
}

exit(lectern_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv, fuzzOneInput))
