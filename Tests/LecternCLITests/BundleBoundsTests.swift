import Foundation
import TestSupport
import Testing

@testable import Lectern

/// Zip bundles past Lectern's bounds, through the built binary: an entry over the 256 MB a file may hold
/// (declared, or hidden behind a header that says 256 bytes) under a memory limit of 800 MB
/// (`ulimit -v 800000`), and gzip inside a zip past the archive's 1 GiB. Each ends with exit status 1 and
/// the sentence, never a signal.
@Suite(.serialized) struct BundleBoundsTests {
    /// The start of a book whose one verse is `count` bytes of `a`.
    static let head = Array("\\id GEN\n\\c 1\n\\p\n\\v 1 ".utf8)

    /// The inputs, written once per test process (about 2.5 MB on disk).
    static let inputs: Result<(folder: String, bomb: String, lying: String, gzipped: String), any Error> = Result {
        let folder = TemporaryDirectory()
        ExitCleanup.remove(atExit: folder.path)
        // 301 MB of one letter deflate to 300 KB.
        let bomb = folder.path + "/bomb.zip"
        try ZipArchive.write([("GEN.usfm", head + [UInt8](repeating: UInt8(ascii: "a"), count: 300 << 20))], to: bomb)
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: bomb)))
        for (signature, offset) in [([0x50, 0x4B, 0x03, 0x04] as [UInt8], 22), ([0x50, 0x4B, 0x01, 0x02], 24)] {
            let start = try #require(find(signature, in: bytes))
            bytes.replaceSubrange((start + offset)..<(start + offset + 4), with: [0x00, 0x01, 0x00, 0x00])
        }
        let lying = try folder.write(bytes, to: "lying.zip")
        // Five .usfm.gz entries of 255 MB of content each: 1.3 GB from a zip of a few megabytes.
        let content = folder.path + "/content"
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = [
            "-c", "{ printf '%s' \"$1\"; head -c 267000000 /dev/zero | tr '\\0' a; } | gzip -n -9 > \"$2\"", "sh",
            String(decoding: head, as: UTF8.self), content,
        ]
        try shell.run()
        shell.waitUntilExit()
        let gz = Array(try Data(contentsOf: URL(fileURLWithPath: content)))
        let gzipped = folder.path + "/gzipped.zip"
        try ZipArchive.write((1...5).map { ("B\($0).usfm.gz", gz) }, to: gzipped)
        return (folder.path, bomb, lying, gzipped)
    }

    /// Runs the binary with a memory limit of `kilobytes` (`ulimit -v`).
    static func run(_ arguments: [String], memoryLimit kilobytes: Int? = nil) throws -> CLIResult {
        guard let binary = CLIRunner.binary() else { throw CLIRunner.BinaryNotFound(message: CLIRunner.binaryMissingMessage) }
        let limit = kilobytes.map { "ulimit -v \($0) && " } ?? ""
        return try CLIRunner.runProcess(
            URL(fileURLWithPath: "/bin/sh"), ["-c", limit + "exec \"$0\" \"$@\"", binary.path] + arguments,
            environment: ["SWIFT_BACKTRACE": "enable=no"])
    }

    @Test(arguments: ["check", "import"])
    func anEntryOverTheFileLimitIsRefusedUnderAMemoryLimit(command: String) throws {
        let inputs = try Self.inputs.get()
        let library = inputs.folder + "/library-\(command)"
        let declared = try Self.run([command, inputs.bomb, "--library", library], memoryLimit: 800_000)
        #expect(declared.status == 1, "\(declared)")
        #expect(
            declared.standardError.contains(
                inputs.bomb + "/GEN.usfm: error: the file is 301 MB; Lectern reads files of at most 256 MB [file-too-large]"),
            "\(declared)")
        let lying = try Self.run([command, inputs.lying, "--library", library], memoryLimit: 800_000)
        #expect(lying.status == 1, "\(lying)")
        #expect(
            lying.standardError.contains(
                inputs.lying + "/GEN.usfm: error: its content is more than 256 MB decompressed; Lectern reads files "
                    + "of at most 256 MB [file-too-large]"), "\(lying)")
        #expect(!FileManager.default.fileExists(atPath: library + "/versions"))
    }

    @Test func gzipInsideAZipIsCountedAgainstTheArchive() throws {
        let inputs = try Self.inputs.get()
        let result = try Self.run(["check", inputs.gzipped])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.standardError
                == inputs.gzipped + ": error: cannot read it: its sources hold more than 1024 MB uncompressed; "
                + "refused as a possible zip bomb [unreadable-file]\n", "\(result)")
        #expect(result.standardOutput.hasPrefix("0 books"), "\(result)")
    }

    /// Metadata built to be slow to read when strings are rebuilt for each piece: a DBL copyright of 100,000
    /// paragraphs and a Burrito statement of one tag of 400,000 characters. Both are read whole, in linear
    /// time (46 s and 64 s before), and their text is the bundle's copyright.
    @Test(arguments: ["dbl", "burrito"])
    func metadataOfManyPiecesIsReadWhole(kind: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path + "/\(kind).zip"
        let usfm = Array("\\id RUT\n\\c 1\n\\p\n\\v 1 In the days when the judges judged.\n".utf8)
        let expected: String
        if kind == "dbl" {
            let paragraphs = String(repeating: "<p>x</p>", count: 100_000)
            let xml = "<?xml version=\"1.0\"?><DBLMetadata><identification><name>Many</name><abbreviation>MNY</abbreviation>"
                + "</identification><language><iso>en</iso></language><copyright><fullStatement><statementContent>"
                + paragraphs + "</statementContent></fullStatement></copyright></DBLMetadata>"
            let usx = #"<usx version="3.0"><book code="RUT" style="id"/><chapter number="1" style="c"/><para style="p"><verse number="1" style="v"/>In the days.</para></usx>"#
            try ZipArchive.write([("metadata.xml", Array(xml.utf8)), ("release/USX_1/RUT.usx", Array(usx.utf8))], to: path)
            expected = Array(repeating: "x", count: 100_000).joined(separator: " ")
        } else {
            let statement = "© 2026 <" + String(repeating: "a", count: 400_000) + "> Society"
            let json = #"{"format":"scripture burrito","meta":{"version":"1.0.0"},"identification":{"name":{"en":"Many"},"abbreviation":{"en":"MNY"}},"languages":[{"tag":"en"}],"copyright":{"shortStatements":[{"statement":""#
                + statement + #"","lang":"en"}]},"ingredients":{"ingredients/RUT.usfm":{}}}"#
            try ZipArchive.write([("metadata.json", Array(json.utf8)), ("ingredients/RUT.usfm", usfm)], to: path)
            expected = "© 2026 Society"
        }
        let library = folder.path + "/library"
        let imported = try CLIRunner.runBinary(["import", path, "--library", library, "--json"])
        #expect(imported.status == 0, "\(imported)")
        let bible = try JSONNode.parse(imported.standardOutput)["bible"]
        #expect(bible?["abbreviation"]?.string == "MNY")
        #expect(bible?["copyright"]?.string == expected)
    }

    /// A zip of 2,000 copies of one book: the first is kept, each other is an error naming it, nothing imported.
    @Test func copiesOfOneBookAreErrorsAtEachLaterCopy() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path + "/copies.zip"
        let book = Array("\\id GEN\n\\c 1\n\\p\n\\v 1 In the beginning.\n".utf8)
        try ZipArchive.write((0..<2000).map { (String(format: "b%04d.usfm", $0), book) }, to: path)
        let result = try CLIRunner.runBinary(["import", path, "--library", folder.path + "/library"])
        #expect(result.status == 1, "\(result)")
        let lines = result.standardError.split(separator: "\n")
        #expect(
            lines.first.map(String.init)
                == path + "/b0001.usfm:1:1: error: book GEN was already read from \(path)/b0000.usfm:1:1; this copy is "
                + "skipped [duplicate-book]")
        #expect(lines.count == 2000, "\(lines.count)")
        #expect(lines.last == "Error: 1999 errors in the input; nothing was imported (fix them, or use --allow-errors)")
    }

    /// A folder's `metadata.json` or `metadata.xml` of 600 MB (sparse: no disk space) is refused by its size
    /// with the zip's limit of 16 MB, unread; the folder's sources are still read.
    @Test(arguments: ["metadata.json", "metadata.xml"])
    func aFolderBundlesMetadataIsBoundedLikeAZips(name: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let bundle = folder.path + "/bundle"
        try FileManager.default.copyItem(atPath: TestCorpus.sample("sample/usfm").path, toPath: bundle)
        let path = bundle + "/" + name
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 600 << 20)
        try handle.close()
        let result = try FaultInjection.lectern(["check", bundle], .memoryLimit(kilobytes: 800_000))
        #expect(result.status == 1, "\(result)")
        #expect(
            result.standardError.split(separator: "\n").first.map(String.init)
                == path + ": error: the file is 600 MB; Lectern reads files of at most 16 MB [file-too-large]",
            "\(result)")
        // The rest: the sample's own two warnings (its Psalms are chapters 3 and 23).
        #expect(result.standardError.split(separator: "\n").dropFirst().allSatisfy { $0.hasSuffix("[missing-chapter]") })
        #expect(result.standardOutput.hasPrefix("4 books, 7 chapters, 30 verses, 1 error"), "\(result)")
    }

    /// Where `signature` first occurs in `bytes`.
    static func find(_ signature: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= signature.count else { return nil }
        return (0...(bytes.count - signature.count)).first { Array(bytes[$0..<$0 + signature.count]) == signature }
    }
}
