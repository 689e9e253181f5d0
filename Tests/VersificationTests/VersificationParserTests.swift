import Foundation
import ScriptureModel
import TestSupport
import Testing

@testable import Versification

/// A small `.vrs` text and the first diagnostic it should give.
struct ParserCase: CustomTestStringConvertible, Sendable {
    let text: String
    let expected: String
    var testDescription: String { expected }
}

private let parserCases: [ParserCase] = [
    ParserCase(text: "GEN 1:31 3:25\n", expected: "t.vrs:1:10: error: chapter 3 where chapter 2 was expected"),
    ParserCase(text: "XYZ 1:31\n", expected: "t.vrs:1:1: error: unknown book code `XYZ`"),
    ParserCase(
        text: "GEN 1:31\nGEN 1:x = GEN 1:2\n", expected: "t.vrs:2:5: error: expected `chapter:verse`, such as `51:3`"),
    ParserCase(
        text: "GEN 1:31 2:25\nGEN 1:30-2:1 = GEN 1:30-31\n",
        expected: "t.vrs:2:10: error: a range must not span a chapter (`4:10-5:11`); split it in two"),
    ParserCase(
        text: "GEN 1:31\nGEN 1:1-3 = GEN 1:1-2\n",
        expected: "t.vrs:2:1: error: the ranges have 3 and 2 verses; write `&` before the line to allow it"),
    ParserCase(
        text: "GEN 1:31\nEXO 1:1 GEN 1:2\n", expected: "t.vrs:2:9: error: expected `chapter:last-verse`, such as `3:24`"
    ),
    ParserCase(
        text: "GEN 1:31\nGEN 1:1 = GEN 1:2 x\n", expected: "t.vrs:2:19: error: unexpected text after the mapping"),
    ParserCase(
        text: "GEN 1:31\nGEN 1:30\n",
        expected: "t.vrs:2:1: warning: GEN is already listed on line 1; this line replaces it"),
    ParserCase(text: "# nothing\n", expected: "t.vrs:1:1: error: no book lines (`GEN 1:31 2:25 …`)"),
]

@Test(arguments: parserCases)
func reportsProblemsWithTheirPlace(_ test: ParserCase) {
    let result = VersificationParser.parse(test.text, file: "t.vrs")
    // The message and place, without the code that ends the printed line (`[malformed-mapping]`).
    let first = result.diagnostics.first
    #expect(first.map { "\($0.location): \($0.severity.rawValue): \($0.message)" } == test.expected)
    #expect(result.hasErrors == test.expected.contains(": error: "))
}

@Test func readsBooksMappingsTitlesAndCRLF() {
    let text = "# Versification  \"Mine\" \r\nPSA 1:6 2:12 3:8\r\nPSA 3:0-8 = PSA 3:1-9 # titles\r\n-PSA 1:6\r\n"
    let result = VersificationParser.parse(text, file: "mine.vrs")
    #expect(result.diagnostics.isEmpty)
    let scheme = result.scheme
    #expect(scheme.name == "mine")
    #expect(scheme.lastVerses[.psalms] == [6, 12, 8])
    #expect(scheme.contains(SchemeVerse(.psalms, 3, 0)))
    #expect(!scheme.contains(SchemeVerse(.psalms, 1, 6)))
    #expect(scheme.map(SchemeVerse(.psalms, 3, 8), to: .original) == .one(SchemeVerse(.psalms, 3, 9)))
    #expect(
        VersificationScheme.original.map(SchemeVerse(.psalms, 3, 1), to: scheme) == .one(SchemeVerse(.psalms, 3, 0)))
}

@Test(arguments: ["english", "original"])
func readsTheShippedSchemesWithoutErrors(_ name: String) throws {
    let scheme = try #require(VersificationScheme.standard(named: name))
    #expect(scheme.chapterCount(.psalms) == 150)
    #expect(scheme.lastVerse(.malachi, 3) == (name == "english" ? 18 : 24))
    #expect(scheme.chapterCount(.malachi) == (name == "english" ? 4 : 3))
}

@Test(arguments: [("eng.vrs", "english"), ("org.vrs", "original")])
func shippedTextMatchesTheResourceFile(_ file: String, _ name: String) throws {
    let path = TestCorpus.packageRoot.appendingPathComponent("Sources/Versification/Resources/\(file)").path
    let data = try #require(FileManager.default.contents(atPath: path), "cannot read \(path)")
    let lines = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r", with: "")
        .split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.allSatisfy { $0 == " " } ? "" : String($0) }
    let shipped = name == "english" ? VersificationScheme.englishText : VersificationScheme.originalText
    #expect(shipped == lines.joined(separator: "\n").dropLast(), "run Sources/Versification/Resources/generate.sh")
    let result = VersificationParser.parse(Array(data), file: file, name: name)
    #expect(!result.hasErrors, "\(result.diagnostics.first.map(String.init(describing:)) ?? "")")
}
