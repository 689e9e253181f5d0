import Foundation
import Lectern
import LecternCLI
import TestSupport
import Testing

/// The README shows only what exists: every line of "Try it" runs on the sample, every command and option it
/// names is in the command table, and the library example is the one CI builds.
@Suite struct ReadmeTests {
    static let readme =
        (try? String(
            contentsOf: TestCorpus.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// The fenced block after `heading`, with the given language.
    static func block(after heading: String, language: String) -> String? {
        guard let section = readme.components(separatedBy: heading).dropFirst().first,
            let start = section.range(of: "```\(language)\n")
        else { return nil }
        let rest = section[start.upperBound...]
        guard let end = rest.range(of: "```") else { return nil }
        return String(rest[..<end.lowerBound])
    }

    /// Splits a shell line into words: single and double quotes, no expansions; a `#` comment ends it.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            switch character {
            case "'", "\"":
                quote = character
                inWord = true
            case " ":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            case "#" where !inWord:
                return words
            default:
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    @Test func everyTryItLineRunsOnTheSample() throws {
        let block = try #require(Self.block(after: "## Try it", language: "sh"), "README has a 'Try it' sh block")
        let library = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-readme-\(UUID())").path
        defer {
            try? FileManager.default.removeItem(atPath: library)
            try? FileManager.default.removeItem(atPath: "/tmp/lectern-export")
        }
        let lines = block.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        #expect(lines.count >= 10)
        var claims = 0
        for line in lines {
            let result = Self.run(line, library: library)
            #expect(result.status == 0, "\(line)\n\(result)")
            #expect(!result.standardOutput.isEmpty || line.hasPrefix("lectern export"), "\(line) prints something")
            // `# → PSA 51:3 (why)`: the line prints that, exactly, first.
            if let claim = Self.claimedOutput(line) {
                #expect(result.standardOutput.split(separator: "\n").first.map(String.init) == claim, "\(line)")
                claims += 1
            }
        }
        #expect(claims >= 2, "the map examples say what they print")
    }

    /// What a shown line's comment says it prints (`# → PSA 51:3 (…)` gives `PSA 51:3`), if it says.
    static func claimedOutput(_ line: String) -> String? {
        guard let arrow = line.range(of: "# → ") else { return nil }
        let claim = line[arrow.upperBound...]
        return String(claim.components(separatedBy: " (").first ?? String(claim))
    }

    /// The command table's map example (`"PSA 51:1" --from ENG --to HEB` → `PSA 51:3`) runs on the samples it
    /// names and prints what the table says.
    @Test func theCommandTablesMapExampleReproduces() throws {
        let table = try #require(Self.readme.components(separatedBy: "| `lectern map ").dropFirst().first)
        let match = try #require(table.firstMatch(of: /`("[^"]+" --from \w+ --to \w+)` → `([^`]+)`/))
        #expect(table.prefix(while: { $0 != "\n" }).contains("`Corpus/sample/numbering`"))
        let library = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-map-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: library) }
        for folder in ["english", "hebrew"] {
            #expect(Self.run("lectern import Corpus/sample/numbering/\(folder)", library: library).status == 0)
        }
        let result = Self.run("lectern map \(match.1)", library: library)
        #expect(result == CLIResult(status: 0, standardOutput: "\(match.2)\n", standardError: ""))
    }

    /// Runs a shell line shown to readers (`lectern …`) from the package root, on the library `library`.
    static func run(_ line: String, library: String) -> CLIResult {
        let arguments = words(line)
        #expect(arguments.first == "lectern", "\(line)")
        return CLIRunner.run(
            Array(arguments.dropFirst()), currentDirectory: TestCorpus.packageRoot.path,
            environment: ["LECTERN_LIBRARY": library])
    }

