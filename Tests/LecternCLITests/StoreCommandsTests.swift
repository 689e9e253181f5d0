import Foundation
import Lectern
import LecternCLI
import TestSupport
import Testing

/// `lectern import`, `versions`, `read`, `export`, `verify` and `remove` on a temporary library.
@Suite struct StoreCommandsTests {
    /// A temporary library folder, deleted when the value goes away.
    final class TemporaryLibrary {
        let path: String

        /// A library path in `folder` (the temporary folder when nil), not made yet.
        init(under folder: String? = nil) {
            let folder = folder ?? FileManager.default.temporaryDirectory.path
            path = folder + "/lectern-cli-\(UUID().uuidString)"
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// Runs `lectern` in-process against this library (as if on a terminal with `terminal`).
        func run(_ arguments: [String], terminal: Bool = false) -> CLIResult {
            CLIRunner.run(arguments + ["--library", path], environment: ["HOME": path], terminal: terminal)
        }

        /// Every file below the library with its bytes.
        var files: [String: Data] { Self.files(below: path) }

        /// Every file below `path` with its bytes (folders are left out).
        static func files(below path: String) -> [String: Data] {
            let manager = FileManager.default
            let names = (manager.enumerator(atPath: path)?.allObjects as? [String]) ?? []
            var files: [String: Data] = [:]
            for name in names { files[name] = manager.contents(atPath: path + "/" + name) }
            return files
        }
    }

    static let sample = TestCorpus.sample("sample/usfm").path

