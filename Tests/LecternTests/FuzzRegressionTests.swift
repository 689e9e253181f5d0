import Foundation
import Lectern
import TestSupport
import Testing

/// Every input a fuzz target once failed on (`Tests/Fuzz/Regressions/TARGET/`) keeps the promise that target
/// checks (`FuzzProperties`): the fuzzers' findings stay fixed in the normal test run.
struct FuzzRegressionTests {
    @Test(arguments: FuzzRegression.inputs("usfm"))
    func usfm(_ input: FuzzRegression) {
        let result = input.bytes.withUnsafeBytes { USFMParser.parse($0, path: input.name) }
        let problems = input.bytes.withUnsafeBytes { FuzzProperties.diagnostics(result.diagnostics, input: $0) }
        #expect(problems + FuzzProperties.storeRoundTrip(result.books) == [])
    }

    @Test(arguments: FuzzRegression.inputs("usx"))
    func usx(_ input: FuzzRegression) {
        let result = input.bytes.withUnsafeBytes { USXParser.parse($0, path: input.name) }
        let problems = input.bytes.withUnsafeBytes { FuzzProperties.diagnostics(result.diagnostics, input: $0) }
        #expect(problems + FuzzProperties.storeRoundTrip(result.books) == [])
    }

    @Test(arguments: FuzzRegression.inputs("usj"))
    func usj(_ input: FuzzRegression) {
        let result = USJParser.parse(input.bytes, path: input.name)
        let problems = input.bytes.withUnsafeBytes { FuzzProperties.diagnostics(result.diagnostics, input: $0) }
        #expect(problems + FuzzProperties.storeRoundTrip(result.books) == [])
    }

    @Test(arguments: FuzzRegression.inputs("metadata"))
    func metadata(_ input: FuzzRegression) {
        for path in ["metadata.xml", "metadata.json"] {
            let (metadata, _, diagnostics) = BundleMetadata.read(input.bytes, path: path)
            let names = [metadata?.title, metadata?.abbreviation, metadata?.language, metadata?.copyright]
            #expect(FuzzProperties.bundleMetadata(names: names, diagnostics: diagnostics, input: input.bytes) == [])
        }
    }

    @Test(arguments: FuzzRegression.inputs("vrs"))
    func vrs(_ input: FuzzRegression) {
        #expect(FuzzProperties.versification(input.bytes) == [])
    }

    @Test(arguments: FuzzRegression.inputs("store"))
    func store(_ input: FuzzRegression) {
        #expect(FuzzProperties.storeReading(input.bytes) == [])
    }

    @Test(arguments: FuzzRegression.inputs("reference"))
    func reference(_ input: FuzzRegression) {
        let text = String(decoding: input.bytes, as: UTF8.self)
        for names in [BookNameIndex.english, FuzzProperties.versionNames] {
            #expect(FuzzProperties.referenceRoundTrip(text, names: names) == [])
        }
    }
}

extension FuzzRegressionTests {
    /// Every target has saved inputs, read from a folder that exists: a wrong path or an emptied folder would
    /// otherwise give the tests above no case and pass; and every folder is a target's.
    @Test(arguments: FuzzRegression.targets)
    func everyTargetHasSavedInputs(_ target: String) {
        #expect(FileManager.default.fileExists(atPath: FuzzRegression.folder(target).path), "\(target)")
        #expect(!FuzzRegression.inputs(target).isEmpty, "no saved inputs in Tests/Fuzz/Regressions/\(target)")
    }

    @Test func everyRegressionFolderIsATargets() throws {
        let root = FuzzRegression.folder("").path
        let folders = try FileManager.default.contentsOfDirectory(atPath: root).sorted()
        #expect(folders == FuzzRegression.targets.sorted())
    }

    static let queryIndex = Result {
        try FuzzProperties.searchIndex(of: VersionSource.parse(paths: FuzzProperties.queryBookPaths).books)
    }

    @Test(arguments: FuzzRegression.inputs("query"))
    func query(_ input: FuzzRegression) throws {
        let index = try Self.queryIndex.get()
        #expect(FuzzProperties.query(String(decoding: input.bytes, as: UTF8.self), index: index) == [])
    }
}
