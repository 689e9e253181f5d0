import Foundation
import Lectern
import LecternCLI
import TestSupport
import Testing

/// The command line as a newcomer meets it: `--version`, `--bible`, the default Bible, usage errors, help,
/// global options before the command, colour, progress, control characters, search exit statuses.
@Suite struct CommandLineTests {
    static let sample = TestCorpus.sample("sample/usfm").path

    /// A library with the sample imported under each abbreviation in `abbreviations` (ids 1, 2, …).
    static func library(_ abbreviations: [String] = ["LSV"]) -> StoreCommandsTests.TemporaryLibrary {
        let library = StoreCommandsTests.TemporaryLibrary()
        for abbreviation in abbreviations {
            let result = library.run(["import", sample, "--abbreviation", abbreviation])
            #expect(result.status == 0, "\(result)")
        }
        return library
    }

    // MARK: --version and --bible

    @Test func versionPrintsTheProgramAndFormatVersions() throws {
        let result = CLIRunner.run(["--version"])
        #expect(
            result
                == CLIResult(
                    status: 0,
                    standardOutput: "lectern \(LecternVersion.release) (store format \(StoreFormat.version), "
                        + "search index format \(SearchIndexFormat.version))\n",
                    standardError: ""))
        let json = try JSONNode.parse(CLIRunner.run(["--version", "--json"]).standardOutput)
        #expect(json["release"]?.string == LecternVersion.release)
        #expect(json["storeFormat"]?.integer == Int(StoreFormat.version))
    }

    @Test func theBibleIsChosenWithBibleOrB() {
        let library = Self.library(["AAA", "BBB"])
        for arguments in [["--bible", "BBB"], ["-b", "bbb"], ["-bBBB"], ["--bible=2"], ["-b", "2"]] {
            let result = library.run(["read", "JHN.2.1"] + arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            #expect(result.standardOutput.hasPrefix("John 2:1 (BBB)\n"), "\(arguments): \(result)")
        }
        let old = library.run(["read", "JHN.2.1", "--version", "AAA"])
        #expect(old.status == 64)
        #expect(
            old.standardError.hasPrefix(
                "Error: unknown option '--version' for 'read'; the Bible is chosen with --bible (-b), and "
                    + "'lectern --version' prints the program's version\n"), "\(old)")
        let unknown = library.run(["read", "JHN.2.1", "--bible", "KJV"])
        #expect(
            unknown
                == CLIResult(
                    status: 1, standardOutput: "",
                    standardError: "Error: no Bible 'KJV' in the library; it has AAA (1), BBB (2)\n"))
    }

    // MARK: The default Bible

    @Test func useSetsTheDefaultThenTheLastReadThenTheOnlyOne() throws {
        let single = Self.library(["ONE"])
        // The first Bible imported into the empty library became its default.
        #expect(
            single.run(["use"]).standardOutput
                == "ONE (id 1, Lectern sample version), the default Bible; change it with 'lectern use'.\n")
        #expect(single.run(["use", "--clear"]).status == 0)
        #expect(single.run(["use"]).standardOutput == "ONE (id 1, Lectern sample version), the library's only Bible.\n")
        #expect(single.run(["read", "GEN.1.1"]).status == 0)

        let library = Self.library(["AAA", "BBB", "CCC"])
        // The first Bible imported is the default until it is cleared.
        #expect(
            library.run(["use"]).standardOutput
                == "AAA (id 1, Lectern sample version), the default Bible; change it with 'lectern use'.\n")
        #expect(library.run(["use", "--clear"]).standardOutput == "No default Bible.\n")
        let ambiguous = library.run(["search", "wedding"])
        #expect(
            ambiguous
                == CLIResult(
                    status: 1, standardOutput: "",
                    standardError: "Error: 3 Bibles in the library and none chosen: AAA (1), BBB (2), CCC (3); "
                        + "pick one with --bible ABBR, or set a default with 'lectern use ABBR'\n"))
        // The Bible read last is the default while none is set.
        #expect(library.run(["read", "JHN.2", "-b", "CCC"]).status == 0)
        #expect(library.run(["search", "wedding"]).standardOutput.hasPrefix("wedding in CCC: 1 verse"))
        #expect(
            library.run(["use"]).standardOutput
                == "CCC (id 3, Lectern sample version), the Bible read last (no default is set).\n")
        // `use` wins over the last read, and is kept across reads of other Bibles.
        #expect(
            library.run(["use", "bbb"])
                == CLIResult(
                    status: 0, standardOutput: "Default Bible: BBB (id 2, Lectern sample version).\n", standardError: ""
                ))
        #expect(library.run(["read", "JHN.2", "-b", "AAA"]).status == 0)
        #expect(library.run(["books"]).status == 0)
        #expect(library.run(["search", "wedding"]).standardOutput.hasPrefix("wedding in BBB: 1 verse"))
        #expect(library.run(["read"]).standardOutput.hasPrefix("John 2 (AAA)"), "read alone reopens the last passage")
        let state = try JSONNode.parse(
            String(
                decoding: try Data(contentsOf: URL(fileURLWithPath: library.path + "/reading-state.json")),
                as: UTF8.self))
        #expect(state["defaultVersion"]?.integer == 2)
        #expect(state["lastVersion"]?.integer == 1)
        let versions = library.run(["versions"]).standardOutput
        #expect(versions.contains("\n*   2  BBB "), "\(versions)")
        // Removing the default forgets it.
        #expect(library.run(["remove", "BBB"]).standardOutput == "Removed BBB (id 2).\n")
        #expect(
            library.run(["use"]).standardOutput.hasPrefix("AAA (id 1, Lectern sample version), the Bible read last"))
        #expect(library.run(["use", "--clear"]).standardOutput == "No default Bible.\n")
        #expect(
            library.run(["use", "ZZZ"]).standardError
                == "Error: no Bible 'ZZZ' in the library; it has AAA (1), CCC (3)\n")
    }

    // MARK: Usage errors and help

    @Test(arguments: [
        (["read", "--bibel", "X"], "unknown option '--bibel' for 'read'; did you mean '--bible'?", "read"),
        (["search", "--page"], "option '--page' needs a value (N)", "search"),
        (["search", "love", "--page", "0"], "option '--page' expects a page number from 1 to 1000000, not '0'", "search"),
        (["read", "-b", "A", "-b", "B"], "option '--bible' is given more than once", "read"),
        (["versions", "--json=yes"], "option '--json' takes no value", "versions"),
        (["completions", "tcsh"], "no completions for 'tcsh'; give bash, zsh or fish", "completions"),
        (
            ["import", "x", "--language", "english"],
            "option '--language': 'english' is not a BCP 47 language tag (such as en, en-US, grc, zh-Hant-TW)", "import"
        ),
    ])
    func aUsageErrorIsOneLineTheUsageAndWhereHelpIs(arguments: [String], message: String, command: String) throws {
        let result = Self.library([]).run(arguments)
        let spec = try #require(LecternCLI.command(named: command)).spec
        #expect(
            result
                == CLIResult(
                    status: 64, standardOutput: "",
                    standardError: "Error: \(message)\n" + HelpText.usage(spec) + "See 'lectern \(command) --help'.\n"))
        #expect(!result.standardError.contains("Options:"), "the whole help is not printed")
    }

    @Test func anUnknownCommandSuggestsTheNearest() {
        #expect(
            CLIRunner.run(["reed", "John 3"])
                == CLIResult(
                    status: 64, standardOutput: "",
                    standardError: "Error: unknown command 'reed'; did you mean 'read'?\n"
                        + "Usage: lectern [--library DIR] [--json] [--color WHEN] COMMAND [ARGS...]\n"
                        + "See 'lectern --help'.\n"))
    }

    @Test func helpEndsWithOneNewlineAndHelpCommandIsTheSame() {
        for spec in LecternCLI.specs {
            let help = CLIRunner.run([spec.name, "--help"])
            #expect(help.status == 0 && help.standardError == "")
            #expect(help.standardOutput.hasSuffix("\n") && !help.standardOutput.hasSuffix("\n\n"), "\(spec.name)")
            #expect(CLIRunner.run(["help", spec.name]) == help, "\(spec.name)")
            #expect(CLIRunner.run([spec.name, "-h"]) == help, "\(spec.name)")
            #expect(help.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 100 }, "\(spec.name)")
        }
        let top = CLIRunner.run(["--help"])
        #expect(top.standardOutput.hasSuffix("\n") && !top.standardOutput.hasSuffix("\n\n"))
        #expect(CLIRunner.run([]) == top && CLIRunner.run(["help"]) == top)
    }

    @Test func globalOptionsWorkBeforeTheCommand() throws {
        let library = Self.library()
        let after = library.run(["versions", "--json"])
        let before = CLIRunner.run(["--library", library.path, "--json", "versions"])
        #expect(before == after && before.status == 0)
        #expect(try JSONNode.parse(before.standardOutput)["command"]?.string == "versions")
        let color = CLIRunner.run(["--color", "always", "--library", library.path, "search", "wedding"])
        #expect(color.standardOutput.contains("\u{1B}[1;31mwedding\u{1B}[0m"))
        #expect(CLIRunner.run(["--version", "read"]).status == 64)
    }

    // MARK: One table for parsing, help, usage, completions and the man page

    @Test func everyOptionAppearsInHelpUsageCompletionsAndTheManPage() {
        let bash = Completions.script(.bash, commands: LecternCLI.specs)
        let zsh = Completions.script(.zsh, commands: LecternCLI.specs)
        let fish = Completions.script(.fish, commands: LecternCLI.specs)
        let man = ManPage.render(LecternCLI.specs)
        for spec in LecternCLI.specs {
            let help = HelpText.help(spec)
            let usage = HelpText.usage(spec)
            for option in spec.allOptions {
                #expect(help.contains(option.label), "\(spec.name) --help lacks \(option.label)")
                if option.name != "help" {
                    #expect(usage.contains(option.synopsis), "\(spec.name) usage lacks \(option.synopsis)")
                }
                let section =
                    (bash.components(separatedBy: "        \(spec.name))\n").dropFirst().first ?? "")
                    .components(separatedBy: "            ;;\n").first ?? ""
                #expect(section.contains("--\(option.name)"), "bash: \(spec.name) --\(option.name)")
                #expect(
                    zsh.contains("'--\(option.name)[") || zsh.contains(",--\(option.name)}'["), "zsh: --\(option.name)")
                #expect(
                    fish.contains("__fish_seen_subcommand_from \(spec.name)' -l \(option.name)"),
                    "fish: \(spec.name) --\(option.name)")
                #expect(man.contains("\\fB\\-\\-\(ManPage.escape(option.name))\\fR"), "man: --\(option.name)")
            }
            #expect(man.contains(".SS lectern \(ManPage.escape(spec.name))"), "man: \(spec.name)")
            #expect(fish.contains("-a \(spec.name) "), "fish: \(spec.name)")
        }
        // A parsed option is a declared one: nothing is accepted that the table does not list.
        #expect(CLIRunner.run(["verify", "--everything"]).status == 64)
    }

    @Test func theCheckedInManPageIsCurrent() throws {
        let path = TestCorpus.packageRoot.appendingPathComponent("docs/lectern.1")
        let generated = ManPage.render(LecternCLI.specs)
        if GoldenFile.isRecording { try Data(generated.utf8).write(to: path) }
        let checkedIn = try String(contentsOf: path, encoding: .utf8)
        #expect(
            checkedIn == generated,
            "docs/lectern.1 is out of date: run 'swift run lectern help --man > docs/lectern.1'")
    }

    @Test func completionScriptsParseInTheirShells() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-completions-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bash = folder.appendingPathComponent("lectern.bash")
        try Data(CLIRunner.run(["completions", "bash"]).standardOutput.utf8).write(to: bash)
        let checked = try CLIRunner.runProcess(URL(fileURLWithPath: "/bin/bash"), ["-n", bash.path])
        #expect(checked.status == 0, "\(checked)")
        // Completing `lectern read --b` offers --bible; `lectern se` offers search.
        let script = """
            source \(bash.path)
            COMP_WORDS=(lectern read --bi); COMP_CWORD=2; _lectern; echo "${COMPREPLY[*]}"
            COMP_WORDS=(lectern se); COMP_CWORD=1; _lectern; echo "${COMPREPLY[*]}"
            COMP_WORDS=(lectern export --format ''); COMP_CWORD=3; _lectern; echo "${COMPREPLY[*]}"
            """
        let run = try CLIRunner.runProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", script])
        #expect(run.standardOutput == "--bible\nsearch\nvref usfm usx usj json\n", "\(run)")
    }

    // MARK: Search

    @Test func searchExitStatusesPagesAndLeadingDashes() throws {
        let library = Self.library()
        let none = library.run(["search", "zebra"])
        #expect(none.status == 1 && none.standardOutput.hasPrefix("zebra in LSV: 0 verses\n"), "\(none)")
        let past = library.run(["search", "the", "--page", "9", "--page-size", "5"])
        #expect(past.status == 1 && past.standardOutput == "")
        #expect(past.standardError.hasPrefix("Error: page 9 is past the end: "), "\(past)")
        #expect(past.standardError.hasSuffix(" pages of 5; the last page is \(try lastPage(library, "the", 5))\n"))
        let excluded = library.run(["search", "-wedding the"])
        let plain = library.run(["search", "the", "-wedding"])
        #expect(excluded.status == 0 && !excluded.standardOutput.contains("Cana"), "\(excluded)")
        #expect(
            excluded.standardOutput.dropFirst("-wedding the".count)
                == plain.standardOutput.dropFirst("the -wedding".count))
    }

    private func lastPage(_ library: StoreCommandsTests.TemporaryLibrary, _ query: String, _ size: Int) throws -> Int {
        let json = try JSONNode.parse(
            library.run(["search", query, "--json", "--page-size", "\(size)"]).standardOutput)
        return try #require(json["pageCount"]?.integer)
    }

    @Test func highlightsAreColouredOnATerminalAndPlainElsewhere() throws {
        let library = Self.library()
        func search(_ extra: [String], environment: [String: String] = [:], terminal: Bool) -> String {
            CLIRunner.run(
                ["search", "wedding", "--library", library.path] + extra, environment: environment, terminal: terminal
            ).standardOutput
        }
        let colored = "JHN 2:1  The third day, there was a \u{1B}[1;31mwedding\u{1B}[0m in Cana of Galilee.\n"
        let plain = "JHN 2:1  The third day, there was a wedding in Cana of Galilee.\n"
        #expect(search([], terminal: true).hasSuffix(colored))
        #expect(search([], terminal: false).hasSuffix(plain))
        #expect(search([], environment: ["NO_COLOR": "1"], terminal: true).hasSuffix(plain))
        #expect(search(["--color", "never"], terminal: true).hasSuffix(plain))
        #expect(search(["--color", "always"], terminal: false).hasSuffix(colored))
        #expect(search(["--color=auto"], environment: ["TERM": "dumb"], terminal: true).hasSuffix(plain))
        // The binary's standard output is a pipe here, as in `lectern search wedding | cat`: plain text, as grep
        // prints it; `--color always` keeps the colour in the pipe.
        let piped = try CLIRunner.runBinary(["search", "wedding", "--library", library.path])
        #expect(
            piped
                == CLIResult(
                    status: 0,
                    standardOutput: "wedding in LSV: 1 verse (page 1 of 1, canonical order)\nJHN 1\n\n" + plain,
                    standardError: ""))
        let always = try CLIRunner.runBinary(["search", "wedding", "--library", library.path, "--color", "always"])
        #expect(always.standardOutput.hasSuffix("\n\n" + colored) && always.status == 0, "\(always)")
    }

    // MARK: Import on a terminal, names, languages

    @Test func importShowsAProgressBarOnATerminalAndASummaryAlways() throws {
        let library = StoreCommandsTests.TemporaryLibrary()
        let result = CLIRunner.run(["import", Self.sample, "--library", library.path], terminal: true)
        #expect(result.status == 0)
        #expect(result.standardError.contains("Reading [###############---------------]  50%  2/4 files"), "\(result)")
        #expect(result.standardError.contains("Reading [##############################] 100%  4/4 files"))
        // The bar is cleared before the diagnostics (the sample's two missing-chapter warnings) and the summary.
        let afterBar = result.standardError.components(separatedBy: "\r\u{1B}[K").last ?? ""
        #expect(
            !afterBar.contains("Reading") && !afterBar.contains("Writing")
                && afterBar.split(separator: "\n").allSatisfy { $0.hasSuffix("[missing-chapter]") }, "\(result)")
        #expect(result.standardOutput.hasPrefix("Imported LSV (id 1, Lectern sample version): 4 books"))
        let quiet = CLIRunner.run(["import", Self.sample, "--library", library.path, "--abbreviation", "Q"])
        // Off a terminal: no bar, only the sample's own warnings (its Psalms are chapters 3 and 23).
        #expect(!quiet.standardError.contains("Reading") && quiet.standardOutput.hasPrefix("Imported Q (id 2"))
        #expect(quiet.standardError.split(separator: "\n").allSatisfy { $0.hasSuffix("[missing-chapter]") })
    }

    @Test func controlCharactersInNamesAreNeverPrintedRaw() throws {
        let library = StoreCommandsTests.TemporaryLibrary()
        let imported = library.run([
            "import", Self.sample, "--abbreviation", "XJ", "--title", "Bell\u{07}Title\u{1B}[2J", "--language", "en",
        ])
        #expect(imported.status == 0)
        #expect(!imported.standardOutput.contains("\u{1B}") && imported.standardOutput.contains("Title\\u{1B}[2J"))
        // (An abbreviation cannot hold one: AbbreviationTests.)
        let listed = library.run(["versions"])
        #expect(!listed.standardOutput.contains("\u{1B}") && !listed.standardOutput.contains("\u{07}"))
        #expect(listed.standardOutput.contains("Bell\\u{7}Title"), "\(listed)")
        let read = library.run(["read", "JHN.2.1"])
        #expect(!read.standardOutput.contains("\u{1B}"))
        // JSON carries the real characters, escaped as JSON escapes them.
        #expect(library.run(["versions", "--json"]).standardOutput.contains("Title\\u001b[2J"))
    }

    @Test func theLanguageIsCanonicalAndNamesSurviveExportAndImport() throws {
        let library = StoreCommandsTests.TemporaryLibrary()
        #expect(
            library.run([
                "import", Self.sample, "--language", "EN-us", "--title", "Sample Bible", "--abbreviation", "SB",
            ]).status == 0)
        let folder = library.path + "-out"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(library.run(["export", "--format", "usx", "--output", folder]).status == 0)
        #expect(library.run(["remove", "SB"]).status == 0)
        let again = library.run(["import", folder, "--json"])
        let bible = try JSONNode.parse(again.standardOutput)["bible"]
        #expect(bible?["abbreviation"]?.string == "SB")
        #expect(bible?["title"]?.string == "Sample Bible")
        #expect(bible?["language"]?.string == "en-US")
    }

    // MARK: Export and file errors

    @Test func exportNeverOverwritesWithoutForceAndNeverWritesIntoTheLibrary() throws {
        let library = Self.library()
        let file = library.path + "-out.vref"
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(library.run(["export", "-f", "vref", "-o", file]).status == 0)
        let again = library.run(["export", "-f", "vref", "-o", file])
        #expect(
            again
                == CLIResult(
                    status: 1, standardOutput: "",
                    standardError: "Error: cannot export to \(file): it exists; use --force to overwrite\n"))
        #expect(library.run(["export", "-f", "vref", "-o", file, "--force"]).status == 0)
        let store = library.path + "/versions/1.lectern"
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let intoLibrary = library.run(["export", "-f", "vref", "-o", store, "--force"])
        #expect(
            intoLibrary.status == 1
                && intoLibrary.standardError
                    == "Error: cannot export to \(store): it is inside the library folder \(library.path); choose a path outside it\n",
            "\(intoLibrary)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
        let missing = library.run(["export", "-f", "json", "-o", library.path + "-none/x.json"])
        #expect(
            missing.standardError.hasPrefix("Error: cannot export to \(library.path)-none/x.json: the folder "),
            "\(missing)")
        #expect(!missing.standardError.contains("NSCocoaErrorDomain"))
    }

    @Test func aFIFOOrADeviceIsRefusedClearly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-fifo-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/pipe.usfm"
        #expect(mkfifo(fifo, 0o644) == 0)
        let result = CLIRunner.run(["check", fifo])
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix(
                "\(fifo): error: cannot read it: it is a FIFO (named pipe), not a regular file [unreadable-file]\n"),
            "\(result)")
        let device = CLIRunner.run(["import", "/dev/zero", "--library", folder + "/lib"])
        #expect(device.status == 1)
        #expect(
            device.standardError.contains("/dev/zero: error: cannot read it: it is a character device"), "\(device)"
        )
        #expect(!device.standardError.contains("NSCocoaErrorDomain") && !device.standardError.contains("Code="))
    }

    @Test func utf16InputIsToldToBeSavedAsUTF8() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-utf16-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/GEN.usfm"
        let text = "\\id GEN\n\\c 1\n\\p\n\\v 1 In the beginning.\n"
        try Data([0xFF, 0xFE] + Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(
            to: URL(fileURLWithPath: path))
        let result = CLIRunner.run(["check", path])
        #expect(result.status == 1)
        #expect(
            result.standardError.contains("\(path):1:1: error: the file is UTF-16 (little-endian); save it as UTF-8"),
            "\(result)")
    }

    // MARK: books

    @Test func booksAlignsNamesByDisplayWidth() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-cjk-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let books = [("GEN", "创世记"), ("EXO", "出埃及记"), ("RUT", "Ruth"), ("PSA", "诗篇")]
        for (code, name) in books {
            let text = "\\id \(code)\n\\h \(name)\n\\c 1\n\\p\n\\v 1 \(name)。\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(folder)/\(code).usfm"))
        }
        let library = StoreCommandsTests.TemporaryLibrary()
        #expect(library.run(["import", folder, "--abbreviation", "CJK"]).status == 0)
        #expect(
            library.run(["books"]).standardOutput == """
                GEN  创世记    chapter 1
                EXO  出埃及记  chapter 1
                RUT  Ruth      chapter 1
                PSA  诗篇      chapter 1

                """)
    }

    // MARK: Several Bibles side by side

    @Test func severalBiblesAreReadSideBySideAlignedByMappedVerse() {
        let library = StoreCommandsTests.TemporaryLibrary()
        #expect(
            library.run(["import", Self.sample, "--abbreviation", "ENG", "--versification", "english"]).status == 0)
        #expect(
            library.run(["import", Self.sample, "--abbreviation", "ORG", "--versification", "original"]).status == 0)
        let result = library.run(["read", "PSA 3:1-3", "--bible", "ENG,ORG"])
        #expect(
            result
                == CLIResult(
                    status: 0,
                    standardOutput: """
                        Psalms 3:1–3 (ENG, ORG), aligned by verse

                        ENG  3:1  A Psalm by David, when he fled from Absalom his son.
                        ORG  3:2  Yahweh, how my adversaries have increased! Many are those who rise up against me.

                        ENG  3:2  Yahweh, how my adversaries have increased! Many are those who rise up against me.
                        ORG  3:3  Many there are who say of my soul, “There is no help for him in God.” Selah.

                        ENG  3:3  Many there are who say of my soul, “There is no help for him in God.” Selah.
                        ORG  —

                        """, standardError: ""), "\(result)")
        let unknown = library.run(["read", "PSA 3", "--bible", "ENG,KJV"])
        #expect(unknown.status == 1 && unknown.standardError.hasPrefix("Error: no Bible 'KJV' in the library"))
    }

    @Test func severalBiblesAreSearchedAtOnceAndGroupedByMappedVerse() {
        let library = StoreCommandsTests.TemporaryLibrary()
        #expect(
            library.run(["import", Self.sample, "--abbreviation", "ENG", "--versification", "english"]).status == 0)
        #expect(
            library.run(["import", Self.sample, "--abbreviation", "ORG", "--versification", "original"]).status == 0)
        let all = library.run(["search", "Absalom", "--bible", "all"])
        #expect(
            all.status == 0
                && all.standardOutput.hasPrefix("Absalom in 2 Bibles: ENG 1, ORG 1\n\nAbsalom in ENG: 1 verse"),
            "\(all)")
        let grouped = library.run(["search", "Absalom OR adversaries", "--bible", "ENG,ORG", "--group-by", "verse"])
        #expect(
            grouped.standardOutput == """
                Absalom OR adversaries in 2 Bibles: ENG 2, ORG 2
                Grouped by verse in the Original numbering (each Bible's page of hits).

                PSA 3:1
                  ORG  PSA 3:1  A Psalm by David, when he fled from Absalom his son.

                PSA 3:2
                  ENG  PSA 3:1  A Psalm by David, when he fled from Absalom his son.
                  ORG  PSA 3:2  Yahweh, how my adversaries have increased! Many are those who rise up against me.

                PSA 3:3
                  ENG  PSA 3:2  Yahweh, how my adversaries have increased! Many are those who rise up against me.

                """, "\(grouped)")
        #expect(library.run(["search", "zebra", "--bible", "all"]).status == 1)
        let unknown = library.run(["search", "Absalom", "--bible", "ENG,KJV,ORG"])
        #expect(
            unknown.status == 1 && unknown.standardError.hasPrefix("Error: no Bible 'KJV' in the library"), "\(unknown)"
        )
        let badQuery = library.run(["search", "Absalom OR", "--bible", "all"])
        #expect(
            badQuery.status == 1 && badQuery.standardError.hasPrefix("Error: cannot read the query: "), "\(badQuery)")
        #expect(library.run(["search", "x", "--group-by", "verse", "-b", "ENG"]).status == 64)
    }
}
