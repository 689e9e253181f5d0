import Foundation
import TestSupport
import Testing

@testable import Lectern

/// `Library.importBible` of Digital Bible Library and Scripture Burrito bundles, as folders and as zips
/// (written here through the CZip shim): the stored names come from the bundle's metadata unless given.
struct BundleImportTests {
    /// One bundle and the names its metadata gives.
    struct Case: Sendable, CustomTestStringConvertible {
        var folder: String
        var zipped: Bool
        var abbreviation: String
        var title: String
        var language: String
        var copyright: String
        var testDescription: String { folder + (zipped ? ".zip" : "") }
    }

    static let dbl = (
        abbreviation: "LDSL", title: "Lectern DBL Sample (local)", language: "en",
        copyright: "The World English Bible is in the public domain. Sample © 2026 Lectern & contributors."
    )
    static let burrito = (
        abbreviation: "LBS", title: "Lectern Burrito Sample", language: "en",
        copyright: "Sample © 2026 Lectern; text from the public-domain World English Bible"
    )

    static let cases: [Case] = [false, true].flatMap { zipped in
        [
            Case(
                folder: "dbl-sample", zipped: zipped, abbreviation: dbl.abbreviation, title: dbl.title,
                language: dbl.language, copyright: dbl.copyright),
            Case(
                folder: "burrito-sample", zipped: zipped, abbreviation: burrito.abbreviation, title: burrito.title,
                language: burrito.language, copyright: burrito.copyright),
        ]
    }

    /// The sample bundle's folder in `Corpus/bundles`.
    static func sample(_ name: String) -> String { TestCorpus.sample("bundles/" + name).path }

    /// Every file under `folder`, relative names sorted, with their bytes.
    static func files(under folder: String) throws -> [(name: String, bytes: [UInt8])] {
        let names = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? []
        return try names.sorted().compactMap { name in
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder)
            return !exists || isFolder.boolValue
                ? nil : (name, Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))))
        }
    }

    /// Zips a sample bundle's files into `directory`, under `prefix` (a top folder, or none).
    static func zip(_ name: String, into directory: TemporaryDirectory, prefix: String = "") throws -> String {
        let path = directory.path + "/" + name + ".zip"
        try ZipArchive.write(try files(under: sample(name)).map { (prefix + $0.name, $0.bytes) }, to: path)
        return path
    }

    /// Every file of a library folder and its bytes.
    static func snapshot(_ library: Library) throws -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for (name, bytes) in try files(under: library.directory) where !name.hasSuffix(".lock") {
            result[name] = bytes
        }
        return result
    }

    @Test(arguments: cases)
    func theNamesComeFromTheBundlesMetadata(_ bundle: Case) async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = bundle.zipped ? try Self.zip(bundle.folder, into: directory) : Self.sample(bundle.folder)
        let library = Library(directory: directory.path + "/library")
        let store = try await library.importBible(from: [path]).store
        #expect(store.metadata.abbreviation == bundle.abbreviation)
        #expect(store.metadata.title == bundle.title)
        #expect(store.metadata.language == bundle.language)
        #expect(store.metadata.copyright == bundle.copyright)
        #expect(store.books.map(\.id.code) == ["RUT", "JON"])
        // The names outlive the store's reopening: they are in its metadata section.
        let reopened = try library.open(named: bundle.abbreviation)
        #expect(reopened.metadata.copyright == bundle.copyright)
        #expect(reopened.metadata.sourceFormat == (bundle.folder.hasPrefix("dbl") ? "usx" : "usfm"))
    }

    @Test func aZipWhoseBundleSitsInOneTopFolderIsRead() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.zip("dbl-sample", into: directory, prefix: "dbl-sample/")
        let reading = VersionSource.read(paths: [path])
        #expect(reading.bundle?.abbreviation == Self.dbl.abbreviation)
        #expect(reading.result.books.map(\.id.code) == ["RUT", "JON"])
        #expect(reading.result.books.first?.location.file == path + "/dbl-sample/release/USX_1/RUT.usx")
    }

    @Test func aDBLZipWithBothUSXFoldersReadsReleaseOnly() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var entries = try Self.files(under: Self.sample("dbl-sample"))
        let ruth = try #require(entries.first { $0.name.hasSuffix("RUT.usx") })
        entries.append(("USX_1/RUT.usx", ruth.bytes))
        let path = directory.path + "/both.zip"
        try ZipArchive.write(entries, to: path)
        let reading = VersionSource.read(paths: [path])
        #expect(reading.result.books.map(\.id.code) == ["RUT", "JON"])
        #expect(reading.result.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(reading.result.books.allSatisfy { $0.location.file.contains("/release/USX_1/") })
    }

    @Test(arguments: cases.filter { !$0.zipped })
    func optionsOverTheBundle(_ bundle: Case) async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = Library(directory: directory.path + "/library")
        let store = try await library.importBible(
            from: [Self.sample(bundle.folder)], options: ImportOptions(abbreviation: "MINE", title: "My Title", language: "fr",
            copyright: "Mine")).store
        #expect(store.metadata.abbreviation == "MINE")
        #expect(store.metadata.title == "My Title")
        #expect(store.metadata.language == "fr")
        #expect(store.metadata.copyright == "Mine")
        // One option alone: the others still come from the bundle.
        let partly = try await library.importBible(from: [Self.sample(bundle.folder)], options: ImportOptions(title: "Only the title")).store
        #expect(partly.metadata.title == "Only the title")
        #expect(partly.metadata.abbreviation == bundle.abbreviation)
        #expect(partly.metadata.copyright == bundle.copyright)
    }

    @Test func theBundleIsOverTheSourcesNames() async throws {
        // The same books without the metadata: the names come from `\id` and the folder.
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let plain = VersionSource.parse(paths: [Self.sample("burrito-sample/ingredients")])
        let suggestion = VersionNaming.suggest(books: plain.books, source: Self.sample("burrito-sample/ingredients"))
        #expect(suggestion.title == "Bundle sample source")
        let library = Library(directory: directory.path + "/library")
        let store = try await library.importBible(from: [Self.sample("burrito-sample")]).store
        #expect(store.metadata.title == Self.burrito.title)
        #expect(store.metadata.title != suggestion.title)
    }

    @Test func aFailedImportLeavesTheLibraryAsItWas() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = Library(directory: directory.path + "/library")
        try await library.importBible(from: [Self.sample("dbl-sample")]).store
        let before = try Self.snapshot(library)
        let whole = try Array(Data(contentsOf: URL(fileURLWithPath: try Self.zip("dbl-sample", into: directory))))
        let damaged = try directory.write(Array(whole.prefix(whole.count / 2)), to: "damaged.zip")
        var traversal = try Self.files(under: Self.sample("dbl-sample"))
        traversal.append(("../escape.usx", traversal[traversal.count - 1].bytes))
        let unsafe = directory.path + "/unsafe.zip"
        try ZipArchive.write(traversal, to: unsafe)
        for path in [damaged, unsafe] {
            await #expect(throws: ImportError.self) { try await library.importBible(from: [path], options: ImportOptions(replace: true)).store }
            #expect(try Self.snapshot(library) == before)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/escape.usx"))
    }
}
