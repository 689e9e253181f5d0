import Foundation
import TestSupport
import Testing

/// Control characters in verse text (BEL, `ESC [31m`, U+FFFF, C1, DEL, NUL), through the built binary: each
/// format reports them (`control-character`, once a file with the count; NUL as `nul-character`, as USFM
/// always did), USX written from them is XML that xmllint and Lectern read, and `read` and `search` show
/// them escaped, never raw.
@Suite struct ControlCharacterTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var file: String
        var bytes: [UInt8]
        /// What standard error must hold, after the file's path.
        var messages: [String]
        var testDescription: String { name }
    }

    static let usfm = Array("\\id GEN\n\\c 1\n\\p\n\\v 1 Ring ".utf8) + [0x07] + Array(" the ".utf8) + [0x1B]
        + Array("[31mred".utf8) + [0x1B] + Array("[0m bell ".utf8) + [0xEF, 0xBF, 0xBF] + Array(" and ".utf8)
        + [0xC2, 0x9B] + Array("2J del ".utf8) + [0x7F] + Array(".\n\\v 2 In the beginning.\n".utf8)

    static func warning(_ scalar: String, _ count: Int) -> String {
        "warning: a control character (\(scalar)) in the text (\(count) in the file); it is not text: remove it "
            + "(USX written from it has U+FFFD in its place, and a terminal shows it escaped) [control-character]"
    }

    static let usxHead = #"<usx version="3.0"><book code="GEN" style="id"/><chapter number="1" style="c"/>"#
    static let usjHead = #"{"type":"USJ","version":"3.1","content":[{"type":"book","marker":"id","code":"GEN"},"#
        + #"{"type":"chapter","marker":"c","number":"1"},{"type":"para","marker":"p","content":["#
        + #"{"type":"verse","marker":"v","number":"1"},"#

    static let cases: [Case] = [
        Case(name: "USFM: BEL, ESC, U+FFFF, C1, DEL", file: "GEN.usfm", bytes: usfm, messages: [":4:11: " + warning("U+0007", 6)]),
        Case(
            name: "USX: DEL and C1 (XML allows them)", file: "GEN.usx",
            bytes: Array((usxHead + #"<para style="p"><verse number="1" style="v"/>A "#).utf8) + [0x7F, 0x20, 0xC2, 0x85]
                + Array("</para></usx>".utf8),
            messages: [":1:127: " + warning("U+007F", 2)]),
        Case(
            name: "USJ: escapes of BEL, ESC, \\b and raw DEL", file: "GEN.usj",
            bytes: Array((usjHead + #""Ring \u0007 the \u001b[31mred\b "#).utf8) + [0x7F] + Array(#""]}]}"#.utf8),
            messages: [":1:218: " + warning("U+0007", 4)]),
        Case(
            name: "USJ: an escaped NUL, as USFM warns of a NUL byte", file: "GEN.usj",
            bytes: Array((usjHead + #""In the \u0000beginning."]}]}"#).utf8),
            messages: [":1:220: warning: a NUL character (\\u0000) in the text (1 in the file); remove it [nul-character]"]),
    ]

    @Test(arguments: cases)
    func eachFormatReportsThem(_ test: Case) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(test.bytes, to: test.file)
        let result = try CLIRunner.runBinary(["check", path])
        #expect(result.status == 0, "\(result)")
        for message in test.messages {
            #expect(result.standardError.contains(path + message), "\(result)")
        }
        #expect(!result.standardError.contains("\u{1B}") && !result.standardError.contains("\u{7}"))
    }

    /// Imported, exported as USX, checked by xmllint and imported again; read and searched with the escapes.
    @Test func whatIsWrittenAndShownHoldsNoneRaw() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let source = folder.path + "/source"
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        _ = try folder.write(Self.usfm, to: "source/GEN.usfm")
        let library = folder.path + "/library"
        let imported = try CLIRunner.runBinary(["import", source, "--abbreviation", "CTL", "--library", library])
        #expect(imported.status == 0, "\(imported)")
        let exported = try CLIRunner.runBinary(
            ["export", "--bible", "CTL", "--format", "usx", "--output", folder.path + "/usx", "--library", library])
        #expect(exported.status == 0, "\(exported)")
        let usx = try String(contentsOfFile: folder.path + "/usx/001GEN.usx", encoding: .utf8)
        #expect(usx.contains("Ring \u{FFFD} the \u{FFFD}[31mred\u{FFFD}[0m bell \u{FFFD} and \u{9B}2J del \u{7F}."), "\(usx)")
        let xmllint = try #require(RelaxNGCheck.xmllint, "xmllint is not on the PATH (libxml2-utils)")
        let lint = try CLIRunner.runProcess(URL(fileURLWithPath: xmllint), ["--noout", folder.path + "/usx/001GEN.usx"])
        #expect(lint.status == 0, "\(lint)")
        let again = try CLIRunner.runBinary(["import", folder.path + "/usx", "--abbreviation", "TWO", "--library", library])
        #expect(again.status == 0, "\(again)")
        let read = try CLIRunner.runBinary(["read", "GEN 1:1", "--bible", "CTL", "--library", library])
        #expect(read.standardOutput.contains("Ring \\u{7} the \\u{1B}[31mred\\u{1B}[0m bell \\u{FFFF} and \\u{9B}2J del \\u{7F}."), "\(read)")
        let search = try CLIRunner.runBinary(["search", "bell", "--bible", "CTL", "--library", library])
        // (Plain text in a pipe, as grep prints it: the match unmarked, the control characters escaped.)
        #expect(search.standardOutput.contains("Ring \\u{7} the \\u{1B}[31mred\\u{1B}[0m bell \\u{FFFF}"), "\(search)")
        for output in [read.standardOutput, search.standardOutput] {
            #expect(!output.unicodeScalars.contains { [0x07, 0x1B, 0x7F, 0x9B, 0xFFFF].contains($0.value) })
        }
    }
}
