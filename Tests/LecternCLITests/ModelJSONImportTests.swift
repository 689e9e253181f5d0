import Foundation
import Lectern
import LecternCLI
import TestSupport
import Testing

/// `lectern import FILE.json` of what `lectern export --format json` wrote: the same Bible back, exactly.
@Suite struct ModelJSONImportTests {
    static let sample = TestCorpus.sample("sample/usfm").path

    /// The export with its `importedAt` value left out, the one thing a new import changes.
    static func withoutImportTime(_ text: String) -> String {
        text.replacing(/"importedAt":"[^"]*"/, with: #""importedAt":"""#)
    }

    /// The sample's missing-chapter warnings as an import of its export `file` prints them.
    static func sampleWarnings(_ file: String, columns: (Int, Int)) -> String {
        """
        \(file):1:\(columns.0): warning: chapters PSA 1-2 are missing: the book starts at chapter 3 [missing-chapter]
        \(file):1:\(columns.1): warning: chapters PSA 4-22 are missing: the book goes from chapter 3 to chapter 23 \
        [missing-chapter]

        """
    }

    @Test("An export imports back into another library and exports to the same bytes (binary)")
    func exportImportsBack() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let first = StoreCommandsTests.TemporaryLibrary()
        #expect(first.run(["import", Self.sample, "--language", "en", "--copyright", "Public domain."]).status == 0)
        let file = folder.path + "/lsv.json"
        #expect(first.run(["export", "--format", "json", "--output", file]).status == 0)

        let second = StoreCommandsTests.TemporaryLibrary()
        let imported = try CLIRunner.runBinary(["import", file, "--library", second.path])
        // The sample's two missing-chapter warnings, at their places in the one-line export.
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.standardError == Self.sampleWarnings(file, columns: (2609, 3515)))
        #expect(
            NewcomerTests.withoutSeconds(imported.standardOutput) == """
                Imported LSV (id 1, Lectern sample version): 4 books, 7 chapters, 30 verses, 0 errors, 2 warnings \
                in S s; store 13 KB at \(second.path)/versions/1.lectern
                LSV is the default Bible; change it with 'lectern use'

                """)
        let again = folder.path + "/again.json"
        #expect(second.run(["export", "--format", "json", "--output", again]).status == 0)
        let (before, after) = (
            try String(contentsOfFile: file, encoding: .utf8), try String(contentsOfFile: again, encoding: .utf8)
        )
        #expect(before.count > 10_000)
        #expect(Self.withoutImportTime(after) == Self.withoutImportTime(before), "the names and source format too")
        #expect(second.run(["read", "John 2:1-3"]) == first.run(["read", "John 2:1-3"]))
        #expect(second.run(["versions"]).standardOutput == first.run(["versions"]).standardOutput)
        // `check` reads it as it reads any source.
        let checked = try CLIRunner.runBinary(["check", file])
        #expect(
            checked.standardOutput.replacing(/\(\d+\.\d\d s\)/, with: "(S s)")
                // (The note: the sample's chapters are excerpts, so no scheme's counts fit; see `check --verbose`.)
                == "4 books, 7 chapters, 30 verses, 0 errors, 2 warnings, 1 note (S s)\n", "\(checked)")
    }

    @Test("A damaged export is an error at its file:line:col, and nothing is imported (binary)")
    func damagedExportSaysWhere() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let first = StoreCommandsTests.TemporaryLibrary()
        #expect(first.run(["import", Self.sample]).status == 0)
        let text = first.run(["export", "--format", "json"]).standardOutput
        // The first introduction paragraph's kind made wrong; the error points at that value.
        let wrong = try #require(text.range(of: #""marker":"ip","kind":"introduction""#))
        let damaged = text.replacingCharacters(in: wrong, with: #""marker":"ip","kind":"prose""#)
        let file = try folder.write(Array(damaged.utf8), to: "damaged.json")
        let second = StoreCommandsTests.TemporaryLibrary()
        let result = try CLIRunner.runBinary(["import", file, "--library", second.path])
        let column = text[..<wrong.lowerBound].unicodeScalars.count + #""marker":"ip","kind":"#.count + 1
        #expect(
            result
                == CLIResult(
                    status: 1, standardOutput: "",
                    standardError: Self.sampleWarnings(file, columns: (2598, 3504)) + """
                        \(file):1:\(column): error: kind 'prose' is not the marker ip's (introduction) \
                        [not-lectern-json]
                        Error: 1 error in the input; nothing was imported (fix them, or use --allow-errors)

                        """))
        #expect(StoreCommandsTests.TemporaryLibrary.files(below: second.path).isEmpty)
    }
}
