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
    ParserCase(
        text: "GEN 1:31\n-GEN 1:1-999999\n",
        expected: "t.vrs:2:10: error: verse 1:999999 is past what a Bible holds; chapters go from 1 to 200 and verses from 0 to 200"),
    ParserCase(
        text: "GEN 1:31\n&GEN 1:1-999999 = EXO 1:1-999999\n",
        expected: "t.vrs:2:10: error: verse 1:999999 is past what a Bible holds; chapters go from 1 to 200 and verses from 0 to 200"),
    ParserCase(
        text: "GEN 1:31\nGEN 201:1 = EXO 1:1\n",
        expected: "t.vrs:2:5: error: verse 201:1 is past what a Bible holds; chapters go from 1 to 200 and verses from 0 to 200"),
    ParserCase(text: "GEN 1:201\n", expected: "t.vrs:1:5: error: chapter 1 ends at verse 201; a chapter has at most 200 verses"),
    ParserCase(
        text: "PSA " + (1...201).map { "\($0):5" }.joined(separator: " ") + "\n",
        expected: "t.vrs:1:1097: error: more than 200 chapters; no Bible has so many"),
    ParserCase(
        text: "PSA 1:200 2:200\n" + String(repeating: "&PSA 1:1-200 = PSA 2:1\n", count: 251),
        expected: "t.vrs:252:2: error: more than 50000 mapped verses; a scheme maps a few thousand (this line and the mappings after it are not read)"),
    ParserCase(
        text: "PSA 1:200\n" + (1...200).map { "-GEN \($0):1-200\n" }.joined() + (1...60).map { "-EXO \($0):1-200\n" }.joined(),
        expected: "t.vrs:252:2: error: more than 50000 verses left out; a scheme leaves out a few (this line and the `-` lines after it are not read)"),
]

@Test(arguments: parserCases)
func reportsProblemsWithTheirPlace(_ test: ParserCase) {
    let result = VersificationParser.parse(test.text, file: "t.vrs")
    // The message and place, without the code that ends the printed line (`[malformed-mapping]`).
    let first = result.diagnostics.first
    #expect(first.map { "\($0.location): \($0.severity.rawValue): \($0.message)" } == test.expected)
    #expect(result.hasErrors == test.expected.contains(": error: "))
}

/// The largest ranges a scheme may name are read, and a verse mapped onto 200 and 200 onto one map in O(k):
/// the pairs are found through sets, not lists.
@Test func theLargestRangesAreReadAndMappedBothWays() throws {
    let text = "PSA 1:200 2:200\n&PSA 1:1 = PSA 2:1-200\n&PSA 2:1-200 = PSA 1:200\n-PSA 1:2-200\n"
    let result = VersificationParser.parse(text, file: "wide.vrs")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let scheme = result.scheme
    let original = VersificationParser.parse("PSA 1:200 2:200\n", file: "plain.vrs").scheme
    #expect(scheme.map(SchemeVerse(.psalms, 1, 1), to: original).verses.count == 200)
    #expect(scheme.map(SchemeVerse(.psalms, 2, 7), to: original) == .one(SchemeVerse(.psalms, 1, 200)))
    #expect(!scheme.contains(SchemeVerse(.psalms, 1, 2)))
}

/// A UTF-8 byte order mark before the first line is skipped, and columns count from after it.
@Test func aByteOrderMarkIsSkipped() {
    let result = VersificationParser.parse([0xEF, 0xBB, 0xBF] + Array("GEN 1:31 2:25\nGEN 3:1 = GEN 3:1\nXYZ 1:1\n".utf8), file: "b.vrs")
    #expect(result.diagnostics.map(\.description) == ["b.vrs:3:1: error: unknown book code `XYZ` [unknown-book]"])
    #expect(result.scheme.lastVerse(.genesis, 2) == 25)
    let first = VersificationParser.parse([0xEF, 0xBB, 0xBF] + Array("XYZ 1:1\n".utf8), file: "b.vrs")
    #expect(first.diagnostics.first?.location.column == 1)
    #expect(first.diagnostics.first?.location.offset == 3)
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
