import Foundation
import Lectern
import LecternCLI
import TestSupport
import Testing

/// `lectern search` on the bundled sample version in a temporary library.
@Suite struct SearchCommandTests {
    static let sample = TestCorpus.sample("sample/usfm").path

    @Test func searchesPrintsJSONAndRemembers() throws {
        let library = StoreCommandsTests.TemporaryLibrary()
        #expect(library.run(["import", Self.sample, "--abbreviation", "SMP"]).status == 0)
        let text = library.run(["search", "wedding"])
        #expect(text.status == 0, "\(text)")
        #expect(text.standardOutput.hasPrefix("wedding in SMP: 1 verse (page 1 of 1, canonical order)\nJHN 1\n"))
        #expect(text.standardOutput.contains("JHN 2:1  The third day, there was a wedding in Cana of Galilee."))
        let json = library.run(["search", "CANA", "--json", "--books", "JHN"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["total"] as? Int == 1)
        let hit = try #require((object["hits"] as? [[String: Any]])?.first)
        #expect(hit["reference"] as? [String: String] == ["id": "JHN.2.1", "display": "John 2:1"])
        #expect((object["bible"] as? [String: Any])?["abbreviation"] as? String == "SMP")
        #expect(hit["highlights"] as? [[Int]] == [[38, 42]])
        let none = library.run(["search", "wedding", "--testament", "ot"])
        #expect(none.status == 1, "no hits exit 1, as grep does")
        #expect(none.standardOutput.hasPrefix("wedding in SMP: 0 verses\n"))
        let recent = library.run(["search", "--recent"])
        #expect(recent.standardOutput == "wedding\nCANA\n")
    }

    @Test func aSearchThatCannotBeRememberedStillAnswers() throws {
        let library = StoreCommandsTests.TemporaryLibrary()
        #expect(library.run(["import", Self.sample, "--abbreviation", "SMP"]).status == 0)
        // A folder where the recent searches go: renaming the new list over it fails, even for root.
        let blocker = library.path + "/" + RecentSearches.fileName
        try FileManager.default.createDirectory(atPath: blocker + "/inside", withIntermediateDirectories: true)
        let result = library.run(["search", "wedding"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.hasPrefix("wedding in SMP: 1 verse"), "\(result)")
        #expect(result.standardError.hasPrefix("Warning: the search is not remembered: "), "\(result)")
    }

    @Test func errorsSayWhere() throws {
        let library = StoreCommandsTests.TemporaryLibrary()
        #expect(library.run(["import", Self.sample]).status == 0)
        let unclosed = library.run(["search", "love \"in the"])
        #expect(unclosed.status == 1)
        #expect(
            unclosed.standardError
                == "Error: cannot read the query: column 6: the quote is not closed\n  love \"in the\n       ^\n")
        #expect(library.run(["search", "x", "--order", "best"]).status == 64)
        #expect(library.run(["search", "x", "--books", "Genesys"]).status == 64)
        #expect(library.run(["search"]).status == 64)
        #expect(library.run(["verify"]).status == 0)
    }
}

/// `lectern search shepherd` as a process whose standard output is a pipe, as in `lectern search shepherd | cat`:
/// plain text as grep and ripgrep print it, whatever TERM says, unless colour is asked for with `--color always`
/// (which NO_COLOR does not override). The whole output, exactly.
@Suite struct SearchPipeOutputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var options: [String]
        var environment: [String: String] = [:]
        var colored: Bool
        var testDescription: String {
            (["search", "shepherd"] + options).joined(separator: " ")
                + environment.map { " \($0.key)=\($0.value)" }.sorted().joined()
        }
    }

    static let cases = [
        Case(options: [], colored: false),
        Case(options: [], environment: ["TERM": "xterm-256color"], colored: false),
        Case(options: ["--color", "never"], colored: false),
        Case(options: ["--color", "auto"], colored: false),
        Case(options: ["--color", "always"], colored: true),
        Case(options: ["--color=always"], environment: ["NO_COLOR": "1"], colored: true),
    ]

    @Test(arguments: cases)
    func pipedOutputIsPlainUnlessColourIsAsked(_ test: Case) throws {
        let library = StoreCommandsTests.TemporaryLibrary()
        #expect(library.run(["import", SearchCommandTests.sample]).status == 0)
        let result = try CLIRunner.runBinary(
            ["search", "shepherd", "--library", library.path] + test.options, environment: test.environment)
        let word = test.colored ? "\u{1B}[1;31mshepherd\u{1B}[0m" : "shepherd"
        #expect(
            result
                == CLIResult(
                    status: 0,
                    standardOutput: """
                        shepherd in LSV: 1 verse (page 1 of 1, canonical order)
                        PSA 1

                        PSA 23:1  Yahweh is my \(word); I shall lack nothing.

                        """,
                    standardError: ""))
    }
}
