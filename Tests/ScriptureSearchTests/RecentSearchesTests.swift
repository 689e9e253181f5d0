import Foundation
import ScriptureSearch
import ScriptureStore
import Testing

@Suite struct RecentSearchesTests {
    struct Case: Sendable, CustomStringConvertible {
        var list: [String]
        var query: String
        var expected: [String]
        var description: String { "\(list) + \(query)" }
    }

    static let cases: [Case] = [
        Case(list: [], query: "love", expected: ["love"]),
        Case(list: ["love"], query: "  faith  ", expected: ["faith", "love"]),
        Case(list: ["faith", "love"], query: "hope", expected: ["hope", "faith", "love"]),
        Case(list: ["hope", "faith", "love"], query: "grace", expected: ["grace", "hope", "faith"]),
        Case(list: ["hope", "faith", "love"], query: "LOVE", expected: ["LOVE", "hope", "faith"]),
        Case(list: ["hope", "faith"], query: "Faith", expected: ["Faith", "hope"]),
        Case(list: ["hope"], query: "   ", expected: ["hope"]),
        Case(list: ["hope"], query: "", expected: ["hope"]),
        Case(list: ["hope"], query: "in the\nbeginning", expected: ["in the beginning", "hope"]),
    ]

    @Test(arguments: cases) func rules(_ test: Case) {
        #expect(RecentSearches.adding(test.query, to: test.list) == test.expected)
    }

    @Test func keptPerLibraryInAFile() throws {
        let directory = NSTemporaryDirectory() + "/lectern-recent-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let recent = RecentSearches(library: Library(directory: directory))
        #expect(recent.load().isEmpty)
        for query in ["love", "faith", " ", "hope", "Love", "grace"] { try recent.record(query) }
        #expect(RecentSearches(library: Library(directory: directory)).load() == ["grace", "Love", "hope"])
        let other = RecentSearches(library: Library(directory: directory + "-other"))
        #expect(other.load().isEmpty)
        try "not json".write(toFile: directory + "/" + RecentSearches.fileName, atomically: true, encoding: .utf8)
        #expect(recent.load().isEmpty)
        #expect(try recent.record("seed") == ["seed"])
        try recent.clear()
        #expect(recent.load().isEmpty)
    }
}
