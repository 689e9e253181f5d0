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
    static let queryIndex = Result {
        try FuzzProperties.searchIndex(of: VersionSource.parse(paths: FuzzProperties.queryBookPaths).books)
    }

    @Test(arguments: FuzzRegression.inputs("query"))
    func query(_ input: FuzzRegression) throws {
        let index = try Self.queryIndex.get()
        #expect(FuzzProperties.query(String(decoding: input.bytes, as: UTF8.self), index: index) == [])
    }
}
