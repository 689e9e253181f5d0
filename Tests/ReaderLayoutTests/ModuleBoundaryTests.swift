import Foundation
import TestSupport
import Testing

/// `ReaderLayout` is a pure module: it imports the model and nothing of the store, search or navigation.
@Suite struct ModuleBoundaryTests {
    static let sources = TestCorpus.packageRoot.appendingPathComponent("Sources/ReaderLayout")

    @Test("Sources/ReaderLayout imports only ScriptureModel")
    func importsOnlyTheModel() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).filter {
            $0.hasSuffix(".swift")
        }
        #expect(files.count >= 10)
        var imported: Set<String> = []
        for file in files {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") {
                imported.insert(String(line.dropFirst("import ".count)))
            }
        }
        #expect(imported.isSubset(of: ["ScriptureModel"]), "\(imported.sorted())")
    }

    @Test(
        "The resolver, its JSON reading and the collapse state machine moved out of ReaderCore",
        arguments: ["LayoutResolver", "LayoutPlan", "ReaderEnvironment+JSON", "ControlsCollapseState"])
    func movedOutOfReaderCore(name: String) {
        let root = TestCorpus.packageRoot.appendingPathComponent("Sources")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("ReaderLayout/\(name).swift").path))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("ReaderCore/\(name).swift").path))
    }

    @Test("The JSON reader is the model's, shared with the USJ reader, not a copy in ReaderCore")
    func theJSONReaderIsShared() {
        let root = TestCorpus.packageRoot.appendingPathComponent("Sources")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("ScriptureModel/JSONReader.swift").path))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("ReaderCore/JSONReader.swift").path))
    }
}
