import Foundation
import TestSupport
import Testing

import Lectern

/// Abbreviations the selector syntax cannot name (`--bible A,B` names two Bibles, `--bible all` every one, a
/// blank or a control character cannot be typed) are refused where they enter, through the built binary: as
/// `--abbreviation` (exit 64), from a bundle's metadata (exit 1), and by the library itself.
@Suite struct AbbreviationTests {
    @Test(arguments: [
        ("A,B", "an abbreviation must not hold a comma (--bible A,B names two Bibles)"),
        ("all", "an abbreviation must not be 'all' (--bible all names every Bible)"),
        ("ALL", "an abbreviation must not be 'all' (--bible all names every Bible)"),
        (" ", "an abbreviation must not start or end with white space"),
        (" WEB", "an abbreviation must not start or end with white space"),
        ("", "an abbreviation must not be empty"),
        ("12", "an abbreviation must not be a number (numbers are ids)"),
        ("W\u{1B}B", "an abbreviation must not hold a control character"),
    ])
    func anAbbreviationNoSelectorCanNameIsRefused(abbreviation: String, problem: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let result = try CLIRunner.runBinary(
            ["import", TestCorpus.sample("sample/usfm").path, "--abbreviation", abbreviation, "--library", folder.path])
        #expect(result.status == 64, "\(result)")
        #expect(result.standardError.hasPrefix("Error: option '--abbreviation': \(problem), not '"), "\(result)")
        #expect(Library.abbreviationProblem(abbreviation) == problem)
        let library = Library(directory: folder.path + "/direct")
        let metadata = VersionMetadata(id: 0, abbreviation: abbreviation, title: "T")
        #expect(throws: StoreError.invalidVersionName(problem)) {
            try library.add(books: [], metadata: metadata, id: nil, replace: false)
        }
    }

    @Test(arguments: ["WEB", "NIV 2011", "Reina-Valera", "한글", "a1"])
    func otherAbbreviationsAreTaken(abbreviation: String) {
        #expect(Library.abbreviationProblem(abbreviation) == nil)
    }

    @Test func aBundlesAbbreviationNoSelectorCanNameIsRefusedWithWhatToDo() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let bundle = folder.path + "/dbl"
        try FileManager.default.copyItem(atPath: TestCorpus.sample("bundles/dbl-sample").path, toPath: bundle)
        let path = bundle + "/metadata.xml"
        var xml = try String(contentsOfFile: path, encoding: .utf8)
        let local = try #require(xml.range(of: #"<abbreviationLocal>[^<]*</abbreviationLocal>"#, options: .regularExpression))
        xml.replaceSubrange(local, with: "<abbreviationLocal>A,B</abbreviationLocal>")
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try CLIRunner.runBinary(["import", bundle, "--library", folder.path + "/library"])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.standardError
                == "Error: the abbreviation 'A,B' the sources give cannot name a Bible: an abbreviation must not hold a "
                + "comma (--bible A,B names two Bibles); give one with --abbreviation\n", "\(result)")
        let given = try CLIRunner.runBinary(["import", bundle, "--abbreviation", "AB", "--library", folder.path + "/library"])
        #expect(given.status == 0, "\(given)")
    }
}
