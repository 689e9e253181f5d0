import Foundation
import TestSupport
import Testing

/// The input of issue 42's attribute item, through the built binary: one paragraph of 200,000 words, each
/// with an attribute name of its own (3.9 MB; 17.7 s when names were found by a linear scan). Imported with
/// no diagnostic, and exported as USFM, every word comes back with its own name, in order. (Its time is
/// measured in the issue's note, not here.)
@Suite struct AttributeNameBoundsTests {
    @Test func twoHundredThousandDistinctNamesEachComeBackOnTheirWord() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let words = (0..<200_000).map { #"\w w|n\#($0)="v"\w*"# }.joined(separator: " ")
        let path = try folder.write(Array(("\\id GEN\n\\c 1\n\\p\n\\v 1 " + words + "\n").utf8), to: "names.usfm")
        let library = folder.path + "/library"
        let imported = try CLIRunner.runBinary(["import", path, "--abbreviation", "ATT", "--library", library])
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.standardOutput.contains("1 book, 1 chapter, 1 verse, 0 errors, 0 warnings"), "\(imported)")
        #expect(imported.standardError.isEmpty, "\(imported)")
        let exported = try CLIRunner.runBinary(
            ["export", "--bible", "ATT", "--format", "usfm", "--output", "-", "--library", library])
        #expect(exported.status == 0, "\(exported.status) \(exported.standardError)")
        let verse = exported.standardOutput.split(separator: "\n").first { $0.hasPrefix("\\p \\v 1 ") }
        #expect(verse.map { String($0.dropFirst(3)) } == "\\v 1 " + words)
    }
}
