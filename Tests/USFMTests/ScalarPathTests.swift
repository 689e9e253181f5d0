import CByteScan
import Foundation
import ScriptureModel
import TestSupport
import Testing

@testable import USFM

/// The C byte scans have an AVX2 path and a scalar one (`lectern_bytescan_force_scalar` picks the scalar one
/// on the calling thread): a parse gives the same books and diagnostics either way, so each path is checked
/// against the other on a machine that has both. Without AVX2 only the scalar path exists; the tests say so
/// as a skip.
enum ScalarPaths {
    /// Records a skip (the test is cancelled with the reason) when the processor has no AVX2.
    static func skipWithoutAVX2() throws {
        guard lectern_bytescan_processor_has_avx2() != 0 else {
            try Test.cancel("this processor has no AVX2: only the scalar C paths run here")
        }
    }

    /// `body` run with the scalar paths forced on this thread.
    static func forced<T>(_ body: () throws -> T) rethrows -> T {
        lectern_bytescan_force_scalar(1)
        defer { lectern_bytescan_force_scalar(0) }
        return try body()
    }
}

struct ScalarPathTests {
    @Test func forcingTheScalarPathsHoldsOnThisThreadOnly() async throws {
        try ScalarPaths.skipWithoutAVX2()
        #expect(lectern_bytescan_uses_avx2() == 1)
        ScalarPaths.forced {
            #expect(lectern_bytescan_uses_avx2() == 0)
            #expect(lectern_usfm_word_runs_available() == 0)
            let other = Thread { #expect(lectern_bytescan_uses_avx2() == 1) }
            other.start()
            while !other.isFinished { usleep(1000) }
        }
        #expect(lectern_bytescan_uses_avx2() == 1)
    }

    /// A parse through the AVX2 paths (line starts, text runs, word runs) against one through the scalar paths.
    static func bothPaths(_ bytes: [UInt8], path: String) -> (vector: ParseResult, scalar: ParseResult) {
        let vector = bytes.withUnsafeBytes { USFMParser.parse($0, path: path, session: USFMParseSession()) }
        let scalar = ScalarPaths.forced {
            bytes.withUnsafeBytes { USFMParser.parse($0, path: path, session: USFMParseSession()) }
        }
        return (vector, scalar)
    }

    @Test(arguments: USFMWordRunTests.cases)
    func bothPathsBuildTheSame(verse: String) throws {
        try ScalarPaths.skipWithoutAVX2()
        let text = "\\id GEN\n\\c 1\n\\p\n\\v 1 \(verse)\n\\v 2 \(verse) \(verse)\n\\v 3 text\u{7} with a bell and é\n"
        let (vector, scalar) = Self.bothPaths(Array(text.utf8), path: "t.usfm")
        #expect(!vector.books.isEmpty)
        #expect(vector.books == scalar.books)
        #expect(vector.diagnostics == scalar.diagnostics)
    }

    /// The repository's samples, and every USFM file of the corpus when it is there (in CI it must be).
    @Test func everySampleAndCorpusFileBuildsTheSameOnBothPaths() throws {
        try ScalarPaths.skipWithoutAVX2()
        var files = try FileManager.default.contentsOfDirectory(atPath: TestCorpus.sample("sample/usfm").path)
            .map { TestCorpus.sample("sample/usfm/" + $0) }
        if Required.runs(TestCorpus.isAvailable) {
            for folder in try FileManager.default.contentsOfDirectory(atPath: TestCorpus.root.path) where folder.hasSuffix("-usfm") {
                files += try TestCorpus.files(in: folder, endingWith: ".usfm")
                files += try TestCorpus.files(in: folder, endingWith: ".usfm.gz")
            }
        }
        #expect(files.count >= 4)
        for file in files {
            let (vector, scalar) = Self.bothPaths(try TestCorpus.bytes(of: file), path: file.lastPathComponent)
            #expect(vector.books == scalar.books, "\(file.path)")
            #expect(vector.diagnostics == scalar.diagnostics, "\(file.path)")
        }
    }
}
