import Foundation
import TestSupport
import Testing

/// Output that cannot be written, through the built binary: a full disk (`/dev/full`), a closed descriptor
/// (`>&-`), a pipe whose reader has gone while `SIGPIPE` is ignored. Each ends with exit status 1 and
/// `Error: cannot write output: …` (nothing on a closed pipe, as with the signal), never with a signal.
@Suite struct OutputFailureTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        /// Shell redirections after the command (`>/dev/full`, `>&-`, `2>/dev/full`).
        var redirection: String
        /// What standard error must say (checked with `contains`); nil when standard error is the failing stream.
        var message: String?
        var testDescription: String { "lectern \(arguments.joined(separator: " ")) \(redirection)" }
    }

    static let full = "Error: cannot write output: the disk is full (free some space and try again)\n"
    static let closed = "Error: cannot write output: bad file descriptor\n"

    static let cases: [Case] = [
        Case(arguments: ["versions"], redirection: ">/dev/full", message: full),
        Case(arguments: ["versions", "--json"], redirection: ">/dev/full", message: full),
        Case(arguments: ["versions"], redirection: ">&-", message: closed),
        Case(arguments: ["--help"], redirection: ">/dev/full", message: full),
        Case(arguments: ["--version"], redirection: ">&-", message: closed),
        Case(arguments: ["read", "GEN", "1"], redirection: ">/dev/full", message: full),
        Case(arguments: ["read", "GEN", "1", "--json"], redirection: ">&-", message: closed),
        Case(arguments: ["search", "God"], redirection: ">/dev/full", message: full),
        Case(arguments: ["books"], redirection: ">/dev/full", message: full),
        Case(arguments: ["export", "--bible", "1", "--format", "vref", "--output", "-"], redirection: ">/dev/full", message: full),
        // The failing stream is standard error: nothing can be said, the status says it.
        Case(arguments: ["read", "X"], redirection: "2>/dev/full", message: nil),
        Case(arguments: ["read", "X"], redirection: "2>&-", message: nil),
        Case(arguments: ["frobnicate"], redirection: "2>/dev/full", message: nil),
    ]

    @Test(arguments: cases)
    func aFailedWriteIsASentenceAndStatusOne(_ test: Case) throws {
        guard let binary = CLIRunner.binary() else { throw CLIRunner.BinaryNotFound(message: CLIRunner.binaryMissingMessage) }
        let command = "exec \"$0\" \"$@\" " + test.redirection
        let result = try CLIRunner.runProcess(
            URL(fileURLWithPath: "/bin/sh"), ["-c", command, binary.path] + test.arguments + ["--library", BinarySample.library])
        let expected: Int32 = test.arguments == ["frobnicate"] ? 64 : 1
        #expect(result.status == expected, "\(result)")
        if let message = test.message {
            #expect(result.standardError.hasSuffix(message), "\(result)")
        }
        #expect(result.standardOutput.isEmpty || test.redirection.hasPrefix("2"), "\(result)")
    }

    /// A pipe whose reading end is closed before the command starts, with `SIGPIPE` ignored (as a parent that
    /// ignores it passes on): every write fails with `EPIPE`, and the command ends quietly with status 1.
    @Test(arguments: [["read", "GEN", "1"], ["versions"], ["search", "God", "--json"], ["--help"]])
    func aClosedPipeEndsQuietly(_ arguments: [String]) throws {
        guard let binary = CLIRunner.binary() else { throw CLIRunner.BinaryNotFound(message: CLIRunner.binaryMissingMessage) }
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        let writer = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "trap '' PIPE; exec \"$0\" \"$@\"", binary.path] + arguments + ["--library", BinarySample.library]
        process.standardOutput = writer
        let error = Pipe()
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try writer.close()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 1)
        #expect(message.isEmpty, "\(message)")
    }

    /// `export --output -` writes the one-stream formats to standard output (it made a folder named `-`) and
    /// refuses the formats of one file a book; no file or folder named `-` is made.
    @Test(arguments: [
        ("vref", 0, "GEN 1:1\tIn the beginning"), ("json", 0, "{\"schemaVersion\":1,\"command\":\"export\""),
        ("usfm", 0, "\\id GEN "), ("usx", 64, ""), ("usj", 64, ""),
    ] as [(String, Int32, String)])
    func exportToADash(format: String, status: Int32, start: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let result = try CLIRunner.runBinary(
            ["export", "--bible", "1", "--format", format, "--output", "-", "--library", BinarySample.library],
            currentDirectory: URL(fileURLWithPath: folder.path))
        #expect(result.status == status, "\(result)")
        if status == 0 {
            #expect(result.standardOutput.hasPrefix(start), "\(result.standardOutput.prefix(80))")
        } else {
            #expect(
                result.standardError.hasPrefix(
                    "Error: --format \(format) needs --output FOLDER (one file per book) ('-', standard output, is for "
                        + "vref, json and usfm)\n"), "\(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/-"))
    }
}
