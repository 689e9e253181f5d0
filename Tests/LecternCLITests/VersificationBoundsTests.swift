import Foundation
import TestSupport
import Testing

/// Hostile `.vrs` files given to `import --versification`, through the built binary: ranges of a million
/// verses, too many mappings, a device, a FIFO and a file of 2 MB are refused in a sentence, quickly and
/// with nothing imported; never a signal.
@Suite struct VersificationBoundsTests {
    static let english = TestCorpus.packageRoot.appendingPathComponent("Sources/Versification/Resources/eng.vrs").path

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// Lines added after the English scheme's (nil: the file is made by `make`).
        var lines: String
        var message: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "50 exclusions of a million verses", lines: String(repeating: "-GEN 1:1-999999\n", count: 50),
            message: ":10: error: verse 1:999999 is past what a Bible holds; chapters go from 1 to 200 and verses from 0 "
                + "to 200 [malformed-mapping]"),
        Case(
            name: "a mapping of a million verses", lines: "&GEN 1:1-999999 = EXO 1:1-999999\n",
            message: ":10: error: verse 1:999999 is past what a Bible holds"),
        Case(
            name: "2,000 lines of 200 mapped verses", lines: String(repeating: "&PSA 1:1 = PSA 2:1-200\n", count: 2000),
            message: ":2: error: more than 50000 mapped verses; a scheme maps a few thousand"),
        Case(name: "a chapter of 999 verses", lines: "TOB 1:999\n", message: ":5: error: chapter 1 ends at verse 999"),
    ]

    @Test(arguments: cases)
    func aHostileSchemeIsRefused(_ test: Case) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let text = try String(contentsOfFile: Self.english, encoding: .utf8) + test.lines
        let path = try folder.write(Array(text.utf8), to: "hostile.vrs")
        let library = folder.path + "/library"
        let result = try CLIRunner.runBinary(
            ["import", TestCorpus.sample("sample/usfm").path, "--versification", path, "--library", library])
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.hasPrefix("Error: " + path + ":"), "\(result)")
        #expect(result.standardError.contains(test.message), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: library + "/versions"))
    }

    @Test(arguments: ["device", "fifo", "large"])
    func aFileThatIsNoSchemeFileIsRefusedUnread(_ kind: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path + "/scheme.vrs"
        switch kind {
        case "device": try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        case "fifo": #expect(mkfifo(path, 0o600) == 0)
        default: _ = try folder.write([UInt8](repeating: UInt8(ascii: "#"), count: 2 << 20), to: "scheme.vrs")
        }
        let result = try CLIRunner.runBinary(
            ["import", TestCorpus.sample("sample/usfm").path, "--versification", path, "--library", folder.path + "/l"])
        #expect(result.status == 1, "\(result)")
        let reason =
            kind == "large"
            ? "it is 2 MB; a .vrs file may be at most 1 MB (the standard ones are 12 and 19 KB)" : "it is not a regular file"
        #expect(result.standardError == "Error: cannot read \(path): \(reason)\n", "\(result)")
    }

    /// The English scheme saved by an editor that starts files with a UTF-8 byte order mark is read as it is.
    @Test func aSchemeWithAByteOrderMarkIsRead() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let text = try Data(contentsOf: URL(fileURLWithPath: Self.english))
        let path = try folder.write([0xEF, 0xBB, 0xBF] + Array(text), to: "bom.vrs")
        let result = try CLIRunner.runBinary(
            ["import", TestCorpus.sample("sample/usfm").path, "--versification", path, "--library", folder.path + "/l"])
        #expect(result.status == 0, "\(result)")
        // The sample's excerpts are compared with the scheme read (issue 47): GEN 1 has 3 of its 31 verses, and
        // so on. Nothing is said of the scheme itself.
        #expect(!result.standardError.contains("bom.vrs"), "\(result)")
        #expect(result.standardError.contains("GEN 1 has 31 verses in the English scheme; this file has 3"), "\(result)")
    }
}
