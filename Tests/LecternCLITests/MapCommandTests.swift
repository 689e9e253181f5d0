import Foundation
import LecternCLI
import TestSupport
import Testing

/// `lectern map`: the sample imported twice, once numbered like English Bibles and once like the Hebrew text.
@Suite struct MapCommandTests {
    /// Arguments after `map` and what `lectern` prints.
    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32 = 0
        var output: String = ""
        var error: String = ""
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases = [
        Case(arguments: ["PSA 3:1", "--from", "ENG", "--to", "HEB"], output: "PSA 3:2\n"),
        Case(arguments: ["PSA 3:1-8", "--from", "ENG", "--to", "HEB"], output: "PSA 3:2-9\n"),
        Case(arguments: ["PSA 3", "--from", "ENG", "--to", "HEB"], output: "PSA 3:1-9\n"),
        Case(arguments: ["PSA 3:1", "--from", "HEB", "--to", "ENG"], output: "PSA 3:0 (title)\n"),
        Case(arguments: ["PSA 3:9", "--from", "HEB", "--to", "ENG"], output: "PSA 3:8\n"),
        Case(arguments: ["PSA 23:1", "--from", "ENG", "--to", "HEB"], output: "PSA 23:1\n"),
        Case(arguments: ["PSA 3:1", "--from", "ENG", "--to", "ENG2"], output: "PSA 3:1\n"),
        Case(
            arguments: ["PSA 3:9", "--from", "ENG", "--to", "HEB"], status: 1,
            error: "Error: PSA 3:9 (ENG, english) has no verse in HEB (original)\n"),
        Case(arguments: ["PSA 3:1", "--from", "ENG"], status: 64),
    ]

    @Test(arguments: cases)
    func mapsBetweenNumberings(_ test: Case) {
        let library = StoreCommandsTests.TemporaryLibrary()
        let sample = TestCorpus.sample("sample/usfm").path
        #expect(library.run(["import", sample, "--abbreviation", "ENG", "--versification", "english"]).status == 0)
        #expect(library.run(["import", sample, "--abbreviation", "ENG2", "--versification", "english"]).status == 0)
        #expect(library.run(["import", sample, "--abbreviation", "HEB", "--versification", "original"]).status == 0)
        let result = library.run(["map"] + test.arguments)
        #expect(result.status == test.status, "\(result)")
        #expect(result.standardOutput == test.output)
        if !test.error.isEmpty { #expect(result.standardError == test.error) }
    }

    @Test func aSchemeThatIsNotOneIsAUsageError() {
        let library = StoreCommandsTests.TemporaryLibrary()
        let sample = TestCorpus.sample("sample/usfm").path
        let result = library.run(["import", sample, "--versification", "hebrew"])
        #expect(result.status == 64)
        #expect(
            result.standardError.hasPrefix(
                "Error: option '--versification': 'hebrew' is not english, original or a FILE.vrs"))
    }
}