    @Test func importListReadAndRemove() throws {
        let library = TemporaryLibrary()
        let imported = library.run(["import", Self.sample, "--abbreviation", "SMP", "--language", "en"])
        #expect(imported.status == 0, "\(imported)")
        #expect(
            imported.standardOutput.hasPrefix(
                "Imported SMP (id 1, Lectern sample version): 4 books, 7 chapters, 30 verses"))
        let listed = library.run(["versions"])
        #expect(listed.status == 0)
        #expect(
            listed.standardOutput.contains("   1  SMP   Lectern sample version  en    original      4      30"),
            "\(listed)")
        let read = library.run(["read", "JHN.1.1-4", "--bible", "smp"])
        #expect(read.status == 0, "\(read)")
        try GoldenFile.check(read.standardOutput, matches: "read-sample-JHN.1.1-4.txt")
        let chapter = library.run(["read", "John", "2"])
        try GoldenFile.check(chapter.standardOutput, matches: "read-sample-JHN.2.txt")
        let json = library.run(["read", "JHN 2:1", "--json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let verses = try #require(object["verses"] as? [[String: Any]])
        #expect(verses.count == 1)
        #expect(verses.first?["verse"] as? String == "1")
        #expect(verses.first?["text"] as? String == "The third day, there was a wedding in Cana of Galilee.")
        #expect(verses.first?["reference"] as? [String: String] == ["id": "JHN.2.1", "display": "John 2:1"])
        #expect(library.run(["remove", "SMP"]).status == 0)
        #expect(library.run(["versions"]).standardOutput.hasPrefix("No Bibles in "))
    }

    @Test func aStoreCopiedInUnderAnotherNameIsReadAndRemovedByItsName() throws {
        let library = TemporaryLibrary()
        #expect(library.run(["import", Self.sample, "--id", "1", "--abbreviation", "SMP"]).status == 0)
        let versions = library.path + "/versions/"
        try FileManager.default.copyItem(atPath: versions + "1.lectern", toPath: versions + "3.lectern")
        try FileManager.default.removeItem(atPath: versions + "1.lectern")
        let refused = library.run(["import", Self.sample, "--abbreviation", "T"])
        #expect(
            refused.status == 1 && refused.standardError.contains("\(versions)3.lectern holds version 1"), "\(refused)")
        let listed = library.run(["versions"])
        #expect(
            listed.status == 0
                && listed.standardOutput.contains("    warning: \(versions)3.lectern is version 3 by its name"),
            "\(listed)")
        #expect(library.run(["read", "JHN.1.1", "--bible", "smp"]).status == 0)
        #expect(Library(directory: library.path).readingState().lastVersion == 3)
        let removed = library.run(["remove", "SMP"])
        #expect(removed.status == 0 && removed.standardOutput == "Removed SMP (id 3).\n", "\(removed)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: versions) == [])
    }

    @Test func exportedVrefIsCheckVref() throws {
        let library = TemporaryLibrary()
        #expect(library.run(["import", Self.sample]).status == 0)
        let exported = library.run(["export", "--format", "vref"])
        let checked = CLIRunner.run(["check", "--vref", Self.sample])
        #expect(exported.status == 0)
        #expect(exported.standardOutput == checked.standardOutput)
        #expect(exported.standardOutput.contains("TOB 1:2-3\tA bridge: two verses given as one, keyed by its label.\n"))
    }

    @Test(arguments: ["usfm", "usx", "usj"])
    func exportImportsBackToTheSameVerses(_ format: String) throws {
        let library = TemporaryLibrary()
        let first = library.run(["import", Self.sample, "--abbreviation", "A"])
        #expect(first.status == 0)
        let folder = library.path + "-export"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let exported = library.run(["export", "--format", format, "--output", folder])
        #expect(exported.status == 0, "\(exported)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
                == ["001GEN", "019PSA", "043JHN", "067TOB"].map { $0 + "." + format } + ["metadata.json"])
        let again = library.run(["import", folder, "--abbreviation", "B"])
        // The export says what its source said (the sample's chapters are a sparse pick: `missing-chapter`), and
        // nothing more.
        func codes(_ text: String) -> [Substring] { text.split(separator: "\n").compactMap { $0.split(separator: " ").last } }
        #expect(again.status == 0 && codes(again.standardError) == codes(first.standardError), "\(again)")
        #expect(!again.standardError.contains("error:"))
        #expect(
            library.run(["export", "--format", "vref", "--bible", "B"]).standardOutput
                == library.run(["export", "--format", "vref", "--bible", "A"]).standardOutput)
    }

    @Test func usjExportNeedsAFolderAndBadUSJIsReportedAtItsPlace() throws {
        let library = TemporaryLibrary()
        #expect(library.run(["import", Self.sample]).status == 0)
        let toStdout = library.run(["export", "--format", "usj"])
        #expect(toStdout.status == 64, "\(toStdout)")
        #expect(toStdout.standardError.hasPrefix("Error: --format usj needs --output FOLDER"), "\(toStdout)")
        let bad = library.path + "-bad.usj"
        defer { try? FileManager.default.removeItem(atPath: bad) }
        try Data("{\"type\":\"USJ\",\"version\":\"3.1\",\n\"content\":[}".utf8).write(to: URL(fileURLWithPath: bad))
        let imported = library.run(["import", bad, "--abbreviation", "BAD"])
        #expect(imported.status == 1, "\(imported)")
        #expect(
            imported.standardError.contains("\(bad):2:12: error: malformed JSON: expected a value [malformed-json]"),
            "\(imported)")
    }

    @Test func jsonExportHoldsEveryBook() throws {
        let library = TemporaryLibrary()
        #expect(library.run(["import", TestCorpus.sample("sample/usx").path, "--abbreviation", "X"]).status == 0)
        let exported = library.run(["export", "--format", "json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(exported.standardOutput.utf8)) as? [String: Any])
        let books = try #require(object["books"] as? [[String: Any]])
        #expect(books.map { $0["book"] as? String } == ["GEN", "PSA", "JHN", "TOB"])
        #expect(object["schemaVersion"] as? Int == 1)
        #expect((object["bible"] as? [String: Any])?["abbreviation"] as? String == "X")
        #expect(object["sourceFormat"] as? String == "usx")
    }

    @Test func errorsInTheInputWriteNothing() throws {
        let library = TemporaryLibrary()
        let source = library.path + "-bad.usfm"
        defer { try? FileManager.default.removeItem(atPath: source) }
        try Data("\\id GEN\n\\c 1\n\\p\n\\v 1 Text.\n\\c x\n".utf8).write(to: URL(fileURLWithPath: source))
        let refused = library.run(["import", source])
        #expect(refused.status == 1)
        #expect(
            refused.standardError.contains("-bad.usfm:5:4: error: chapter number 'x' is not a positive whole number"))
        #expect(refused.standardError.contains("Error: 1 error in the input; nothing was imported"))
        #expect(library.files.isEmpty)
        let forced = library.run(["import", source, "--allow-errors", "--abbreviation", "BAD"])
        #expect(forced.status == 0, "\(forced)")
        #expect(library.run(["export", "--format", "vref"]).standardOutput == "GEN 1:1\tText.\n")
        // A path that cannot be read gives no book: --allow-errors would not help, so it is not offered.
        let missing = library.run(["import", library.path + "-missing", "--abbreviation", "NONE"])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("-missing: error: cannot read it: no such file or folder"))
        #expect(
            missing.standardError.contains(
                "Error: 1 error in the input and no book could be read; nothing was imported\n"),
            "\(missing)")
        #expect(library.run(["import", library.path + "-missing", "--allow-errors"]).status == 1)
    }

    @Test func replacingNeedsConsentAndAbbreviationsStayUnique() throws {
        let library = TemporaryLibrary()
        #expect(library.run(["import", Self.sample, "--abbreviation", "A"]).status == 0)
        let before = library.files
        let clash = library.run(["import", Self.sample, "--abbreviation", "a"])
        #expect(clash.status == 1 && clash.standardError.contains("'a' is already used by version 1"), "\(clash)")
        let exists = library.run(["import", Self.sample, "--id", "1", "--abbreviation", "B"])
        #expect(exists.status == 1 && exists.standardError.contains("version 1 already exists"), "\(exists)")
        #expect(library.files == before)
        #expect(library.run(["import", Self.sample, "--id", "1", "--abbreviation", "B", "--replace"]).status == 0)
        #expect(
            library.run(["import", Self.sample, "--abbreviation", "C", "--json"]).standardOutput.contains(
                "\"bible\":{\"id\":2,\"abbreviation\":\"C\""))
        #expect(library.run(["use", "--clear"]).status == 0)
        let ambiguous = library.run(["read", "JHN.1"])
        #expect(
            ambiguous
                == CLIResult(
                    status: 1, standardOutput: "",
                    standardError: "Error: 2 Bibles in the library and none chosen: B (1), C (2); pick one with "
                        + "--bible ABBR, or set a default with 'lectern use ABBR'\n"))
    }

    @Test("--replace without --id replaces the Bible with the same abbreviation, whatever its case")
    func replaceFindsTheBibleByItsAbbreviation() throws {
        let library = TemporaryLibrary()
        #expect(library.run(["import", Self.sample, "--abbreviation", "A"]).status == 0)
        #expect(library.run(["import", Self.sample, "--abbreviation", "B"]).status == 0)
        let again = library.run(["import", Self.sample, "--abbreviation", "b", "--replace"])
        #expect(again.status == 0 && again.standardOutput.hasPrefix("Imported b (id 2, "), "\(again)")
        let listed = library.run(["versions"]).standardOutput.split(separator: "\n").dropFirst()
        // (`*` marks A, the first Bible imported and so the default.)
        #expect(listed.map { $0.split(separator: " ").prefix(3).joined(separator: " ") } == ["* 1 A", "2 b Lectern"])
        let sampleAgain = library.run(["import", Self.sample, "--replace"])
        #expect(sampleAgain.status == 0 && sampleAgain.standardOutput.contains("(id 3, "), "\(sampleAgain)")
        #expect(library.run(["import", Self.sample, "--replace"]).standardOutput.contains("(id 3, "))
    }

    @Test func verifyNamesTheDamagedSection() throws {
        let library = TemporaryLibrary()
        #expect(library.run(["import", Self.sample]).status == 0)
        let sound = library.run(["verify"])
        #expect(sound.status == 0 && sound.standardOutput.hasSuffix("1.lectern: OK\n"), "\(sound)")
        let path = library.path + "/versions/1.lectern"
        let store = try VersionStore(path: path)
        let text = try #require(store.sections.first { $0.kind == .text })
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[text.offset + 5] ^= 0x20
        try bytes.write(to: URL(fileURLWithPath: path))
        let damaged = library.run(["verify"])
        #expect(damaged.status == 1)
        #expect(damaged.standardError.contains("the text section is damaged (checksum mismatch)"), "\(damaged)")
    }

    @Test func everyReadCommandFailsOnADamagedChapter() throws {
        let library = TemporaryLibrary()
        #expect(library.run(["import", Self.sample, "--abbreviation", "SMP"]).status == 0)
        let path = library.path + "/versions/1.lectern"
        let store = try VersionStore(path: path)
        let book = try #require(store.books.first { !$0.chapters.isEmpty })
        let chapter = try #require(book.chapters.first)
        let verse = try #require(try store.verses(book.id, chapter).first)
        let words: [Substring] = verse.text.split(whereSeparator: { (character: Character) in !character.isLetter })
        let word = String(try #require(words.max { $0.count < $1.count }))
        // One letter of the chapter's first verse changed, as a bad disk or a careless edit would.
        let text = try #require(store.sections.first { $0.kind == .text })
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let letter = try #require((text.offset..<(text.offset + 40)).first { (0x61...0x7A).contains(bytes[$0]) })
        bytes[letter] = bytes[letter] == 0x68 ? 0x6C : 0x68
        try bytes.write(to: URL(fileURLWithPath: path))
        let message =
            "Error: the Bible SMP (\(path)) is damaged (checksum mismatch in \(book.id.code) \(chapter)); run "
            + "'lectern verify' and import the Bible again\n"
        for arguments in [
            ["read", "\(book.id.code).\(chapter)"], ["search", word], ["export", "--format", "vref"], ["books"],
        ] {
            let result = library.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.standardError.hasSuffix(message), "\(arguments): \(result)")
            #expect(!result.standardOutput.contains(verse.text), "\(arguments) printed the damaged verse")
        }
    }

    @Test func versionsNoticesADamagedHeader() throws {
        let library = TemporaryLibrary()
        #expect(library.run(["import", Self.sample, "--abbreviation", "SMP"]).status == 0)
        let path = library.path + "/versions/1.lectern"
        let metadata = try #require(try VersionStore(path: path).sections.first { $0.kind == .metadata })
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[metadata.offset + metadata.length - 1] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: path))
        let result = library.run(["versions"])
        #expect(result.status == 1, "\(result)")
        #expect(
            (result.standardOutput + result.standardError).contains(
                "the metadata section is damaged (checksum mismatch)"),
            "\(result)")
    }

    struct UsageCase: Sendable, CustomStringConvertible {
        var arguments: [String]
        var message: String
        var description: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        UsageCase(arguments: ["import"], message: "give at least one file or folder"),
        UsageCase(
            arguments: ["import", "x", "--id", "0"],
            message: "option '--id' expects a number from 1 to 999999999, not '0'"),
        UsageCase(arguments: ["next"], message: "give a reference such as JHN.3"),
        UsageCase(arguments: ["export"], message: "give --format vref, usfm, usx, usj or json"),
        UsageCase(
            arguments: ["export", "--format", "pdf"],
            message: "option '--format' expects vref, usfm, usx, usj or json, not 'pdf'"),
        UsageCase(arguments: ["remove"], message: "give the id or abbreviation of one Bible"),
        UsageCase(arguments: ["versions", "extra"], message: "unexpected argument 'extra'; 'versions' takes none"),
    ])
    func usageErrors(_ test: UsageCase) {
        let library = TemporaryLibrary()
        let result = library.run(test.arguments)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: \(test.message)"), "\(result)")
        #expect(result.standardOutput == "")
    }

    @Test func anEmptyLibrarySaysSo() {
        let library = TemporaryLibrary()
        let read = library.run(["read", "JHN.3"])
        #expect(
            read.status == 1 && read.standardError.contains("has no Bibles; add one with 'lectern import PATH'"),
            "\(read)"
        )
        let remove = library.run(["remove", "7"])
        #expect(
            remove.status == 1
                && remove.standardError
                    == "Error: no Bible '7' in the library (it has none; add one with 'lectern import PATH')\n",
            "\(remove)")
    }
}
