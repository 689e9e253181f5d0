import Foundation
import LecternCLI
import TestSupport
import Testing

/// `lectern read` with a reference down to the word and character (U23003): the verse with the words marked, and
/// the errors of a word or character past the end, on the bundled sample (JHN 2:1 "The third day, there was a
/// wedding in Cana of Galilee.").
@Suite struct WordReadTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var reference: String
        var status: Int32 = 0
        var output: String = ""
        var error: String = ""
        var testDescription: String { reference }
    }

    static let cases = [
        Case(
            reference: "JHN 2:1!3-5",
            output: "John 2:1!3-5 (SMP)\n\n[1] The third **day, there was** a wedding in Cana of Galilee.\n"),
        Case(
            reference: "John 2:1!end",
            output: "John 2:1!end (SMP)\n\n[1] The third day, there was a wedding in Cana of **Galilee.**\n"),
        Case(
            reference: "JHN 2:1!2+1-2+3",
            output: "John 2:1!2+1-2+3 (SMP)\n\n[1] The **thi**rd day, there was a wedding in Cana of Galilee.\n"),
        Case(
            reference: "JHN 2:1!10-2!2",
            output: "John 2:1!10-2!2 (SMP)\n\n[1] The third day, there was a wedding in Cana **of Galilee.** "
                + "[2] **Jesus also** was invited.\n"),
        Case(
            reference: "JHN 2:1!12", status: 1,
            error: "Error: JHN 2:1!12: John 2:1 has 11 words in SMP; word 12 is past its end\n"),
        Case(
            reference: "JHN 2:1!2+6", status: 1,
            error: "Error: JHN 2:1!2+6: word 2 of John 2:1 in SMP ('third') has 5 characters (in NFD); character 6 "
                + "is past its end\n"),
        Case(
            reference: "JHN 2:1!0", status: 1, error: "Error: JHN 2:1!0: words count from 1; 'JHN 2:1!0' has word 0\n"),
        Case(
            reference: "JHN 2:9!1", status: 1,
            error: "Error: JHN 2:9!1: John 2 has no verse 9 in SMP; its verses are 1–7\n"),
        Case(reference: "ACT 1:1!1", status: 1, error: "Error: ACT 1:1!1: SMP has no book Acts (ACT)\n"),
    ]

    @Test(arguments: cases)
    func marksTheWords(_ test: Case) {
        let library = StoreCommandsTests.TemporaryLibrary()
        #expect(library.run(["import", StoreCommandsTests.sample, "--abbreviation", "SMP"]).status == 0)
        let result = library.run(["read", test.reference])
        #expect(result.status == test.status, "\(result)")
        #expect(result.standardOutput == test.output)
        #expect(result.standardError == test.error)
    }

    @Test func jsonGivesTheMarkedRanges() throws {
        let library = StoreCommandsTests.TemporaryLibrary()
        #expect(library.run(["import", StoreCommandsTests.sample, "--abbreviation", "SMP"]).status == 0)
        let result = library.run(["read", "JHN 2:1!3-5", "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        #expect(document?["words"] as? String == "JHN 2:1!3-5")
        let verses = document?["verses"] as? [[String: Any]]
        #expect(verses?.first?["marks"] as? [[Int]] == [[10, 24]])
    }
}
