import Foundation
import Lectern
import LecternTestSupport
import TestSupport
import Testing

/// Every Bible of the shared corpus, written as USX, validates against the committee's USX 3.1
/// schema (`spec/usx.rng`): one `xmllint --relaxng` run per folder over all its books, the folders side by side
/// (each run takes about 13 s of one core; in turn they were the last three minutes of the test run).
@Suite(
    .enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)),
    .enabled(if: Required.runs(RelaxNGCheck.isAvailable), Comment(rawValue: RelaxNGCheck.missingMessage)))
struct USXSchemaCorpusTests {
    /// Every folder of the corpus, USFM and USX sources alike.
    static let folders = [
        "cmn-cu89s-usfm", "eng-bsb-usfm", "eng-bsb-usx", "eng-web-usfm", "eng-web-usx", "eng-web-usx-usfmtc",
        "grc-nestle1904-usfm", "grc-ugnt-usx", "hbo-uhb-usx", "hbo-wlc-usfm", "kor-1910-usfm", "rus-synodal-usfm",
        "spa-rv1909-usfm", "vie-1934-usfm",
    ]

    @Test func theListNamesEveryCorpusFolder() throws {
        let entries = try FileManager.default.contentsOfDirectory(atPath: TestCorpus.root.path)
        let folders = entries.filter { entry in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: TestCorpus.folder(entry).path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        #expect(Set(folders) == Set(Self.folders))
    }

    @Test(arguments: folders)
    func everyBookWrittenAsUSXValidates(_ folder: String) throws {
        let parsed = CorpusParses.result(folder)
        #expect(parsed.books.count > 20, "\(folder): \(parsed.diagnostics.prefix(3))")
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var files: [String] = []
        for book in parsed.books {
            files.append("\(book.id.code).usx")
            _ = try directory.write(Array(USXWriter.write(book).utf8), to: files[files.count - 1])
        }
        let outcome = try RelaxNGCheck.validate(files, in: directory.path)
        #expect(outcome.failingFiles == [], "\(folder): \(outcome.summary())")
        #expect(outcome.status == 0, "\(folder): xmllint exited with \(outcome.status)\n\(outcome.summary())")
    }
}
