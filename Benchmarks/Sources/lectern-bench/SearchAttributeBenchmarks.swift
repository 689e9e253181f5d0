import Foundation
import Lectern

/// The query features of search 2 on Lectern's index: Strong's numbers against the word they translate, a
/// lemma on the Greek New Testament, proximity, and BM25's best 20 with the count for the five queries of
/// the comparison (`search/<query>/top20/lectern`; other engines' rows take the same name pattern).
enum SearchAttributeBenchmarks {
    /// One attribute or proximity query and the Bible it runs on.
    struct Query {
        var name: String
        var description: String
        var text: String
        var folder: String
    }

    static let queries = [
        Query(
            name: "strong-g26", description: "Strong's G26 (eng-web tags no word with it)", text: "strong:G26",
            folder: "eng-web-usfm"),
        Query(name: "love", description: "the word love, beside strong:G26", text: "love", folder: "eng-web-usfm"),
        Query(name: "strong-g2316", description: "Strong's G2316 (θεός)", text: "strong:G2316", folder: "eng-web-usfm"),
        Query(
            name: "earth", description: "the word earth, in about as many verses as strong:G2316", text: "earth",
            folder: "eng-web-usfm"),
        Query(name: "lemma", description: "the lemma λόγος", text: "lemma:λόγος", folder: "grc-ugnt-usx"),
        Query(name: "near", description: "two words within 5", text: "faith NEAR/5 love", folder: "eng-web-usfm"),
        Query(
            name: "near-verses", description: "two words within 2 verses", text: "faith NEAR/2v love",
            folder: "eng-web-usfm"),
    ]

    static func register(in registry: inout BenchmarkRegistry) {
        registry.register(
            "search/build-attributes/lectern", "Lectern's search index build with the words' attributes (ms)"
        ) { context in
            let verses = LecternWorkloads.parseUSFM(try ParseBenchmarks.usfmInput(context)).books.flatMap {
                $0.verseTexts()
            }
            let identity = LecternWorkloads.row(
                "search/build-attributes/lectern", "Search index build, \(verses.count) verses, with Strong's numbers",
                .inProcess, "SearchIndexBuilder.build(verses:) from the parsed books' verse texts and tagged words")
            var size = 0
            var result = try context.measure(identity, unit: .milliseconds, work: 1) {
                size = SearchIndexBuilder.build(verses: verses).count
                return size
            }
            result.notes.append(String(format: "index section %.2f MB", Double(size) / 1_000_000))
            return [result]
        }
        for query in queries {
            let name = "search/attr/\(query.name)/lectern"
            registry.register(
                name, "Lectern: \(query.description), first 20 with text and highlights + count (µs/query)"
            ) {
                context in [try row(query, name: name, context)]
            }
        }
        for query in SearchQuery.all {
            let name = "search/\(query.name)/top20/lectern"
            registry.register(name, "Lectern: \(query.description), BM25's best 20 with text + count (µs/query)") {
                context in [try topRow(query, name: name, context)]
            }
        }
    }

    /// The index of `folder`: eng-web's shared fixture, or the folder parsed (USFM or USX) and imported.
    static func index(_ folder: String, _ context: BenchmarkContext) throws -> SearchIndex {
        if folder == "eng-web-usfm" { return try LecternSearch.fixture(context).index }
        return try context.fixture("lectern/search/\(folder)") {
            let books = VersionSource.parse(paths: [context.corpusFolder(folder).path]).books
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("lectern-bench-\(folder)-\(getpid())").path
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let library = Library(directory: directory)
            let metadata = try library.add(
                books: books, metadata: VersionMetadata(id: 0, abbreviation: "X", title: folder), id: nil,
                replace: false, sections: [SearchIndexSection()])
            return try library.open(metadata.id).searchIndex()
        }
    }

    private static func row(_ query: Query, name: String, _ context: BenchmarkContext) throws -> BenchmarkResult {
        var result = try measure(
            query.text, try index(query.folder, context), SearchOptions(pageSize: 20), name: name,
            workload: "Search \(query.text) on \(query.folder), first 20 with text and highlights + count", context)
        if query.name == "strong-g2316" { result.notes.append(try sizes(context)) }
        return result
    }

    private static func topRow(_ query: SearchQuery, name: String, _ context: BenchmarkContext) throws
        -> BenchmarkResult
    {
        try measure(
            query.text, try LecternSearch.fixture(context).index, SearchOptions(pageSize: 20, order: .relevance),
            name: name, workload: "Search \(query.text) (\(query.description)), BM25's best 20 + count", context)
    }

    /// Times `SearchIndex.search(text, options)`, reading everything the page holds; notes the hit count.
    private static func measure(
        _ text: String, _ index: SearchIndex, _ options: SearchOptions, name: String, workload: String,
        _ context: BenchmarkContext
    ) throws -> BenchmarkResult {
        let invocation =
            options.order == .relevance
            ? "SearchIndex.search(text, page size 20, order relevance): the best 20 by BM25 (a word from its 64 best "
                + "postings or its blocks' bounds, other queries every hit scored from the postings' frequencies), "
                + "chosen with a heap, each with reference, text and highlights, the total and counts per book"
            : "SearchIndex.search(text, page size 20): the total, counts per book, and each of the first 20 hits' "
                + "reference, verse text and highlight ranges"
        let identity = LecternWorkloads.row(name, workload, .inProcess, invocation)
        var result = try context.measureBatched(identity, unit: .microsecondsPerQuery) {
            SearchBenchmarks.touch(try index.search(text, options: options))
        }
        result.notes.insert("\(try index.search(text, options: options).totalCount) hits", at: 0)
        return result
    }

    /// eng-web's index section with the word attributes (as imported) and built from the same verses without
    /// them (the text only: format 3 with empty attribute regions, as format 2 plus its verse offsets).
    private static func sizes(_ context: BenchmarkContext) throws -> String {
        let search = try LecternSearch.fixture(context)
        let plain = SearchIndexBuilder.build(verses: search.verses).count
        func megabytes(_ bytes: Int) -> String { String(format: "%.2f MB", Double(bytes) / 1_000_000) }
        return "index section \(megabytes(search.indexBytes)) with attributes, \(megabytes(plain)) without"
    }
}
