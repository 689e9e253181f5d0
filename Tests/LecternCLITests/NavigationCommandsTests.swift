import Foundation
import Lectern
import LecternCLI
import TestSupport
import Testing

/// `lectern next`, `previous`, `books` and `read` remembering the last passage, on the bundled sample.
@Suite struct NavigationCommandsTests {
    typealias TemporaryLibrary = StoreCommandsTests.TemporaryLibrary

    static func sampleLibrary() -> TemporaryLibrary {
        let library = TemporaryLibrary()
        let imported = library.run(["import", StoreCommandsTests.sample, "--abbreviation", "SMP"])
        #expect(imported.status == 0, "\(imported)")
        return library
    }

    @Test(arguments: [
        (["next", "GEN.1"], "GEN.2\n", Int32(0)),
        (["next", "GEN 2"], "PSA.3\n", 0),
        (["next", "Psalm 3"], "PSA.23\n", 0),
        (["next", "PSA.23"], "JHN.INTRO\n", 0),
        (["next", "JHN.INTRO"], "JHN.1\n", 0),
        (["next", "JHN 1:5"], "JHN.2\n", 0),
        (["previous", "JHN.1"], "JHN.INTRO\n", 0),
        (["previous", "PSA.3"], "GEN.2\n", 0),
        (["next", "TOB.1"], "", 2),
        (["previous", "GEN.1"], "", 2),
    ])
    func neighboursAndTheEndsOfTheBible(arguments: [String], output: String, status: Int32) {
        let library = Self.sampleLibrary()
        let result = library.run(arguments)
        #expect(result.status == status, "\(result)")
        #expect(result.standardOutput == output)
        #expect(result.standardError.isEmpty)
    }

    /// At the ends a script gets only the exit status; a person on a terminal is told why nothing was printed.
    @Test func theEndsAreSaidOnATerminal() {
        let library = Self.sampleLibrary()
        for (arguments, note) in [
            (["previous", "Gen 1:3"], "GEN.1 is the first page of SMP\n"),
            (["next", "TOB 1"], "TOB.1 is the last page of SMP\n"),
        ] {
            let result = library.run(arguments, terminal: true)
            #expect(result.status == 2 && result.standardOutput.isEmpty, "\(result)")
            #expect(result.standardError == note)
        }
    }

    @Test func unknownChaptersNameTheNearestOnes() {
        let library = Self.sampleLibrary()
        let result = library.run(["next", "PSA.4"])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "Error: PSA.4: PSA has no chapter 4 in this version (it has 3, 23); did you mean PSA.3, PSA.23? (SMP)\n"
        )
    }

    @Test func booksListsNamesAndSparseChapters() throws {
        let library = Self.sampleLibrary()
        let text = library.run(["books"])
        #expect(text.status == 0)
        #expect(
            text.standardOutput == """
                GEN  Genesis  chapters 1–2
                PSA  Psalms   chapters 3, 23
                JHN  John     intro, chapters 1–2
                TOB  Tobit    chapter 1

                """)
        let json = library.run(["books", "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        #expect((document?["bible"] as? [String: Any])?["id"] as? Int == 1)
        let books = document?["books"] as? [[String: Any]]
        #expect(books?.map { $0["code"] as? String } == ["GEN", "PSA", "JHN", "TOB"])
        #expect(books?[1]["chapters"] as? [Int] == [3, 23])
        #expect(books?[2]["introduction"] as? Bool == true)
    }

    @Test func readRemembersThePassageAndReadWithoutAReferenceReopensIt() {
        let library = Self.sampleLibrary()
        let first = library.run(["read"])
        #expect(first.status == 0, "\(first)")
        #expect(
            first.standardOutput.hasPrefix("Genesis 1 (SMP)\n"), "nothing saved: the first chapter of the first book")
        let chosen = library.run(["read", "John 2:3-4"])
        #expect(chosen.standardOutput.hasPrefix("John 2:3-4 (SMP)\n"))
        let reopened = library.run(["read"])
        #expect(reopened.standardOutput == chosen.standardOutput)
        let state = library.run(["read", "JHN.INTRO"])
        #expect(state.standardOutput.hasPrefix("John (introduction) (SMP)\n"))
        #expect(library.run(["read"]).standardOutput == state.standardOutput)
    }

    @Test func aDamagedReadingStateFallsBackToTheFirstChapter() throws {
        let library = Self.sampleLibrary()
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: library.path + "/reading-state.json"))
        let result = library.run(["read"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("Genesis 1 (SMP)\n"))
    }
}
