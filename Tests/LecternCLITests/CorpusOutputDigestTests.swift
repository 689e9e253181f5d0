import Foundation
import Lectern
import LecternCLI
import LecternTestSupport
import TestSupport
import Testing

/// Every corpus folder's `lectern check --vref` output and `lectern export` files (USX, USFM, USJ, JSON), byte
/// for byte as recorded in `Fixtures/corpus-output-digests.json`; each differing file is named. What runs, what
/// is left out and how to record: `CorpusDigests`. Record with
/// `LECTERN_RECORD_CORPUS_DIGESTS=1 swift test --filter CorpusOutputDigestTests`.
@Suite(.enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
struct CorpusOutputDigestTests {
    /// Whether this run rewrites the fixture.
    static var isRecording: Bool { ProcessInfo.processInfo.environment[CorpusDigests.recordVariable] == "1" }

    /// Every folder of the corpus, found rather than listed, so a new folder must be recorded.
    static func folders() throws -> [String] {
        let root = TestCorpus.root.path
        return try FileManager.default.contentsOfDirectory(atPath: root)
            .filter { (try? FileKind.of(root + "/" + $0)) == .folder }.sorted()
    }

    @Test func everyFolderWritesWhatWasRecorded() throws {
        let fixture = CLIRunner.fixture(CorpusDigests.fixtureName)
        guard Self.isRecording || FileManager.default.fileExists(atPath: fixture.path) else {
            Issue.record("\(fixture.path) is missing; \(CorpusDigests.recordVariable)=1 records it")
            return
        }
        let recorded = Self.isRecording ? nil : try CorpusDigests.read(fixture)
        let names = try Self.folders()
        let sources = try names.map { try CorpusDigests.sources(in: TestCorpus.folder($0)) }
        // Outputs only where they are compared: a folder whose sources changed is reported as such.
        let wanted = zip(names, sources).filter { name, corpus in
            recorded.map { $0.folders[name]?.corpus == corpus } ?? true
        }
        let largestFirst = wanted.sorted { Self.weight($0.1) > Self.weight($1.1) }.map(\.0)
        let outputs = try Parallel.map(largestFirst) { name in try Self.outputs(of: name) }
        let computed = Dictionary(uniqueKeysWithValues: zip(largestFirst, outputs))
        let actual = CorpusDigests(
            folders: Dictionary(
                uniqueKeysWithValues: zip(names, sources).map { name, corpus in
                    (name, CorpusDigests.Folder(corpus: corpus, outputs: computed[name] ?? [:]))
                }))
        guard let recorded else {
            try Data(try actual.encoded()).write(to: fixture, options: .atomic)
            print("recorded \(names.count) folders' digests in \(fixture.path)")
            return
        }
        let differences = CorpusDigests.differences(expected: recorded, actual: actual)
        if !differences.isEmpty {
            let heading = "\(differences.count) differences from Fixtures/\(CorpusDigests.fixtureName):"
            Issue.record(Comment(rawValue: ([heading] + differences).joined(separator: "\n")))
        }
    }

    /// The digests of everything `check --vref` and `export` write for one corpus folder.
    static func outputs(of folder: String) throws -> [String: String] {
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        let source = TestCorpus.folder(folder).path
        var digests: [String: String] = [:]
        // `check` reads its paths as given, against the process's working directory, so the path is absolute;
        // the corpus's place is taken out of what it prints.
        let check = CLIRunner.run(["check", "--vref", source])
        digests["check/stdout"] = CorpusDigests.digest(Array(check.standardOutput.utf8))
        let diagnostics = withoutSeconds(check.standardError)
            .replacingOccurrences(of: TestCorpus.root.path + "/", with: "")
        digests["check/stderr"] = CorpusDigests.digest(Array(diagnostics.utf8))
        digests["check/status"] = "exit \(check.status)"

        // What `lectern import` does (`ImportCommand.run`, `Library.importBible`) but the search index, which
        // no export reads and which would cost a tenth of the test's time.
        let library = Library(directory: scratch.path + "/library")
        // The parse the corpus suites share (`CorpusParses`): what `VersionSource.read(paths: [source])` returns.
        var reading = CorpusParses.reading(folder)
        let books = reading.result.books
        reading.result.books = []
        guard !reading.result.hasErrors, !books.isEmpty else {
            digests["import/status"] = "\(reading.result.diagnostics.count { $0.severity == .error }) errors"
            return digests
        }
        let metadata = try VersionMetadata.forImport(
            of: books, paths: [source], id: nil, abbreviation: nil, title: nil, language: nil,
            bundle: reading.bundle, versification: nil)
        _ = try library.add(books: consume books, metadata: metadata, id: nil, replace: false, sections: [])
        let selection = ["--library", library.directory]
        for format in ["usx", "usfm", "usj"] {
            let output = scratch.path + "/" + format
            let export = CLIRunner.run(["export"] + selection + ["--format", format, "--output", output])
            digests["\(format)/status"] = "exit \(export.status)"
            for name in try FileManager.default.contentsOfDirectory(atPath: output) {
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output + "/" + name)))
                digests["\(format)/\(name)"] = CorpusDigests.digest(bytes)
            }
            try? FileManager.default.removeItem(atPath: output)  // the disk holds one format at a time
        }
        let json = scratch.path + "/export.json"
        let export = CLIRunner.run(["export"] + selection + ["--format", "json", "--output", json])
        digests["json/status"] = "exit \(export.status)"
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: json)))
        digests["json/export.json"] = CorpusDigests.digest(withoutImportTime(bytes))
        return digests
    }

    /// Check's summary line without its time: `… 83 notes (2.84 s)` → `… 83 notes`.
    static func withoutSeconds(_ text: String) -> String {
        text.replacingOccurrences(of: #" \([0-9]+\.[0-9]+ s\)\n"#, with: "\n", options: .regularExpression)
    }

    /// The JSON export with the value of its first `"importedAt"` (near the start) replaced by `""`.
    static func withoutImportTime(_ bytes: [UInt8]) -> [UInt8] {
        let key = Array(#","importedAt":""#.utf8)
        let head = bytes.prefix(4096)
        guard let start = (0...max(0, head.count - key.count)).first(where: { head[$0..<$0 + key.count].elementsEqual(key) }),
            let end = bytes[(start + key.count)...].firstIndex(of: UInt8(ascii: "\""))
        else { return bytes }
        return Array(bytes[..<(start + key.count)] + bytes[end...])
    }

    /// Roughly how much text a folder holds, to start the largest first: gzipped files count nine times.
    static func weight(_ corpus: [String: String]) -> Int {
        corpus.reduce(0) { total, entry in
            let size = Int(entry.value.split(separator: ":").last ?? "") ?? 0
            return total + (entry.key.hasSuffix(".gz") ? 9 * size : size)
        }
    }
}

/// The comparison itself, on small tables: it fails on each kind of difference and names the file.
struct CorpusDigestDifferenceTests {
    static let folder = CorpusDigests.Folder(
        corpus: ["01GEN.usfm": "00000001:10"],
        outputs: ["check/stdout": "00000002:20", "usx/001GEN.usx": "00000003:30"])

    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var actual: [String: CorpusDigests.Folder]
        var expected: [String]
    }

    static let cases: [Case] = [
        Case(testDescription: "same", actual: ["a": folder], expected: []),
        Case(
            testDescription: "a folder not recorded", actual: ["a": folder, "b": folder],
            expected: ["b: the folder is not in Fixtures/corpus-output-digests.json"]),
        Case(testDescription: "a folder gone", actual: [:], expected: ["a: in Fixtures/corpus-output-digests.json"]),
        Case(
            testDescription: "the corpus changed",
            actual: ["a": .init(corpus: ["01GEN.usfm": "00000009:10"], outputs: [:])],
            expected: ["a: the corpus changed since the digests were recorded (changed 01GEN.usfm"]),
        Case(
            testDescription: "an export changed",
            actual: ["a": .init(corpus: folder.corpus, outputs: folder.outputs.merging(["usx/001GEN.usx": "00000004:30"]) { $1 })],
            expected: ["a: changed usx/001GEN.usx (was 00000003:30, now 00000004:30)"]),
        Case(
            testDescription: "a file missing and one new",
            actual: ["a": .init(corpus: folder.corpus, outputs: ["check/stdout": "00000002:20", "usx/002EXO.usx": "00000005:1"])],
            expected: ["a: missing usx/001GEN.usx (was 00000003:30)", "a: new usx/002EXO.usx (00000005:1)"]),
    ]

    @Test(arguments: cases)
    func differencesNameEveryFile(_ test: Case) {
        let lines = CorpusDigests.differences(
            expected: CorpusDigests(folders: ["a": Self.folder]), actual: CorpusDigests(folders: test.actual))
        #expect(lines.count == test.expected.count, "\(lines)")
        for (line, prefix) in zip(lines, test.expected) {
            #expect(line.hasPrefix(prefix), "\(line)")
        }
    }

    @Test func digestsAreCRC32CAndLength() {
        // The CRC-32C check value of "123456789" (RFC 3720).
        #expect(CorpusDigests.digest(Array("123456789".utf8)) == "e3069283:9")
        #expect(CorpusDigests.digest([]) == "00000000:0")
    }

    @Test func theVaryingPartsAreLeftOut() {
        #expect(
            CorpusOutputDigestTests.withoutSeconds("a.usfm:1:1: warning: x\n1 books, 0 notes (12.34 s)\n")
                == "a.usfm:1:1: warning: x\n1 books, 0 notes\n")
        let json = Array(#"{"sourceFormat":"usfm","importedAt":"2026-12-01T16:25:39Z","books":[]}"#.utf8)
        #expect(
            String(decoding: CorpusOutputDigestTests.withoutImportTime(json), as: UTF8.self)
                == #"{"sourceFormat":"usfm","importedAt":"","books":[]}"#)
    }
}
