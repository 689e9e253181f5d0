import Foundation
import LecternCLI
import TestSupport
import Testing

/// Every command's `--json` document is one line, carries `schemaVersion` and `command`, and is valid against
/// the documented schema `docs/lectern-json.schema.json`.
@Suite struct JSONOutputTests {
    static let schema: JSONSchemaCheck? = {
        let url = TestCorpus.packageRoot.appendingPathComponent("docs/lectern-json.schema.json")
        guard let text = try? String(contentsOf: url, encoding: .utf8), let root = try? JSONNode.parse(text) else {
            return nil
        }
        return JSONSchemaCheck(root: root)
    }()

    struct Case: Sendable, CustomStringConvertible {
        var arguments: [String]
        var definition: String
        var status: Int32 = 0
        var description: String { arguments.joined(separator: " ") }
    }

    static let sample = TestCorpus.sample("sample/usfm").path

    static let cases: [Case] = [
        Case(arguments: ["check", sample, "--json"], definition: "check"),
        Case(arguments: ["import", sample, "--abbreviation", "TWO", "--json"], definition: "import"),
        Case(arguments: ["import", TestCorpus.sample("bundles/dbl-sample").path, "--json"], definition: "import"),
        Case(arguments: ["versions", "--json"], definition: "versions"),
        Case(arguments: ["books", "--json"], definition: "books"),
        Case(arguments: ["read", "JHN.2", "--json"], definition: "read"),
        Case(arguments: ["read", "John 2:1-3", "--json"], definition: "read"),
        Case(arguments: ["read", "John 1:1; 2:1,3", "--json"], definition: "read"),
        Case(arguments: ["read", "JHN.INTRO", "--json"], definition: "read"),
        Case(arguments: ["read", "John 2:1!2-4", "--json"], definition: "readWords"),
        Case(arguments: ["read", "PSA.3", "--bible", "LSV,1", "--json"], definition: "readParallel"),
        Case(arguments: ["search", "wedding", "--json"], definition: "search"),
        Case(arguments: ["search", "the", "--order", "relevance", "--json"], definition: "search"),
        Case(arguments: ["search", "zebra", "--json"], definition: "search", status: 1),
        Case(arguments: ["search", "--recent", "--json"], definition: "searchRecent"),
        Case(arguments: ["search", "wedding", "--bible", "all", "--json"], definition: "searchMany"),
        Case(arguments: ["search", "wedding", "--bible", "LSV,1", "--group-by", "verse", "--json"], definition: "searchMany"),
        Case(arguments: ["use", "--json"], definition: "use"),
        Case(arguments: ["next", "JHN.1", "--json"], definition: "navigate"),
        Case(arguments: ["previous", "GEN.1", "--json"], definition: "navigate", status: 2),
        Case(arguments: ["verify", "--json"], definition: "verify"),
        Case(arguments: ["layout", "--json"], definition: "layout"),
        Case(arguments: ["layout", "--json", "--explain", "--os", "26"], definition: "layout"),
        Case(arguments: ["--version", "--json"], definition: "version"),
        Case(arguments: ["export", "--format", "json"], definition: "export"),
        Case(arguments: ["remove", "1", "--json"], definition: "remove"),
        Case(arguments: ["map", "PSA 3:1-2", "--to", "LSV", "--json"], definition: "map"),
    ]

    @Test(arguments: cases)
    func documentsAreValidAgainstTheSchema(_ test: Case) throws {
        let schema = try #require(Self.schema, "docs/lectern-json.schema.json is missing or not JSON")
        let library = StoreCommandsTests.TemporaryLibrary()
        #expect(library.run(["import", Self.sample, "--abbreviation", "LSV"]).status == 0)
        #expect(library.run(["search", "wedding"]).status == 0)
        let result = library.run(test.arguments)
        #expect(result.status == test.status, "\(result)")
        let text = result.standardOutput
        #expect(text.hasSuffix("\n") && text.dropLast().firstIndex(of: "\n") == nil, "one document on one line")
        let document = try JSONNode.parse(text)
        #expect(Array(document.keys.prefix(2)) == ["schemaVersion", "command"])
        #expect(document["schemaVersion"]?.integer == JSONSchema.version)
        let problems = schema.problems(document, definition: test.definition)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(schema.problems(document).isEmpty, "valid against the whole schema too")
    }

    @Test func theSchemaCatchesAWrongDocument() throws {
        let schema = try #require(Self.schema)
        let wrong = try JSONNode.parse(
            #"{"schemaVersion":1,"command":"books","bible":{"id":"1","abbreviation":"X"},"books":[],"extra":true}"#)
        let problems = schema.problems(wrong, definition: "books")
        #expect(problems.contains("$.bible: missing title"))
        #expect(problems.contains("$.bible.id: \"1\" is not of type integer"))
        #expect(problems.contains("$: unexpected key extra"))
    }

    @Test func layoutScenariosAreOneDocumentToo() throws {
        let schema = try #require(Self.schema)
        let result = try CLIRunner.runBinary(
            ["layout", "--scenarios", "layout-scenarios.json", "--explain"], currentDirectory: CLIRunner.fixture(""))
        let document = try JSONNode.parse(result.standardOutput)
        #expect(schema.problems(document, definition: "layoutScenarios").isEmpty)
    }
}
