import Foundation
import TestSupport
import Testing

/// Every input from outside the repository that some test needs, each a case: outside CI a missing one is a
/// recorded skip with what to install or set; in CI (`CI=true`) a failure, so a green CI run means that no
/// test was skipped for want of it (see `Required`).
struct RequiredInputsTests {
    struct Input: Sendable, CustomTestStringConvertible {
        var name: String
        var isThere: @Sendable () -> Bool
        var message: @Sendable () -> String
        var testDescription: String { name }
    }

    static let inputs: [Input] = [
        Input(name: "the shared corpus", isThere: { TestCorpus.isAvailable }, message: { TestCorpus.missingMessage }),
        Input(name: "the shared spec", isThere: { SharedSpec.isAvailable() }, message: { SharedSpec.missingMessage }),
        Input(name: "xmllint and usx.rng", isThere: { RelaxNGCheck.isAvailable }, message: { RelaxNGCheck.missingMessage }),
        Input(name: "python3 with jsonschema", isThere: { USJSchemaCheck.isAvailable }, message: { USJSchemaCheck.missingMessage }),
        Input(
            name: "strace", isThere: { FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") },
            message: { "strace is not at /usr/bin/strace (apt install strace)" }),
    ]

    @Test(arguments: inputs)
    func theInputIsThere(_ input: Input) throws {
        try Required.skip(unless: input.isThere(), input.message())
        #expect(input.isThere())
    }

    /// The corpus holds the folders the suites read by name.
    @Test func theCorpusHasItsFolders() throws {
        try Required.skip(unless: TestCorpus.isAvailable, TestCorpus.missingMessage)
        for folder in ["eng-web-usfm", "eng-web-usx", "hbo-wlc-usfm", "hbo-uhb-usx", "grc-ugnt-usx", "cmn-cu89s-usfm"] {
            #expect(FileManager.default.fileExists(atPath: TestCorpus.folder(folder).path), "\(folder)")
        }
    }
}
