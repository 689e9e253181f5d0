import Foundation
import Lectern
import LecternCLI
import TestSupport
import Testing

/// A book whose chapters and verses are out of order: `check` warns, and `check --vref`, `import`, `books`,
/// `next`/`previous`, `read`, `search` and `export --format vref` all take chapters and verse numbers in one
/// numeric order, while the chapter's text keeps the source's order.
struct OutOfOrderCommandsTests {
    /// JHN with verses 1, 2, 5, 3 in chapter 1 and chapters 1, 3, 2.
    static let source = """
        \\id JHN out of order
        \\c 1
        \\p
        \\v 1 One.
        \\v 2 Two.
        \\v 5 Five.
        \\v 3 Three.
        \\c 3
        \\p
        \\v 1 Third chapter.
        \\c 2
        \\p
        \\v 1 Second chapter.

        """

    static let vref = """
        JHN 1:1\tOne.
        JHN 1:2\tTwo.
        JHN 1:3\tThree.
        JHN 1:5\tFive.
        JHN 2:1\tSecond chapter.
        JHN 3:1\tThird chapter.

        """

    @Test func everyCommandAgreesOnTheOrder() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(Array(Self.source.utf8), to: "JHN.usfm")
        let library = StoreCommandsTests.TemporaryLibrary()

        let strict = library.run(["check", "--strict", "--verbose", path])
        #expect(strict.status == 1, "\(strict)")
        #expect(
            strict.standardError.split(separator: "\n").map { $0.split(separator: " ").last ?? "" } == [
                "[missing-verse]", "[verse-out-of-order]", "[chapter-out-of-order]", "[unknown-versification]",
            ])
        let check = library.run(["check", "--vref", path])
        #expect(check.status == 0)
        #expect(check.standardOutput == Self.vref)

        let imported = library.run(["import", path, "--abbreviation", "OOO"])
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.standardError.contains("[chapter-out-of-order]"))
        #expect(library.run(["books"]).standardOutput == "JHN  John  chapters 1–3\n")
        #expect(library.run(["next", "JHN.1"]).standardOutput == "JHN.2\n")
        #expect(library.run(["next", "JHN.2"]).standardOutput == "JHN.3\n")
        #expect(library.run(["previous", "JHN.3"]).standardOutput == "JHN.2\n")
        #expect(library.run(["previous", "JHN.2"]).standardOutput == "JHN.1\n")
        #expect(library.run(["verify"]).status == 0)

        let exported = folder.path + "/out.vref"
        #expect(library.run(["export", "--format", "vref", "--output", exported]).status == 0)
        #expect(try String(contentsOfFile: exported, encoding: .utf8) == Self.vref)
        // The verse table in numeric order: a range and a search; the chapter as the source has it.
        #expect(library.run(["read", "JHN 1:2-3"]).standardOutput.contains("[2] Two. [3] Three."))
        let search = library.run(["search", "One OR Three OR Five", "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(search.standardOutput.utf8)) as? [String: Any]
        let hits = (document?["hits"] as? [[String: Any]])?.compactMap {
            ($0["reference"] as? [String: Any])?["id"] as? String
        }
        #expect(hits == ["JHN.1.1", "JHN.1.3", "JHN.1.5"], "\(search.standardOutput)")
        #expect(library.run(["read", "JHN 1"]).standardOutput.contains("[1] One. [2] Two. [5] Five. [3] Three."))
    }
}
