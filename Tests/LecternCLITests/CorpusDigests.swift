import Foundation
import Lectern
import LecternKernels

/// The checked-in record of what `lectern` wrote for every corpus folder: per folder, the digest of each source
/// file (the corpus's own identity) and of each output file (`check --vref`'s streams and status, and every file
/// `export` writes as USX, USFM, USJ and JSON). `CorpusOutputDigestTests` computes it and compares it with
/// `Fixtures/corpus-output-digests.json`, or rewrites that file when recording.
///
/// A change of the parsers, the document model, the store or the writers that changes one byte of any of them
/// fails the test, naming the folder, the format and the file.
///
/// For each folder of the corpus (`$LECTERN_CORPUS`, else `../shared/corpus`; skipped when absent) the commands
/// run in this process through `LecternCLI.run`, the code the `lectern` binary runs: `check --vref FOLDER` (the
/// corpus's own path taken out of the diagnostics, so they do not depend on where it is), then, after the folder
/// is imported into a temporary library as `lectern import` does it (without the search index, which no export
/// reads), `export --format usx|usfm|usj --output DIR` and `export --format json --output export.json`. Each
/// output is kept as its CRC-32C and byte length (`digest(_:)`): `check/stdout`, `check/stderr`, `check/status`,
/// `usx/001GEN.usx`, …, `usx/metadata.json`, `json/export.json`. Two things that change on every run are left out: the seconds at the
/// end of check's summary line, and the value of `importedAt` in the JSON export. The digests of the corpus's
/// own files are recorded too, so a changed corpus is reported as such rather than as changed outputs.
///
/// A folder that is not in the fixture fails, and so does one in the fixture that the corpus no longer has.
/// To record (after checking that a change of output is meant):
///
///     LECTERN_RECORD_CORPUS_DIGESTS=1 swift test --filter CorpusOutputDigestTests
///
/// The folders run side by side on every core (`Parallel.map`), the largest first.
struct CorpusDigests: Codable, Equatable, Sendable {
    /// One folder's digests, each keyed by a relative name.
    struct Folder: Codable, Equatable, Sendable {
        /// Every file of the source folder by its path in the folder (`02-GENeng-web.usfm`), as stored on disk.
        var corpus: [String: String]
        /// Every output by `FORMAT/FILE` (`usx/001GEN.usx`, `json/export.json`, `check/stdout`).
        var outputs: [String: String]
    }

    /// How to re-record, for whoever opens the file.
    var about: String = CorpusDigests.aboutText
    /// The folders by name (`eng-web-usfm`).
    var folders: [String: Folder]

    static let aboutText =
        "Digests (CRC-32C in hex : byte length) of every corpus folder's sources and of what lectern writes for it; "
        + "written by CorpusOutputDigestTests with LECTERN_RECORD_CORPUS_DIGESTS=1, never by hand."

    /// The fixture's name in `Tests/LecternCLITests/Fixtures`.
    static let fixtureName = "corpus-output-digests.json"

    /// The environment variable that asks the test to rewrite the fixture instead of comparing.
    static let recordVariable = "LECTERN_RECORD_CORPUS_DIGESTS"

    /// `1a2b3c4d:1234`: the bytes' CRC-32C (8 hex digits) and their count.
    static func digest(_ bytes: [UInt8]) -> String {
        let hex = String(CRC32C.checksum(bytes), radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex + ":\(bytes.count)"
    }

    /// The fixture's bytes: keys sorted, one entry a line, so a re-record's diff names the files that changed.
    func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + [0x0A]
    }

    /// Reads the fixture at `url`.
    static func read(_ url: URL) throws -> CorpusDigests {
        try JSONDecoder().decode(CorpusDigests.self, from: Data(contentsOf: url))
    }

    /// Every file under `folder` (recursively, hidden ones too) by its path relative to it, with its digest.
    static func sources(in folder: URL) throws -> [String: String] {
        var digests: [String: String] = [:]
        let root = folder.resolvingSymlinksInPath().path
        guard let walk = FileManager.default.enumerator(atPath: root) else { return [:] }
        while let relative = walk.nextObject() as? String {
            let path = root + "/" + relative
            guard case .regular? = try? FileKind.of(path) else { continue }
            digests[relative] = digest([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        }
        return digests
    }

    /// Every way `expected` (the fixture) and `actual` (this run) differ, one line each, naming the folder and
    /// file: folders missing on either side, a changed corpus folder (its outputs are then not compared: the
    /// sources changed, so re-record), and every output file changed, missing or new. Empty when they agree.
    static func differences(expected: CorpusDigests, actual: CorpusDigests) -> [String] {
        var lines: [String] = []
        let record = "rerun with \(recordVariable)=1 to record it"
        for name in Set(expected.folders.keys).union(actual.folders.keys).sorted() {
            guard let want = expected.folders[name] else {
                lines.append("\(name): the folder is not in Fixtures/\(fixtureName); \(record)")
                continue
            }
            guard let have = actual.folders[name] else {
                lines.append("\(name): in Fixtures/\(fixtureName) but not in the corpus; \(record) without it")
                continue
            }
            let sources = changes(want.corpus, have.corpus)
            if !sources.isEmpty {
                lines.append(
                    "\(name): the corpus changed since the digests were recorded (\(sources.joined(separator: "; "))); "
                        + "its outputs were not compared; \(recordVariable)=1 re-records them")
                continue
            }
            lines += changes(want.outputs, have.outputs).map { "\(name): \($0)" }
        }
        return lines
    }

    /// `changed usx/001GEN.usx (was 1a2b3c4d:10, now 5e6f7a8b:11)`, `missing …`, `new …`: every key that differs.
    static func changes(_ expected: [String: String], _ actual: [String: String]) -> [String] {
        Set(expected.keys).union(actual.keys).sorted().compactMap { key in
            switch (expected[key], actual[key]) {
            case let (want?, have?) where want != have: "changed \(key) (was \(want), now \(have))"
            case (_?, nil): "missing \(key) (was \(expected[key] ?? ""))"
            case (nil, let have?): "new \(key) (\(have))"
            default: nil
            }
        }
    }
}
