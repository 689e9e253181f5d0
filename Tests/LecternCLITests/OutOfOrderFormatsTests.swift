import Foundation
import LecternCLI
import TestSupport
import Testing

/// The book of `OutOfOrderCommandsTests` (JHN verses 1, 2, 5, 3; chapters 1, 3, 2) written in USX and in USJ:
/// `check` gives the same codes at the same markers as for USFM, and `check --vref`, `books`, `next` and
/// `previous` take the one numeric order.
struct OutOfOrderFormatsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var format: String
        var text: String
        /// `line:col [code]` of each warning, in order.
        var warnings: [String]
        var testDescription: String { format }
    }

    static let usx = """
        <usx version="3.1">
        <book code="JHN" style="id">out of order</book>
        <chapter number="1" style="c"/>
        <para style="p">
        <verse number="1" style="v"/>One.
        <verse number="2" style="v"/>Two.
        <verse number="5" style="v"/>Five.
        <verse number="3" style="v"/>Three.
        </para>
        <chapter number="3" style="c"/>
        <para style="p">
        <verse number="1" style="v"/>Third chapter.
        </para>
        <chapter number="2" style="c"/>
        <para style="p">
        <verse number="1" style="v"/>Second chapter.
        </para>
        </usx>

        """

    static let usj = """
        {"type":"USJ","version":"3.1","content":[
        {"type":"book","marker":"id","code":"JHN","content":["out of order"]},
        {"type":"chapter","marker":"c","number":"1"},
        {"type":"para","marker":"p","content":[
        {"type":"verse","marker":"v","number":"1"},"One. ",
        {"type":"verse","marker":"v","number":"2"},"Two. ",
        {"type":"verse","marker":"v","number":"5"},"Five. ",
        {"type":"verse","marker":"v","number":"3"},"Three."]},
        {"type":"chapter","marker":"c","number":"3"},
        {"type":"para","marker":"p","content":[{"type":"verse","marker":"v","number":"1"},"Third chapter."]},
        {"type":"chapter","marker":"c","number":"2"},
        {"type":"para","marker":"p","content":[{"type":"verse","marker":"v","number":"1"},"Second chapter."]}
        ]}

        """

    static let cases = [
        Case(
            format: "usfm", text: OutOfOrderCommandsTests.source,
            warnings: ["6:1 [missing-verse]", "7:1 [verse-out-of-order]", "11:1 [chapter-out-of-order]"]),
        Case(
            format: "usx", text: usx,
            warnings: ["7:1 [missing-verse]", "8:1 [verse-out-of-order]", "14:1 [chapter-out-of-order]"]),
        Case(
            format: "usj", text: usj,
            warnings: ["7:1 [missing-verse]", "8:1 [verse-out-of-order]", "11:1 [chapter-out-of-order]"]),
    ]

    @Test(arguments: cases)
    func everyFormatGivesTheOneOrder(_ test: Case) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(Array(test.text.utf8), to: "JHN.\(test.format)")
        let library = StoreCommandsTests.TemporaryLibrary()

        let check = library.run(["check", "--vref", path])
        #expect(check.status == 0, "\(check)")
        #expect(check.standardOutput == OutOfOrderCommandsTests.vref)
        let warnings = check.standardError.split(separator: "\n").filter { $0.contains(": warning: ") }.map { line in
            let place = line.dropFirst(path.count + 1).prefix { $0 != " " }.dropLast()
            return "\(place) \(line.split(separator: " ").last ?? "")"
        }
        #expect(warnings == test.warnings, "\(check.standardError)")

        #expect(library.run(["import", path, "--abbreviation", "OOO"]).status == 0)
        #expect(library.run(["books"]).standardOutput == "JHN  John  chapters 1–3\n")
        #expect(library.run(["next", "JHN.1"]).standardOutput == "JHN.2\n")
        #expect(library.run(["next", "JHN.2"]).standardOutput == "JHN.3\n")
        #expect(library.run(["previous", "JHN.3"]).standardOutput == "JHN.2\n")
        #expect(library.run(["read", "JHN 1"]).standardOutput.contains("[1] One. [2] Two. [5] Five. [3] Three."))
    }
}
