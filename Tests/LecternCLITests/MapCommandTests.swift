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

    /// `map --help`'s examples run on the numbering samples (imported as ENG and HEB, their numbering detected)
    /// and print what their descriptions say.
    @Test(arguments: MapCommand.spec.examples.map(\.0))
    func theHelpsExamplesReproduce(example: String) throws {
        let library = StoreCommandsTests.TemporaryLibrary()
        for folder in ["english", "hebrew"] {
            #expect(library.run(["import", TestCorpus.sample("sample/numbering/\(folder)").path]).status == 0)
        }
        let description = try #require(MapCommand.spec.examples.first { $0.0 == example }?.1)
        let result = library.run(ReadmeTests.words(example))
        #expect(result.status == 0 && result.standardError == "", "\(result)")
        if example.hasSuffix("--json") {
            let json = try JSONNode.parse(result.standardOutput)
            let mapped = try #require(json["mapped"]?.array?.first?["id"]?.string)
            // `MAL.3.19-24` is `MAL 3:19-24`, which the description names first.
            let parts = mapped.split(separator: ".")
            let plain = parts.count == 3 ? "\(parts[0]) \(parts[1]):\(parts[2])" : mapped
            #expect(description.hasPrefix(plain), "\(description) against \(mapped)")
        } else {
            let printed = try #require(result.standardOutput.split(separator: "\n").first)
            #expect(description.hasPrefix(printed + ":"), "\(description) against \(printed)")
        }
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
