import Foundation
import ScriptureModel
import Synchronization
import TestSupport
import Testing

@testable import Lectern

/// Bundles that must not be read as they ask: damaged zips, entries that would escape the bundle, zip
/// bombs, and metadata that is broken or says too little.
struct BundleSafetyTests {
    static let book = Array("\\id RUT Plain source\n\\c 1\n\\p\n\\v 1 In the days when the judges judged.\n".utf8)

    /// The errors a read of `path` reports, and whether it found books.
    static func errors(_ path: String, limit: Int = 1 << 30) -> (messages: [String], files: [String], books: Int) {
        let reading = VersionSource.read(paths: [path], bundleLimit: limit)
        let errors = reading.result.diagnostics.filter { $0.severity == .error }
        return (errors.map(\.message), errors.map(\.location.file), reading.result.books.count)
    }

    /// The bytes of a small valid zip holding one book.
    static func validZip(in directory: TemporaryDirectory, deflate: Bool = true) throws -> [UInt8] {
        let path = directory.path + "/valid.zip"
        try ZipArchive.write([("RUT.usfm", book)], to: path, deflate: deflate)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func aPlainZipOfSourcesIsReadWithoutMetadata() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write(try Self.validZip(in: directory), to: "eng-plain_usfm.zip")
        let reading = VersionSource.read(paths: [path])
        #expect(reading.bundle == nil)
        #expect(reading.result.books.map(\.id.code) == ["RUT"])
        #expect(reading.result.diagnostics.filter { $0.severity == .error }.isEmpty)
    }

