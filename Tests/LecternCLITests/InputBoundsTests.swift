import Foundation
import TestSupport
import Testing

/// Inputs past Lectern's bounds, run through the built binary: nesting deeper than the parsers build
/// and files larger than they read end with exit status 1 and a diagnostic, never with a signal.
@Suite struct InputBoundsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var command: String
        var verse: String
        /// The diagnostic's message and code, after `PATH:4:COLUMN: error: `.
        var message: String
        var testDescription: String { name }
    }

    static func repeated(_ piece: String, _ count: Int) -> String { String(repeating: piece, count: count) }

    static let keptText = "its text and the text of what opens inside it are kept in the style around them [nesting-too-deep]"

    static let cases: [Case] = [
        Case(
            name: "check, 30,000 nested \\+w", command: "check",
            verse: repeated("\\+w a", 30_000) + repeated("\\+w*", 30_000),
            message: "4:166: error: \\w is nested more than 32 styles and notes deep; " + keptText),
        Case(
            name: "check, 20,000 \\f + \\ft", command: "check", verse: repeated("\\f + \\ft x", 20_000),
            message: "4:166: error: \\f is nested more than 32 styles and notes deep; " + keptText),
        Case(
            name: "import, 1,000,000 nested \\+w", command: "import",
            verse: repeated("\\+w a", 1_000_000) + repeated("\\+w*", 1_000_000),
            message: "4:166: error: \\w is nested more than 32 styles and notes deep; " + keptText),
    ]

    @Test(arguments: cases)
    func deepNestingIsAnErrorNotASignal(_ test: Case) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(Array(("\\id GEN\n\\c 1\n\\p\n\\v 1 " + test.verse + "\n").utf8), to: "deep.usfm")
        let result = try CLIRunner.runBinary([test.command, path, "--library", folder.path + "/library"])
        #expect(result.status == 1, "\(result.status)")
        let output = result.standardOutput + result.standardError
        #expect(output.contains(path + ":" + test.message), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/library/versions"))
    }

    /// A sparse file of 300 MB (no disk space, nothing read): refused by its size before it is opened for reading.
    @Test(arguments: ["check", "import"])
    func aFileOverTheSizeLimitIsRefusedInASentence(_ command: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path + "/large.usfm"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 300 << 20)
        try handle.close()
        let result = try CLIRunner.runBinary([command, path, "--library", folder.path + "/library"])
        #expect(result.status == 1, "\(result)")
        #expect(
            (result.standardOutput + result.standardError).contains(
                path + ": error: the file is 300 MB; Lectern reads files of at most 256 MB [file-too-large]"),
            "\(result)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/library/versions"))
    }
}
