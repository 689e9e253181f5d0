import Foundation
import TestSupport
import Testing

/// A folder bundle's `metadata.json` that is not JSON, through the built binary: `check` and `import` say the
/// JSON error and its place (they said nothing, and "not Lectern metadata", before), and nothing is imported.
@Suite struct MalformedMetadataTests {
    @Test(arguments: [
        (#"{"format": "scripture burrito",\#n "meta": {"version": "1.0.0"},\#n "ingredients": {"ingredients/GEN.usfm": {}}\#n"#,
         "4:1", "expected ',' or '}'"),
        (#"{"schemaVersion": 1, "abbreviation": "LSV" "title": "x"}"#, "1:44", "expected ',' or '}'"),
        ("{\"format\": \"scripture burrito\", \"meta\": tru}", "1:41", "expected 'true'"),
    ])
    func aMetadataFileThatIsNotJSONIsAnErrorAtItsPlace(json: String, place: String, message: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let bundle = folder.path + "/bundle"
        try FileManager.default.createDirectory(atPath: bundle + "/ingredients", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: TestCorpus.sample("sample/usfm/01-GEN.usfm").path, toPath: bundle + "/ingredients/GEN.usfm")
        let path = try folder.write(Array(json.utf8), to: "bundle/metadata.json")
        let expected = "\(path):\(place): error: malformed JSON: \(message); the folder's metadata cannot be read [bundle-metadata]\n"
        let checked = try CLIRunner.runBinary(["check", bundle])
        #expect(checked.status == 1, "\(checked)")
        #expect(checked.standardError == expected, "\(checked)")
        let imported = try CLIRunner.runBinary(["import", bundle, "--library", folder.path + "/library"])
        #expect(imported.status == 1, "\(imported)")
        #expect(imported.standardError.hasPrefix(expected), "\(imported)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/library/versions"))
        let allowed = try CLIRunner.runBinary(["import", bundle, "--allow-errors", "--library", folder.path + "/library"])
        #expect(allowed.status == 1, "\(allowed)")
        #expect(allowed.standardError.hasSuffix("Error: cannot read \(path):\(place): it is not valid JSON (\(message))\n"), "\(allowed)")
    }
}
