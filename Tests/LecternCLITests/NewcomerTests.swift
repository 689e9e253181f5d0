import Foundation
import Lectern
import LecternCLI
import TestSupport
import Testing

/// What a new user meets on the sample: the first Bible becomes the default, counts read as English, one
/// language tag form, one reading of Psalm 151, and errors that say what to do. Each with the exact output.
@Suite struct NewcomerTests {
    static let sample = TestCorpus.sample("sample/usfm").path

    /// `text` with the import summary's seconds as `S`, the only part that changes from run to run.
    static func withoutSeconds(_ text: String) -> String {
        text.replacing(/\ in \d+\.\d\d s;/, with: " in S s;")
    }

    @Test("Counts of one are singular: 1 book, 1 chapter, 1 verse, chapter 1")
    func pluralsFollowTheCount() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.path + "/JUD.usfm"
        try Data("\\id JUD One verse\n\\c 1\n\\p\n\\v 1 Jude, a servant of Jesus Christ.\n".utf8)
            .write(to: URL(fileURLWithPath: file))
        let checked = try CLIRunner.runBinary(["check", file])
        #expect(checked.status == 0 && checked.standardError == "", "\(checked)")
        #expect(
            checked.standardOutput.replacing(/\(\d+\.\d\d s\)/, with: "(S s)")
                == "1 book, 1 chapter, 1 verse, 0 errors, 0 warnings, 0 notes (S s)\n")
        let library = StoreCommandsTests.TemporaryLibrary()
        let imported = library.run(["import", file, "--abbreviation", "ONE"])
        #expect(
            Self.withoutSeconds(imported.standardOutput).hasPrefix(
                "Imported ONE (id 1, One verse): 1 book, 1 chapter, 1 verse, 0 errors, 0 warnings in S s;"),
            "\(imported)")
        #expect(library.run(["books"]).standardOutput == "JUD  Jude  chapter 1\n")
        #expect(
            library.run(["import", Self.sample, "--abbreviation", "LSV"]).status == 0
                && library.run(["books", "-b", "LSV"]).standardOutput == """
                    GEN  Genesis  chapters 1–2
                    PSA  Psalms   chapters 3, 23
                    JHN  John     intro, chapters 1–2
                    TOB  Tobit    chapter 1

                    """)
    }
}