    /// The top-level help's "Start with" lines run in turn on a new library and find what they ask for in the
    /// sample they import: a newcomer's first three commands.
    @Test func theHelpsFirstStepsWorkOnTheSample() throws {
        let help = CLIRunner.run(["--help"])
        #expect(help.status == 0)
        let section = try #require(help.standardOutput.components(separatedBy: "Start with:\n").dropFirst().first)
        let lines = section.components(separatedBy: "\n\n")[0].split(separator: "\n").map {
            // `  lectern read "John 2:1-3"      what it does`: the command, without its description.
            String($0.drop(while: { $0 == " " }).split(separator: "   ")[0])
        }
        #expect(lines.count == 3 && lines[0].hasPrefix("lectern import Corpus/sample"), "\(lines)")
        let library = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-start-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: library) }
        for line in lines {
            let result = Self.run(line, library: library)
            #expect(result.status == 0 && !result.standardOutput.isEmpty, "\(line)\n\(result)")
            #expect(!result.standardOutput.contains(": 0 verses"), "\(line) finds nothing in the sample")
        }
    }

    @Test func everyCommandAndOptionTheREADMENamesExists() throws {
        let specs = LecternCLI.specs
        let names = Set(specs.map(\.name))
        let options = Set(specs.flatMap { $0.allOptions.map(\.name) } + GlobalOptions.topLevel.map(\.name))
        var checked = 0
        for match in Self.readme.matches(of: /`lectern ([a-z]+)/) {
            #expect(names.contains(String(match.1)), "README names 'lectern \(match.1)'")
            checked += 1
        }
        let table =
            Self.readme.components(separatedBy: "## Command line").dropFirst().first?
            .components(separatedBy: "## Verse text").first ?? ""
        for match in table.matches(of: /--([a-z][a-z-]*)/) {
            #expect(options.contains(String(match.1)), "README's command table names --\(match.1)")
            checked += 1
        }
        #expect(checked > 40)
        for spec in specs where spec.name != "help" {
            #expect(table.contains("`lectern \(spec.name)"), "the command table lists \(spec.name)")
        }
    }

    /// The Install section, run line by line in bash against an empty `HOME` in a temporary folder: the build
    /// line is the one `.ci/run` runs (the binary under test stands in for its product, `.build/release/lectern`
    /// in a copy of the checkout's layout); every other line runs as shown and leaves what it says.
    @Test func theInstallSectionWorksOnAnEmptyHome() throws {
        let block = try #require(Self.block(after: "## Install", language: "sh"), "README has an Install sh block")
        let lines = block.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        let build = try #require(lines.first { $0.hasPrefix("swift build") })
        let command = String(build.prefix { $0 != "#" }).trimmingCharacters(in: .whitespaces)
        #expect(command.contains("-c release") && command.contains("--static-swift-stdlib"), "\(command)")
        let ci = try String(
            contentsOf: TestCorpus.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.contains(command), ".ci/run builds the binary as the README says: \(command)")

        let binary = try #require(CLIRunner.binary(), "\(CLIRunner.binaryMissingMessage)")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-install-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("home")
        let checkout = root.appendingPathComponent("checkout")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: checkout.appendingPathComponent(".build/release"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: checkout.appendingPathComponent(".build/release/lectern"), withDestinationURL: binary)
        for line in lines where line != build {
            let result = try CLIRunner.runProcess(
                URL(fileURLWithPath: "/bin/bash"), ["-e", "-c", line], currentDirectory: checkout,
                environment: ["HOME": home.path, "PATH": "/usr/local/bin:/usr/bin:/bin"])
            #expect(result.status == 0 && result.standardError == "", "\(line)\n\(result)")
        }
        let installed = home.appendingPathComponent(".local/bin/lectern")
        #expect(FileManager.default.isExecutableFile(atPath: installed.path))
        // Every symbol bound at start (LD_BIND_NOW): the loader has nothing to say on stderr.
        let version = try CLIRunner.runProcess(installed, ["--version"], environment: ["LD_BIND_NOW": "1"])
        #expect(version == CLIResult(status: 0, standardOutput: CLIRunner.run(["--version"]).standardOutput, standardError: ""))
        #expect(version.standardOutput.hasPrefix("lectern "))
        // "Debian's profile puts ~/.local/bin on PATH once it exists": the profile Debian gives a new user.
        let profile = "/etc/skel/.profile"
        if FileManager.default.fileExists(atPath: profile) {
            let found = try CLIRunner.runProcess(
                URL(fileURLWithPath: "/bin/bash"), ["-c", ". \(profile); command -v lectern"],
                environment: ["HOME": home.path, "PATH": "/usr/bin:/bin"])
            #expect(found == CLIResult(status: 0, standardOutput: installed.path + "\n", standardError: ""))
        }
        let completions = try String(
            contentsOf: home.appendingPathComponent(".local/share/bash-completion/completions/lectern"),
            encoding: .utf8)
        #expect(completions == CLIRunner.run(["completions", "bash"]).standardOutput)
        let manual = try String(
            contentsOf: home.appendingPathComponent(".local/share/man/man1/lectern.1"), encoding: .utf8)
        #expect(manual == ManPage.render(LecternCLI.specs))
    }

    /// The binary `.ci/run` builds with the Install section's line (given as LECTERN_BINARY) has the Swift runtime
    /// and Foundation linked in, at a fixed address; the package's own build (`swift build`, `swift run`, the
    /// tests' build) stays position-independent, as a program that loads the Swift runtime as a shared library
    /// must be, or the loader warns on stderr of "direct reference to protected function".
    @Test func theInstalledBinaryIsStaticAndTheOthersPositionIndependent() throws {
        let binary = try #require(CLIRunner.binary(), "\(CLIRunner.binaryMissingMessage)")
        let file = try FileHandle(forReadingFrom: binary)
        defer { try? file.close() }
        let header = [UInt8](file.readData(ofLength: 18))
        #expect(header.count == 18 && header[0..<4] == [0x7F, 0x45, 0x4C, 0x46], "an ELF file")
        let type = UInt16(header[16]) | UInt16(header[17]) << 8  // e_type: 2 a fixed address, 3 position-independent
        let ldd = try CLIRunner.runProcess(URL(fileURLWithPath: "/usr/bin/ldd"), [binary.path])
        let libraries = ldd.standardOutput
        if ProcessInfo.processInfo.environment["LECTERN_BINARY"].map({ !$0.isEmpty }) == true {
            #expect(type == 2, "\(binary.path) is linked at a fixed address")
            #expect(!libraries.contains("libswiftCore") && !libraries.contains("libFoundation"), "\(libraries)")
        } else {
            #expect(type == 3, "\(binary.path), built by the package, is position-independent")
        }
        // ldd binds every symbol, so the loader says here what a command would on its path.
        #expect(ldd.status == 0 && ldd.standardError == "", "\(ldd)")
    }

    @Test func theLibraryExampleIsTheOneCIBuilds() throws {
        let block = try #require(Self.block(after: "## Use it as a library", language: "swift"))
        let example = try String(
            contentsOf: TestCorpus.packageRoot.appendingPathComponent(
                "Examples/QuickStart/Sources/QuickStart/main.swift"),
            encoding: .utf8)
        #expect(block == example)
    }
    /// The codes the README's "Diagnostic codes" table lists, in its order.
    static var listedCodes: [String] {
        guard let section = readme.components(separatedBy: "## Diagnostic codes\n").dropFirst().first else { return [] }
        let body = section.components(separatedBy: "\n## ").first ?? ""
        return body.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 3)..<end])
        }
    }

    @Test func everyDiagnosticCodeIsListedOnceWithWhatToDo() {
        let codes = Diagnostic.Kind.allCases.map(\.rawValue)
        let listed = Self.listedCodes
        #expect(Set(codes).subtracting(listed).sorted() == [], "codes missing from the README")
        #expect(Set(listed).subtracting(codes).sorted() == [], "README lists codes that do not exist")
        #expect(listed.count == Set(listed).count, "a code is listed twice")
        for code in codes {
            #expect(code.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D })
        }
    }
}
