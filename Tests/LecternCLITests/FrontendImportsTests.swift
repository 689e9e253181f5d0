import Foundation
import TestSupport
import Testing

/// The command line is the library's first client: LecternCLI depends on the Lectern product alone, and its
/// sources import nothing of Lectern's but `Lectern` (the system's modules aside), so whatever a command does,
/// an app can do through `import Lectern`.
struct FrontendImportsTests {
    /// Modules of the toolchain the frontend may use beside Lectern.
    static let systemModules: Set<String> = ["Foundation", "Dispatch", "Synchronization", "Glibc", "Darwin"]

    @Test func theCommandLineImportsOnlyLectern() throws {
        let folder = TestCorpus.packageRoot.appendingPathComponent("Sources/LecternCLI").path
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 10, "LecternCLI's sources are at \(folder)")
        var imported: [String: Set<String>] = [:]
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                // `import X`, `@testable import X`, `@_exported import struct X.Y`, `import class X.Y`…
                let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                guard words.first == "import", let name = words.last?.split(separator: ".").first else { continue }
                imported[String(name), default: []].insert(file)
            }
        }
        let others = imported.keys.filter { $0 != "Lectern" && !Self.systemModules.contains($0) }
        #expect(others.isEmpty, "LecternCLI imports \(others.sorted()) in \(others.flatMap { imported[$0]! }.sorted())")
        #expect(imported["Lectern"] != nil)
    }

    @Test func thePackageGivesTheCommandLineOnlyLectern() throws {
        let manifest = try String(
            contentsOf: TestCorpus.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        // `.target(name: "LecternCLI", dependencies: [...])`, on one line as the manifest writes it.
        let line = try #require(manifest.split(separator: "\n").first { $0.contains("name: \"LecternCLI\"") })
        let dependencies = try #require(line.firstRange(of: "dependencies: [").map { line[$0.upperBound...] })
        let listed = dependencies.prefix { $0 != "]" }.split(separator: ",").map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: " \""))
        }
        #expect(listed == ["Lectern"], "\(line)")
    }
}
