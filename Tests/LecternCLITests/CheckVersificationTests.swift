import Foundation
import LecternCLI
import TestSupport
import Testing

/// `check --versification` is honoured as `import --versification` is (issue 47): a Psalm 51 of 21 verses has
/// two too many in the English scheme and is right in the Original one, which counts the title as verse 1 (a
/// Psalter of one psalm also lacks chapters 1–50 and 52–150, in both schemes).
struct CheckVersificationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var scheme: String
        /// The warnings `check` and `import` give, `line:col [code]`.
        var warnings: [String]
        var testDescription: String { scheme }
    }

    /// PSA 51 with verses 1 to 21, one a line from line 4.
    static let psalm =
        "\\id PSA test\n\\c 51\n\\p\n" + (1...21).map { "\\v \($0) Verse \($0).\n" }.joined()

    static let cases = [
        Case(scheme: "english", warnings: ["2:1 [missing-chapter]", "2:1 [too-few-chapters]", "23:1 [too-many-verses]"]),
        Case(scheme: "original", warnings: ["2:1 [missing-chapter]", "2:1 [too-few-chapters]"]),
    ]

    /// `path:line:col: warning: … [code]` lines as `line:col [code]`, in order.
    static func warnings(_ standardError: String, path: String) -> [String] {
        standardError.split(separator: "\n").filter { $0.hasPrefix(path + ":") && $0.contains(": warning: ") }.map {
            line in
            let place = line.dropFirst(path.count + 1).prefix { $0 != " " }.dropLast()
            return "\(place) \(line.split(separator: " ").last ?? "")"
        }
    }

    @Test(arguments: cases)
    func checkAndImportCompareWithTheSchemeGiven(_ test: Case) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(Array(Self.psalm.utf8), to: "PSA.usfm")
        let library = StoreCommandsTests.TemporaryLibrary()
        let check = library.run(["check", "--versification", test.scheme, path])
        #expect(check.status == 0, "\(check)")
        #expect(Self.warnings(check.standardError, path: path) == test.warnings, "\(check.standardError)")
        if test.scheme == "english" {
            #expect(
                check.standardError.contains(
                    "PSA 51 has 19 verses in the English scheme; this file has 21 [too-many-verses]"))
        }
        let imported = library.run(["import", path, "--abbreviation", "PS", "--versification", test.scheme])
        #expect(imported.status == 0, "\(imported)")
        #expect(Self.warnings(imported.standardError, path: path) == test.warnings, "\(imported.standardError)")
    }
}