    @Test func aZipWithoutSourcesSaysSo() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/empty.zip"
        try ZipArchive.write([("metadata.xml", Array("<DBLMetadata/>".utf8)), ("README.txt", [0x41])], to: path)
        let reading = VersionSource.read(paths: [path])
        #expect(reading.result.books.isEmpty)
        let warnings = reading.result.diagnostics.filter { $0.kind == .unreadableFile }
        #expect(warnings.map(\.message) == ["the archive has no .usfm, .sfm, .usx or .usj files"])
        #expect(warnings.first?.location.file == path)
    }

    /// A way to damage a valid zip, and what the error then says.
    struct Damage: Sendable, CustomTestStringConvertible {
        var name: String
        var damage: @Sendable ([UInt8]) -> [UInt8]
        var message: String
        var testDescription: String { name }
    }

    static let damages: [Damage] = [
        Damage(name: "cut in half", damage: { Array($0.prefix($0.count / 2)) }, message: "not a readable zip archive"),
        Damage(name: "empty file", damage: { _ in [] }, message: "not a readable zip archive"),
        Damage(name: "text", damage: { _ in Array("not a zip\n".utf8) }, message: "not a readable zip archive"),
        Damage(
            name: "a byte of the stored data changed",
            damage: { bytes in
                // The entry is stored, not deflated: its text is there as written; the CRC no longer matches.
                var bytes = bytes
                if let index = find(Array("judges".utf8), in: bytes) { bytes[index] = UInt8(ascii: "J") }
                return bytes
            }, message: "its data is damaged"),
    ]

    @Test(arguments: damages)
    func aDamagedZipIsAnErrorWithItsPath(_ damage: Damage) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let valid = try Self.validZip(in: directory, deflate: false)
        let path = try directory.write(damage.damage(valid), to: "damaged.zip")
        let (messages, files, books) = Self.errors(path)
        #expect(books == 0)
        #expect(messages.count == 1)
        #expect(messages.first?.contains(damage.message) == true, "\(messages)")
        #expect(files.first?.hasPrefix(path) == true)
    }

    @Test(arguments: [
        ("../RUT.usfm", "it contains '..'"), ("/tmp/RUT.usfm", "it is an absolute path"),
        ("books/../../RUT.usfm", "it contains '..'"), ("books\\RUT.usfm", "it contains a backslash"),
        ("C:/RUT.usfm", "it starts with a drive letter"),
    ])
    func anEntryThatWouldEscapeTheBundleIsRefused(_ name: String, _ reason: String) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/unsafe.zip"
        try ZipArchive.write(
            [(name, Self.book), ("GEN.usfm", Array("\\id GEN x\n\\c 1\n\\p\n\\v 1 a\n".utf8))], to: path)
        let (messages, _, books) = Self.errors(path)
        #expect(messages == ["its entry '\(name)' is refused: \(reason); a bundle's paths must stay inside it"])
        // The refused entry is never read; the safe one is.
        #expect(books == 1)
    }

    @Test func aBurritoIngredientThatWouldEscapeIsRefused() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let metadata =
            #"{"format":"scripture burrito","meta":{"version":"1.0.0"},"ingredients":{"../outside/RUT.usfm":{}}}"#
        let path = directory.path + "/burrito.zip"
        try ZipArchive.write([("metadata.json", Array(metadata.utf8)), ("RUT.usfm", Self.book)], to: path)
        let (messages, files, _) = Self.errors(path)
        #expect(messages.first?.hasPrefix("its entry '../outside/RUT.usfm' is refused: it contains '..'") == true)
        #expect(files.first == path + "/metadata.json")
    }

    @Test func aZipBombIsRefusedBeforeItFillsMemory() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        // 4 MiB of one repeated verse deflate to a few kilobytes.
        let verse = Array("\\v 1 In the days when the judges judged.\n".utf8)
        let big = Self.book + Array([[UInt8]](repeating: verse, count: (4 << 20) / verse.count).joined())
        let path = directory.path + "/bomb.zip"
        try ZipArchive.write([("RUT.usfm", big)], to: path)
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        #expect(size < 64 << 10)
        let declared = Self.errors(path, limit: 1 << 20)
        #expect(declared.books == 0)
        #expect(declared.messages.first?.contains("refused as a possible zip bomb") == true, "\(declared.messages)")

        // A header that understates the size: libzip reads on past it, and the read stops at the limit.
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        for (signature, offset) in [([0x50, 0x4B, 0x03, 0x04] as [UInt8], 22), ([0x50, 0x4B, 0x01, 0x02], 24)] {
            guard let start = Self.find(signature, in: bytes) else { continue }
            bytes.replaceSubrange((start + offset)..<(start + offset + 4), with: [0x00, 0x01, 0x00, 0x00])
        }
        let lying = try directory.write(bytes, to: "lying.zip")
        let read = Self.errors(lying, limit: 1 << 20)
        #expect(read.books == 0)
        #expect(read.messages.count == 1)
        #expect(
            read.messages.first == "cannot read it: its sources hold more than 1 MB uncompressed; refused as a possible zip bomb",
            "\(read.messages)")
        #expect(read.files == [lying])
    }

    /// A 4 MiB entry with a per-file limit of 1 MiB (the archive's 1 GiB): refused by its declared size without
    /// being read, and, when its header says 256 bytes, stopped while it is inflated; either way a
    /// `file-too-large` error at `archive/entry`, as for a file on disk.
    @Test func anEntryOverTheFileLimitIsRefusedByItsSizeOrWhileInflated() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let verse = Array("\\v 1 In the days when the judges judged.\n".utf8)
        let big = Self.book + Array([[UInt8]](repeating: verse, count: (4 << 20) / verse.count - 4).joined())
        let path = directory.path + "/big.zip"
        try ZipArchive.write([("RUT.usfm", big), ("JON.usfm", Array("\\id JON\n\\c 1\n\\p\n\\v 1 Jonah rose up.\n".utf8))], to: path)
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        // (The errors: JON's one verse fits no scheme's counts, a note beside them.)
        let declared = VersionSource.read(paths: [path], limit: 1 << 20).result.diagnostics.filter { $0.severity == .error }
        #expect(declared.map(\.description) == [path + "/RUT.usfm: error: the file is 4 MB; Lectern reads files of at most 1 MB [file-too-large]"])
        for (signature, offset) in [([0x50, 0x4B, 0x03, 0x04] as [UInt8], 22), ([0x50, 0x4B, 0x01, 0x02], 24)] {
            guard let start = Self.find(signature, in: bytes) else { continue }
            bytes.replaceSubrange((start + offset)..<(start + offset + 4), with: [0x00, 0x01, 0x00, 0x00])
        }
        let lying = try directory.write(bytes, to: "lying.zip")
        let inflated = VersionSource.read(paths: [lying], limit: 1 << 20).result.diagnostics.filter { $0.severity == .error }
        #expect(
            inflated.map(\.description) == [
                lying + "/RUT.usfm: error: its content is more than 1 MB decompressed; Lectern reads files of at most 1 MB [file-too-large]"
            ])
    }

    /// `.gz` entries count against the archive's limit by their content, not their compressed size: three
    /// entries of 2 MiB of content each (a few kilobytes of gzip, deflated again in the zip) pass an archive
    /// limit of 5 MiB, and the archive is refused whole, none of it parsed.
    @Test func gzipInsideAZipCountsItsContentAgainstTheArchive() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let verse = Array("\\v 1 In the days when the judges judged.\n".utf8)
        let content = Self.book + Array([[UInt8]](repeating: verse, count: (2 << 20) / verse.count).joined())
        let gzipped = try SourceSizeLimitTests.gzip(content, in: directory)
        #expect(gzipped.count < 64 << 10)
        let path = directory.path + "/gz.zip"
        try ZipArchive.write((1...3).map { ("B\($0).usfm.gz", gzipped) }, to: path)
        let read = Self.errors(path, limit: 5 << 20)
        #expect(read.books == 0)
        #expect(read.messages == ["cannot read it: its sources hold more than 5 MB uncompressed; refused as a possible zip bomb"])
        // Within the limit the same archive is read: its three entries are one book three times.
        let within = VersionSource.read(paths: [path], bundleLimit: 7 << 20).result
        #expect(within.books.count == 1)
        #expect(within.diagnostics.filter { $0.kind == .duplicateBook }.count == 2)
    }

    static func find(_ signature: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= signature.count else { return nil }
        return (0...(bytes.count - signature.count)).first { Array(bytes[$0..<$0 + signature.count]) == signature }
    }

    /// A zip of 500 copies of one book keeps the first, read from the first entry, and makes (`keep`) at most a
    /// copy a thread beside it: a later copy is dropped as soon as it is parsed, not encoded and dropped at
    /// the end (99,999 copies reached 4.0 GB).
    @Test func copiesOfABookAreDroppedBeforeTheyAreKept() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/copies.zip"
        try ZipArchive.write((0..<500).map { (String(format: "b%03d.usfm", $0), Self.book) }, to: path)
        let keeps = Mutex(0)
        let reading = VersionSource.read(paths: [path]) { book -> BookID in
            keeps.withLock { $0 += 1 }
            return book.id
        }
        #expect(reading.books.map(\.kept) == [.ruth])
        #expect(reading.books.first?.location.file == path + "/b000.usfm")
        let duplicates = reading.diagnostics.filter { $0.kind == .duplicateBook }
        #expect(duplicates.count == 499)
        #expect(duplicates.first?.message == "book RUT was already read from \(path)/b000.usfm:1:1; this copy is skipped")
        #expect(duplicates.map(\.location.file) == (1..<500).map { path + String(format: "/b%03d.usfm", $0) })
        #expect(keeps.withLock { $0 } <= ProcessInfo.processInfo.activeProcessorCount + 1, "\(keeps.withLock { $0 })")
    }
}
