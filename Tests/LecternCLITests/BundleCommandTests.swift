import Foundation
import LecternCLI
import TestSupport
import Testing

@testable import Lectern

/// `lectern import` of bundles on the command line: the names from the metadata, the options over them,
/// the copyright in `versions`, `books` and `--json`, and a clear error for a damaged zip.
struct BundleCommandTests {
    static let dbl = TestCorpus.sample("bundles/dbl-sample").path
    static let copyright = "The World English Bible is in the public domain. Sample © 2026 Lectern & contributors."

    /// The DBL sample zipped into `folder`.
    static func zipped(into folder: String) throws -> String {
        let names = (FileManager.default.enumerator(atPath: dbl)?.allObjects as? [String]) ?? []
        var entries: [(name: String, bytes: [UInt8])] = []
        for name in names.sorted() where name.hasSuffix(".xml") || name.hasSuffix(".usx") {
            entries.append((name, Array(try Data(contentsOf: URL(fileURLWithPath: dbl + "/" + name)))))
        }
        let path = folder + "/dbl-sample.zip"
        try ZipArchive.write(entries, to: path)
        return path
    }

    @Test func aZippedDBLBundleIsImportedWithItsNamesAndCopyright() throws {
        let library = StoreCommandsTests.TemporaryLibrary()
        try FileManager.default.createDirectory(atPath: library.path, withIntermediateDirectories: true)
        let zip = try Self.zipped(into: library.path)
        let imported = library.run(["import", zip])
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.standardOutput.hasPrefix("Imported LDSL (id 1, Lectern DBL Sample (local)): 2 books"))

        let versions = library.run(["versions"]).standardOutput.split(separator: "\n").map(String.init)
        #expect(versions.count == 3)
        #expect(versions[1].contains("LDSL") && versions[1].contains("Lectern DBL Sample (local)"))
        #expect(versions[2] == "    " + Self.copyright)

        let books = library.run(["books"]).standardOutput
        #expect(books.hasPrefix(Self.copyright + "\n\nRUT  Ruth "), "\(books)")

        let json = try JSONNode.parse(library.run(["versions", "--json"]).standardOutput)
        let bible = json["bibles"]?.array?.first?["bible"]
        #expect(bible?["copyright"]?.string == Self.copyright)
        #expect(bible?["language"]?.string == "en")
    }

    @Test func optionsOverTheBundlesMetadata() throws {
        let library = StoreCommandsTests.TemporaryLibrary()
        let run = library.run([
            "import", Self.dbl, "--abbreviation", "OWN", "--title", "Own Title", "--language", "de",
            "--copyright", "© 2026 Own", "--json",
        ])
        #expect(run.status == 0, "\(run)")
        let bible = try JSONNode.parse(run.standardOutput)["bible"]
        #expect(bible?["abbreviation"]?.string == "OWN")
        #expect(bible?["title"]?.string == "Own Title")
        #expect(bible?["language"]?.string == "de")
        #expect(bible?["copyright"]?.string == "© 2026 Own")
        // A Bible without a statement shows none: no line under its row, null in JSON.
        #expect(library.run(["import", TestCorpus.sample("sample/usfm").path]).status == 0)
        let lines = library.run(["versions"]).standardOutput.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.last?.contains("LSV") == true)
        let plain = try JSONNode.parse(library.run(["books", "--bible", "LSV", "--json"]).standardOutput)["bible"]
        #expect(plain?["copyright"] == .null)
    }

    @Test func aDamagedZipIsAnErrorNamingItAndNothingIsWritten() throws {
        let library = StoreCommandsTests.TemporaryLibrary()
        #expect(library.run(["import", Self.dbl]).status == 0)
        let before = library.files
        let zip = library.path + "/../damaged-\(UUID().uuidString).zip"
        try Data("PK\u{3}\u{4} not really".utf8).write(to: URL(fileURLWithPath: zip))
        defer { try? FileManager.default.removeItem(atPath: zip) }
        let run = library.run(["import", zip, "--replace", "--abbreviation", "LDSL"])
        #expect(run.status == 1)
        #expect(
            run.standardError.contains("\(zip): error: cannot read it: it is not a readable zip archive"), "\(run)")
        #expect(library.files == before)
    }
}
