import Foundation
import TestSupport
import Testing

/// `lectern search --bible all` while `lectern remove` deletes one of the Bibles it listed, through the built
/// binary: the open of the second Bible's store is held back 1.5 s (`strace -P … inject=openat:delay_enter`),
/// the remove lands in that time, and the search skips the Bible with a note and answers from the rest
/// (it failed with "no version '2'" for the whole search).
@Suite(.serialized, .enabled(if: Required.runs(FaultInjection.canTrace), "strace cannot trace a child here"))
struct SearchDuringRemoveTests {
    @Test func aBibleRemovedMidSearchIsSkippedWithANote() throws {
        guard let binary = CLIRunner.binary() else { throw CLIRunner.BinaryNotFound(message: CLIRunner.binaryMissingMessage) }
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        // (strace resolves the path it is given and says so when it differs: `/tmp//x` is given as `/tmp/x`.)
        let library = (folder.path + "/library").replacingOccurrences(of: "//", with: "/")
        for name in ["AAA", "BBB"] {
            let imported = try CLIRunner.runBinary(
                ["import", TestCorpus.sample("sample/usfm").path, "--abbreviation", name, "--library", library])
            #expect(imported.status == 0, "\(imported)")
        }
        let search = Process()
        search.executableURL = URL(fileURLWithPath: FaultInjection.stracePath)
        search.arguments = [
            "-f", "-qq", "-o", "/dev/null", "-P", library + "/versions/2.lectern", "-e", "trace=openat", "-e",
            "inject=openat:delay_enter=1500000", binary.path, "search", "God", "--bible", "all", "--library", library,
        ]
        let output = Pipe()
        let error = Pipe()
        search.standardOutput = output
        search.standardError = error
        try search.run()
        usleep(500_000)
        let removed = try CLIRunner.runBinary(["remove", "BBB", "--library", library])
        #expect(removed.status == 0, "\(removed)")
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let said = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        search.waitUntilExit()
        #expect(search.terminationReason == .exit && search.terminationStatus == 0, "\(said)")
        #expect(said == "Note: Bible 2 was removed from the library during the search; skipped\n")
        #expect(printed.hasPrefix("God in 1 Bibles: AAA 9\n"), "\(printed)")
    }
}
