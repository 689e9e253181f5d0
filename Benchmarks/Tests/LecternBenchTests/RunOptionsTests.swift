import Foundation
import Testing

@testable import lectern_bench

struct RunOptionsTests {
    @Test func defaultsFindTheCorpusBesideThePackage() throws {
        let options = try RunOptions([], environment: [:])
        #expect(options.corpus.path.hasSuffix("shared/corpus"))
        #expect(options.repetitions == 5)
        #expect(options.warmup == 1)
        #expect(options.only.isEmpty)
    }

    @Test func readsEveryOption() throws {
        let options = try RunOptions(
            [
                "--corpus", "/data", "--only", "usfm-parse", "search/common", "--repetitions", "3", "--warmup", "0",
                "--json", "out.json", "--markdown", "out.md", "--svg", "out.svg", "--no-peers",
            ], environment: ["LECTERN_CORPUS": "/ignored"])
        #expect(options.corpus.path == "/data")
        #expect(options.only == ["usfm-parse", "search/common"])
        #expect(options.repetitions == 3)
        #expect(options.warmup == 0)
        #expect(options.jsonPath == "out.json")
        #expect(options.markdownPath == "out.md")
        #expect(options.svgPath == "out.svg")
        #expect(!options.peers)
    }

    @Test(arguments: [
        (["--repetitions", "0"], "option '--repetitions' expects a whole number of at least 1, not '0'"),
        (["--json"], "option '--json' needs a value"),
        (["--only"], "option '--only' needs at least one benchmark name"),
        (["--fast"], "unknown argument '--fast'"),
    ])
    func rejectsWrongCommandLines(words: [String], message: String) {
        #expect(throws: UsageError.self) { try RunOptions(words, environment: [:]) }
        do {
            _ = try RunOptions(words, environment: [:])
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func onlySelectsNamesAndGroupPrefixes() {
        let registry = BenchmarkRegistry.all()
        let names = registry.selected(by: ["search/common", "usfm-parse/usfm3"]).map(\.name)
        let engines = ["all", "page", "top20"].flatMap { shape in
            ["xapian", "tantivy", "lucene"].map { "search/common/\(shape)/\($0)" }
        }
        // A group is whole name segments: `search/common` takes every `search/common/…` row, in the
        // registry's order, and no `search/ids/common/…` or `search/commonplace…` row.
        let group = registry.benchmarks.map(\.name).filter { $0.hasPrefix("search/common/") }
        #expect(names == ["usfm-parse/usfm3"] + group)
        for name in ["all", "page"].flatMap({ ["search/common/\($0)/fts5", "search/common/\($0)/lectern"] })
            + ["search/common/page-text/fts5", "search/common/top20/fts5", "search/common/top20/lectern"] + engines
        {
            #expect(names.contains(name), "\(name)")
        }
        #expect(!names.contains { $0.hasPrefix("search/ids") })
        #expect(registry.selected(by: ["usfm-parse/usfm"]).isEmpty)
        #expect(registry.unmatched(["search", "nothing"]) == ["nothing"])
    }
}
