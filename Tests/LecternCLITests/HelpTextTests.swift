import Foundation
import Lectern
import LecternCLI
import Testing

/// What `lectern help COMMAND`, `--help` and the manual page print: prose wrapped by the help printer, with no
/// stray continuation backslashes from the source.
@Suite struct HelpTextTests {
    @Test("help map prints its discussion as prose, without a backslash at a line's end (binary)")
    func helpMapExactly() throws {
        let result = try CLIRunner.runBinary(["help", "map"])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(
            result.standardOutput == """
                Usage: lectern map REFERENCE [--from ID|ABBR] [--to ID|ABBR] [--library DIR] [--json] [--color WHEN]

                Maps a chapter or verses of one Bible onto another through their versification schemes (English,
                Original or a custom .vrs, detected or given at import; see 'lectern versions'), by way of the
                Original scheme: Psalm titles counted as verse 0 or as verses 1–2, Malachi 4 that is Hebrew Malachi
                3:19–24, Joel 2:28–32 that is Hebrew Joel 3. A range may come out as several pieces, one per line. A
                verse the other Bible's scheme has no verse for is an error (exit status 1).

                Options:
                  --from ID|ABBR  the Bible the reference is in (default: the one set by 'lectern use', else the one
                                  read last, else the only one)
                  --to ID|ABBR    the Bible to map onto (required)

                Global options:
                  --library DIR  the library folder (default: $LECTERN_LIBRARY, else $XDG_DATA_HOME/lectern, else
                                 ~/.local/share/lectern)
                  --json         print one JSON document on stdout (see docs/json.md for the schema)
                  --color WHEN   auto (default: colour on a terminal, unless NO_COLOR is set), always or never
                  -h, --help     show this help

                Examples:
                  lectern map "PSA 51:1" --from ENG --to HEB
                      PSA 51:3: the Hebrew text counts Psalm 51's title as verses 1–2
                  lectern map "MAL 4" --from ENG --to HEB --json
                      MAL 3:19-24, as JSON

                """)
    }

    @Test("The manual's map section reads '(English, Original', no stray backslash (binary, exact section)")
    func manPageMapSectionExactly() throws {
        let result = try CLIRunner.runBinary(["help", "--man"])
        #expect(result.status == 0 && result.standardError == "", "\(result)")
        let section = try #require(
            result.standardOutput.components(separatedBy: ".SS lectern map REFERENCE\n").dropFirst().first?
                .components(separatedBy: ".SS ").first)
        #expect(
            section == #"""
                give a reference's verses in another Bible's verse numbering.
                .PP
                Maps a chapter or verses of one Bible onto another through their versification schemes (English, \#
                Original or a custom .vrs, detected or given at import; see 'lectern versions'), by way of the \#
                Original scheme: Psalm titles counted as verse 0 or as verses 1–2, Malachi 4 that is Hebrew Malachi \#
                3:19–24, Joel 2:28–32 that is Hebrew Joel 3. A range may come out as several pieces, one per line. A \#
                verse the other Bible's scheme has no verse for is an error (exit status 1).
                .TP
                \fB\-\-from\fR \fIID|ABBR\fR
                the Bible the reference is in (default: the one set by 'lectern use', else the one read last, else \#
                the only one)
                .TP
                \fB\-\-to\fR \fIID|ABBR\fR
                the Bible to map onto (required)
                .PP
                Examples:
                .TP
                .B lectern map "PSA 51:1" \-\-from ENG \-\-to HEB
                PSA 51:3: the Hebrew text counts Psalm 51's title as verses 1–2
                .TP
                .B lectern map "MAL 4" \-\-from ENG \-\-to HEB \-\-json
                MAL 3:19\-24, as JSON

                """#)
    }

    @Test("No command's help or man section has a backslash at a line's end", arguments: LecternCLI.specs.map(\.name))
    func noStrayBackslashes(command: String) throws {
        let help = CLIRunner.run(["help", command])
        #expect(help.status == 0)
        for line in help.standardOutput.split(separator: "\n") {
            #expect(!line.hasSuffix("\\"), "lectern help \(command): \(line)")
        }
        let spec = try #require(LecternCLI.command(named: command)?.spec)
        #expect(!spec.discussion.contains("\\\n"), "\(command)'s discussion")
        let man = ManPage.render([spec])
        #expect(!man.contains("\\e\n") && !man.contains("\\e "), "the man page of \(command) shows a backslash")
    }
}
