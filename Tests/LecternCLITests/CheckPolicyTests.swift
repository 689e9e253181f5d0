import Foundation
import Lectern
import LecternCLI
import TestSupport
import Testing

/// `lectern check --strict`, `--deny CODE`, `--allow CODE` and the limit of 200 printed diagnostics a file.
@Suite struct CheckPolicyTests {
    /// A book with one unknown marker (a warning) and trailing spaces (a note), on line 4.
    static let book = "\\id GEN\n\\c 1\n\\p\n\\v 1 a \\xyz b  \n"

    struct Case: Sendable, CustomTestStringConvertible {
        var options: [String]
        var status: Int32
        /// Standard error, with `FILE` for the file's path.
        var standardError: String
        var testDescription: String { options.isEmpty ? "no options" : options.joined(separator: " ") }
    }

    static let warning = "FILE:4:8: warning: unknown marker \\xyz; check its spelling against USFM 3 [unknown-marker]\n"
    static let cases: [Case] = [
        Case(options: [], status: 0, standardError: warning),
        Case(
            options: ["--strict"], status: 1,
            standardError: warning.replacingOccurrences(of: "warning:", with: "error:")),
        Case(
            options: ["--deny", "unknown-marker"], status: 1,
            standardError: warning.replacingOccurrences(of: "warning:", with: "error:")),
        Case(options: ["--allow", "unknown-marker"], status: 0, standardError: ""),
        Case(options: ["--strict", "--allow", "unknown-marker"], status: 0, standardError: ""),
        Case(
            options: ["--deny", "trailing-spaces", "--allow", "unknown-marker"], status: 1,
            standardError:
                "FILE:4:14: error: lines end with spaces (1 line); they are insignificant and ignored [trailing-spaces]\n"
        ),
    ]

    @Test(arguments: cases)
    func policyChangesSeveritiesAndTheExitStatus(_ testCase: Case) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let file = try folder.write(Array(Self.book.utf8), to: "GEN.usfm")
        let result = CLIRunner.run(["check"] + testCase.options + [file])
        #expect(result.status == testCase.status, "\(result)")
        #expect(result.standardError == testCase.standardError.replacingOccurrences(of: "FILE", with: file))
    }

    @Test(arguments: [
        (
            ["--deny", "unclosed-nte"],
            "option '--deny': unknown diagnostic code 'unclosed-nte'; the nearest are unclosed-note"
        ),
        (["--allow", "xyz"], "option '--allow': unknown diagnostic code 'xyz'; the nearest are "),
        (
            ["--deny", "empty-file", "--allow", "empty-file"],
            "'empty-file' is given to both --deny and --allow; keep one"
        ),
    ])
    func anUnknownCodeIsAUsageErrorNamingTheNearest(options: [String], message: String) {
        let result = CLIRunner.run(["check"] + options + ["x.usfm"])
        #expect(result.status == 64, "\(result)")
        #expect(result.standardError.hasPrefix("Error: ") && result.standardError.contains(message), "\(result)")
    }

    @Test func beyondTwoHundredDiagnosticsAFileTheRestAreCounted() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let verses = (1...250).map { "\\v \($0) a \\xyz b\n" }.joined()
        let file = try folder.write(Array(("\\id GEN\n\\c 1\n\\p\n" + verses).utf8), to: "GEN.usfm")
        let other = try folder.write(Array(Self.book.replacingOccurrences(of: "GEN", with: "EXO").utf8), to: "EXO.usfm")
        let result = CLIRunner.run(["check", file, other])
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count { $0.hasPrefix(file + ":") } == 200)
        #expect(lines.last == "… and 50 more diagnostics in \(file)", "\(lines.suffix(3))")
        #expect(lines.count { $0.hasPrefix(other + ":") } == 1)
        #expect(result.standardOutput.contains("251 warnings"), "\(result.standardOutput)")
    }
}
