import Foundation
import ScriptureModel
import TestSupport
import Testing
import USFM

/// A session shares spans between the files of a version; every file must parse exactly as it does alone.
@Suite(.enabled(if: TestCorpus.isAvailable, Comment(rawValue: TestCorpus.missingMessage)))
struct USFMParseSessionTests {
    @Test(arguments: [
        ["eng-web-usfm/02-GENeng-web.usfm", "eng-web-usfm/70-MATeng-web.usfm", "eng-web-usfm/66-DAGeng-web.usfm"],
        ["eng-bsb-usfm/MAT.usfm", "eng-web-usfm/70-MATeng-web.usfm", "spa-rv1909-usfm/70-MATspaRV1909.usfm"],
    ])
    func filesParseThroughASessionExactlyAsAlone(paths: [String]) throws {
        let session = USFMParseSession()
        for path in paths {
            let bytes = try [UInt8](Data(contentsOf: TestCorpus.folder(path)))
            let alone = USFMParser.parse(bytes, path: path)
            let shared = bytes.withUnsafeBytes { USFMParser.parse($0, path: path, session: session) }
            #expect(shared.books == alone.books, "\(path)")
            #expect(shared.diagnostics == alone.diagnostics, "\(path)")
            #expect(!alone.books.isEmpty, "\(path) has a book")
        }
    }
}
