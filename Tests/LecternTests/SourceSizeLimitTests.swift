import Foundation
import Lectern
import TestSupport
import Testing

/// The largest file Lectern reads, given here as a small limit so that no test needs a 256 MB file: a
/// file past it is refused by its size, a `.gz` file by its content, before either fills memory.
@Suite struct SourceSizeLimitTests {
    static let verse = "\\id GEN\n\\c 1\n\\p\n\\v 1 " + String(repeating: "In the beginning ", count: 200_000) + "\n"

    /// `gzip -c` of `bytes`, through the system's gzip.
    static func gzip(_ bytes: [UInt8], in folder: TemporaryDirectory) throws -> [UInt8] {
        try systemGzip(["-c", try folder.write(bytes, to: "plain")])
    }

    /// `gzip -dc` of a file, through the system's gzip.
    static func gunzip(_ path: String) throws -> [UInt8] {
        try systemGzip(["-dc", path])
    }

    /// What the system's gzip writes to standard output, given `arguments`.
    static func systemGzip(_ arguments: [String]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return [UInt8](data)
    }

    @Test func aFileOverTheLimitIsRefusedByItsSize() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let bytes = Array(Self.verse.utf8)
        let path = try folder.write(bytes, to: "big.usfm")
        #expect(bytes.count > 3 << 20 && bytes.count < 4 << 20)
        #expect(throws: FileProblem(.tooLarge(bytes: bytes.count, limit: 1 << 20), path: path)) {
            try VersionSource.read(path, limit: 1 << 20)
        }
        #expect(
            VersionSource.parse(paths: [path], limit: 1 << 20).diagnostics.map(\.description)
                == ["\(path): error: the file is 4 MB; Lectern reads files of at most 1 MB [file-too-large]"])
        #expect(try VersionSource.read(path, limit: bytes.count) == bytes)
    }

    @Test func aGzipFileIsRefusedByItsContent() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let bytes = Array(Self.verse.utf8)
        let compressed = try Self.gzip(bytes, in: folder)
        let path = try folder.write(compressed, to: "big.usfm.gz")
        #expect(compressed.count < 1 << 20)
        #expect(throws: FileProblem(.tooLarge(bytes: nil, limit: 1 << 20), path: path)) {
            try VersionSource.read(path, limit: 1 << 20)
        }
        #expect(
            VersionSource.parse(paths: [path], limit: 1 << 20).diagnostics.map(\.description) == [
                "\(path): error: its content is more than 1 MB decompressed; Lectern reads files of at most 1 MB"
                    + " [file-too-large]"
            ])
        // One byte short of the content is too little; the content's own size is enough.
        #expect(throws: FileProblem(.tooLarge(bytes: nil, limit: bytes.count - 1), path: path)) {
            try VersionSource.read(path, limit: bytes.count - 1)
        }
        #expect(try VersionSource.read(path, limit: bytes.count) == bytes)
        #expect(try Gzip.decompress(compressed) == bytes)
    }

    @Test func damagedGzipDataIsStillAnError() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        var compressed = try Self.gzip(Array(Self.verse.utf8), in: folder)
        compressed.removeLast(compressed.count / 2)
        #expect(throws: Gzip.Failure.self) { try Gzip.decompress(compressed) }
    }

    /// Real `.gz` books (their trailers give sizes a single pass trusts) come out as the system's
    /// `gzip -dc` gives them; so do two concatenated members, whose last trailer gives only the
    /// second member's size, and a stream whose trailer claims more than it holds is damaged.
    @Test(.enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
    func gzipFilesComeOutWholeWhateverTheirTrailersSay() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let paths = ["hbo-wlc-usfm/heb_GEN.usfm.gz", "grc-ugnt-usx/040MAT.usx.gz"].map {
            TestCorpus.root.appendingPathComponent($0).path
        }
        var books: [[UInt8]] = []
        var members: [UInt8] = []
        for path in paths {
            let compressed = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let plain = try Self.gunzip(path)
            #expect(plain.count > 1 << 20 && plain.count < compressed.count * 32, "\(path)")
            #expect(try Gzip.decompress(compressed) == plain, "\(path)")
            books.append(plain)
            members += compressed
        }
        #expect(try Gzip.decompress(members) == books[0] + books[1])
        var lying = try Self.gzip(books[1], in: folder)
        lying[lying.count - 2] &+= 1  // ISIZE 64 KB larger than the content
        #expect(throws: Gzip.Failure.self) { try Gzip.decompress(lying) }
    }

    @Test(arguments: [
        (300 << 20, "the file is 300 MB; Lectern reads files of at most 256 MB"),
        ((1 << 30) + (1 << 30) / 5, "the file is 1.2 GB; Lectern reads files of at most 256 MB"),
        ((256 << 20) + 1, "the file is 257 MB; Lectern reads files of at most 256 MB"),
    ])
    func theSizeIsSaidInMegabytesOrGigabytes(bytes: Int, text: String) {
        #expect(FileProblem.Cause.tooLarge(bytes: bytes, limit: VersionSource.maximumFileSize).text == text)
    }
}
