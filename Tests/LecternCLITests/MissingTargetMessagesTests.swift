import Foundation
import LecternCLI
import TestSupport
import Testing

/// What `read`, `map` and `import` say when the Bible lacks what is asked of it or a file cannot be read (issue
/// 47): the book or chapter the target lacks, by name; no line and column for a file that was never read.
@Suite struct MissingTargetMessagesTests {
    /// A library holding the sample (`SMP`, numbered like English Bibles) and a Bible of Genesis 1 and Daniel 1,
    /// 2 and 8 (`PART`, like WLC's Daniel without its Aramaic chapters).
    static func library() throws -> (StoreCommandsTests.TemporaryLibrary, TemporaryDirectory) {
        let library = StoreCommandsTests.TemporaryLibrary()
        let folder = TemporaryDirectory()
        let sample = TestCorpus.sample("sample/usfm").path
        #expect(library.run(["import", sample, "--abbreviation", "SMP", "--versification", "english"]).status == 0)
        let daniel = (1...2).map { "\\c \($0)\n\\p\n\\v 1 a\n" }.joined() + "\\c 8\n\\p\n\\v 1 b\n"
        _ = try folder.write(Array("\\id GEN\n\\c 1\n\\p\n\\v 1 In the beginning.\n".utf8), to: "GEN.usfm")
        _ = try folder.write(Array(("\\id DAN\n" + daniel).utf8), to: "DAN.usfm")
        let imported = library.run(["import", folder.path, "--abbreviation", "PART", "--versification", "original"])
        #expect(imported.status == 0, "\(imported)")
        return (library, folder)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var error: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases = [
        Case(arguments: ["read", "John 3:16", "-b", "PART"], error: "Error: John 3:16: PART has no book John (JHN)\n"),
        Case(arguments: ["read", "JHN 3", "-b", "PART"], error: "Error: JHN 3: PART has no book John (JHN)\n"),
        Case(
            arguments: ["read", "Jhon 3:16", "-b", "PART"],
            error: "Error: Jhon 3:16: unknown book 'Jhon'; did you mean GEN (GEN), DAN (DAN)? (PART)\n"),
        Case(
            arguments: ["map", "PSA 3:1", "--from", "SMP", "--to", "PART"],
            error: "Error: PART has no book Psalms (PSA) to map onto\n"),
        Case(
            arguments: ["map", "DAN 5:1", "--from", "PART", "--to", "PART"],
            error: "Error: PART has no chapter DAN 5 to map onto; its chapters of DAN are 1–2, 8\n"),
    ]

    @Test(arguments: cases)
    func theTargetsLackIsNamed(_ test: Case) throws {
        let (library, folder) = try Self.library()
        defer { folder.remove() }
        let result = library.run(test.arguments)
        #expect(result.status == 1, "\(result)")
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == test.error)
    }

    @Test func aFileThatCannotBeReadHasNoLineAndColumn() {
        let library = StoreCommandsTests.TemporaryLibrary()
        let missing = "/nonexistent-\(UUID().uuidString)/path"
        for command in ["import", "check"] {
            let result = library.run([command, missing])
            #expect(result.status == 1, "\(result)")
            #expect(
                result.standardError.hasPrefix(
                    "\(missing): error: cannot read it: no such file or folder [unreadable-file]\n"), "\(result)")
        }
    }
}
