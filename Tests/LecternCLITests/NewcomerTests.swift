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

    /// What reading the USFM sample warns of on stderr: its Psalms are chapters 3 and 23 alone (the order
    /// pass reports the chapters missing before each).
    static let sampleWarnings = """
        \(sample)/02-PSA.usfm:8:1: warning: chapters PSA 1-2 are missing: the book starts at chapter 3 \
        [missing-chapter]
        \(sample)/02-PSA.usfm:14:1: warning: chapters PSA 4-22 are missing: the book goes from chapter 3 to \
        chapter 23 [missing-chapter]

        """

    // MARK: The default Bible

    @Test("The first Bible imported into an empty library becomes the default; import says so (binary)")
    func firstImportBecomesTheDefault() throws {
        let library = StoreCommandsTests.TemporaryLibrary()
        let first = try CLIRunner.runBinary(["import", Self.sample, "--library", library.path])
        #expect(
            Self.withoutSeconds(first.standardOutput) == """
                Imported LSV (id 1, Lectern sample version): 4 books, 7 chapters, 30 verses, 0 errors, 2 warnings \
                in S s; store 13 KB at \(library.path)/versions/1.lectern
                LSV is the default Bible; change it with 'lectern use'

                """)
        #expect(first.status == 0 && first.standardError == Self.sampleWarnings, "\(first)")
        let second = try CLIRunner.runBinary(
            ["import", TestCorpus.sample("sample/usx").path, "--abbreviation", "LSX", "--library", library.path])
        #expect(
            Self.withoutSeconds(second.standardOutput) == """
                Imported LSX (id 2, Lectern sample version): 4 books, 7 chapters, 30 verses, 0 errors, 2 warnings \
                in S s; store 13 KB at \(library.path)/versions/2.lectern

                """)
        // With two Bibles and nothing read, `read` uses the first one.
        let read = try CLIRunner.runBinary(["read", "John 2:1", "--library", library.path])
        #expect(
            read
                == CLIResult(
                    status: 0,
                    standardOutput: "John 2:1 (LSV)\n\n[1] The third day, there was a wedding in Cana of Galilee.\n",
                    standardError: ""))
        #expect(
            library.run(["use"]).standardOutput
                == "LSV (id 1, Lectern sample version), the default Bible; change it with 'lectern use'.\n")
    }

    @Test func importJSONSaysWhetherItMadeTheDefault() throws {
        let library = StoreCommandsTests.TemporaryLibrary()
        let first = try JSONNode.parse(library.run(["import", Self.sample, "--json"]).standardOutput)
        #expect(first["madeDefault"] == .bool(true))
        let second = try JSONNode.parse(
            library.run(["import", Self.sample, "--abbreviation", "TWO", "--json"]).standardOutput)
        #expect(second["madeDefault"] == .bool(false))
        // Emptied again, the library's next first Bible is the default again; a default set by hand is kept.
        #expect(library.run(["remove", "LSV"]).status == 0)
        #expect(library.run(["remove", "TWO"]).status == 0)
        let again = library.run(["import", Self.sample, "--abbreviation", "NEW"])
        #expect(again.standardOutput.hasSuffix("\nNEW is the default Bible; change it with 'lectern use'\n"), "\(again)")
        #expect(library.run(["import", Self.sample, "--abbreviation", "OTHER"]).status == 0)
        #expect(library.run(["use", "OTHER"]).status == 0)
        #expect(library.run(["search", "wedding"]).standardOutput.hasPrefix("wedding in OTHER: 1 verse"))
    }

    // MARK: Output

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
                // (One verse fits no scheme's counts: the unknown-versification note, shown with --verbose.)
                == "1 book, 1 chapter, 1 verse, 0 errors, 0 warnings, 1 note (S s)\n")
        let library = StoreCommandsTests.TemporaryLibrary()
        let imported = library.run(["import", file, "--abbreviation", "ONE"])
        #expect(
            Self.withoutSeconds(imported.standardOutput) == """
                Imported ONE (id 1, One verse): 1 book, 1 chapter, 1 verse, 0 errors, 0 warnings in S s; store 1 KB \
                at \(library.path)/versions/1.lectern
                ONE is the default Bible; change it with 'lectern use'

                """, "\(imported)")
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

    /// A Bible with Psalm 151 (the book PS2, one chapter), in the words of the World English Bible.
    static func psalm151Bible() throws -> TemporaryDirectory {
        let folder = TemporaryDirectory()
        let books = [
            "PSA.usfm": "\\id PSA Psalter sample (PSL)\n\\h Psalms\n\\c 150\n\\p\n\\v 1 Praise Yahweh!\n",
            "PS2.usfm": """
                \\id PS2 Psalter sample (PSL)
                \\h Psalm 151
                \\c 1
                \\d This Psalm is a genuine one of David, though extra.
                \\q1
                \\v 1 I was small among my brothers,
                \\q1
                \\v 2 My hands formed a musical instrument,

                """,
        ]
        for (name, text) in books {
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder.path + "/" + name))
        }
        return folder
    }

    @Test(
        "Psalm 151 is one passage however it is written: the book PS2, headed 'Psalm 151'",
        arguments: [
            ("Psalm 151", "Psalm 151"), ("Ps 151", "Psalm 151"), ("PSA.151", "Psalm 151"), ("PS2", "Psalm 151"),
            ("Psalm 151:2", "Psalm 151:2"), ("Ps 151:2", "Psalm 151:2"), ("PS2.1.2", "Psalm 151:2"),
            ("Psalm 151 1:2", "Psalm 151:2"),
        ])
    func psalm151ReadsAsOne(reference: String, heading: String) throws {
        let folder = try Self.psalm151Bible()
        defer { folder.remove() }
        let library = StoreCommandsTests.TemporaryLibrary()
        #expect(library.run(["import", folder.path]).status == 0)
        let read = library.run(["read", reference])
        let verse2 = "  [2] My hands formed a musical instrument,\n"
        let expected =
            heading.hasSuffix(":2")
            ? "\(heading) (PSL)\n\n\(verse2)"
            : "\(heading) (PSL)\n\nThis Psalm is a genuine one of David, though extra.\n\n"
                + "  [1] I was small among my brothers,\n\(verse2)"
        #expect(read == CLIResult(status: 0, standardOutput: expected, standardError: ""))
    }

    @Test("A Bible without Psalm 151 gives one error for both spellings")
    func psalm151MissingIsOneError() {
        let library = StoreCommandsTests.TemporaryLibrary()
        #expect(library.run(["import", Self.sample]).status == 0)
        for reference in ["Psalm 151", "Ps 151"] {
            #expect(
                library.run(["read", reference])
                    == CLIResult(
                        status: 1, standardOutput: "",
                        standardError:
                            "Error: \(reference): PSA has no chapter 151 in this version (it has 3, 23); did you mean "
                            + "PSA.23, PSA.3? (LSV)\n"))
        }
    }

    @Test("versions shows one canonical BCP 47 tag, whether the language came from a folder name or a bundle")
    func languageTagsAreCanonical() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let named = folder.path + "/eng-sample-usfm"
        try FileManager.default.copyItem(atPath: Self.sample, toPath: named)
        let library = StoreCommandsTests.TemporaryLibrary()
        #expect(library.run(["import", named, "--abbreviation", "FOLDER"]).status == 0)
        #expect(library.run(["import", TestCorpus.sample("bundles/dbl-sample").path]).status == 0)
        #expect(
            library.run(["versions"]).standardOutput == """
                   ID  ABBR    TITLE                       LANG  VRS       BOOKS  VERSES   SIZE
                *   1  FOLDER  Lectern sample version      en    original      4      30  13 KB
                    2  LDSL    Lectern DBL Sample (local)  en    original      2       4   2 KB
                    The World English Bible is in the public domain. Sample © 2026 Lectern & contributors.

                """)
    }

    // MARK: Errors

    @Test("An abbreviation already used says how to replace the Bible or keep both (binary)")
    func abbreviationClashSaysWhatToDo() throws {
        let library = StoreCommandsTests.TemporaryLibrary()
        #expect(library.run(["import", Self.sample]).status == 0)
        let clash = try CLIRunner.runBinary(["import", Self.sample, "--library", library.path])
        #expect(
            clash
                == CLIResult(
                    status: 1, standardOutput: "",
                    standardError: Self.sampleWarnings
                        + "Error: the abbreviation 'LSV' is already used by version 1; use --replace to replace it, "
                        + "or --abbreviation ABBR to keep both\n"))
    }

    @Test("An unknown Bible abbreviation gets a did-you-mean, as books and commands do")
    func unknownBibleSuggestsTheNearest() throws {
        let library = StoreCommandsTests.TemporaryLibrary()
        #expect(library.run(["import", Self.sample, "--abbreviation", "WEB"]).status == 0)
        #expect(library.run(["import", Self.sample, "--abbreviation", "WLC"]).status == 0)
        let typo = try CLIRunner.runBinary(["read", "-b", "WBE", "John 2:1", "--library", library.path])
        #expect(
            typo
                == CLIResult(
                    status: 1, standardOutput: "",
                    standardError: "Error: no Bible 'WBE' in the library; did you mean 'WEB'? It has WEB (1), WLC (2)\n"))
        #expect(
            library.run(["search", "x", "-b", "KJV"]).standardError
                == "Error: no Bible 'KJV' in the library; it has WEB (1), WLC (2)\n")
    }

    @Test(
        "AND without a word on each side is a query error with a caret, as an unclosed quote is",
        arguments: [
            ("faith AND", "column 7: AND needs a word or phrase on each side\n  faith AND\n        ^^^\n"),
            ("AND wine", "column 1: AND needs a word or phrase on each side\n  AND wine\n  ^^^\n"),
            ("wine AND OR water", "column 6: AND needs a word or phrase on each side\n  wine AND OR water\n       ^^^\n"),
        ])
    func danglingANDIsAnError(query: String, message: String) throws {
        let library = StoreCommandsTests.TemporaryLibrary()
        #expect(library.run(["import", Self.sample]).status == 0)
        let result = try CLIRunner.runBinary(["search", query, "--library", library.path])
        #expect(
            result
                == CLIResult(status: 1, standardOutput: "", standardError: "Error: cannot read the query: " + message))
        #expect(library.run(["search", "wedding AND Cana"]).status == 0, "AND between two words still works")
    }
}
