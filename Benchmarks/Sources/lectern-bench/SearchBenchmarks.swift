import Foundation
import Lectern

/// One search of the comparison, as a reader types it and as FTS5's MATCH expression.
struct SearchQuery: Sendable {
    /// The benchmark name part: `common`, `rare`, `phrase`, `and`, `prefix`.
    var name: String
    /// What it stands for, for the table.
    var description: String
    /// The query as a reader types it.
    var text: String
    /// The same query in FTS5's syntax.
    var fts5: String

    /// The search issue's five queries, on eng-web.
    static let all = [
        SearchQuery(name: "common", description: "a common word", text: "God", fts5: "God"),
        SearchQuery(name: "rare", description: "a rare word", text: "Melchizedek", fts5: "Melchizedek"),
        SearchQuery(
            name: "phrase", description: "a phrase", text: "\"in the beginning\"", fts5: "\"in the beginning\""),
        SearchQuery(name: "and", description: "two words, both", text: "faith love", fts5: "faith AND love"),
        SearchQuery(name: "prefix", description: "a prefix", text: "bless*", fts5: "bless*"),
    ]
}

/// The search comparison: the same queries against SQLite FTS5 (through its C API, in this
/// process) and against Lectern's index, (a) fetching all hits and (b) the first page of 20 with
/// the total count, compared like for like in two forms.
///
/// - All hits: FTS5's `all` row every rowid in canon order; Lectern's `all` row every matching verse index
///   in canon order (`SearchIndex.matches`).
/// - First 20 + count, without text: FTS5's `page` row the rowid, book, chapter and verse of the first 20
///   rows and `count(*)` (two statements); Lectern's `ids` row (`search/ids/…`) the first 20 verse indices
///   and the total, from `SearchIndex.matches`.
/// - First 20 + count, as a results list shows them: FTS5's `page-text` row adds each row's text with its
///   matches marked by `highlight()`; Lectern's `page` row is what a reader shows (`SearchIndex.search`):
///   the total, per-book counts, and each of the first 20 hits' reference, verse text and highlight ranges
///   in UTF-8 and UTF-16. Both rows read every hit's text and marks, so none of it is left unused.
enum SearchBenchmarks {
    /// Registers the FTS5 build and, per query and shape, FTS5's and Lectern's rows.
    static func register(in registry: inout BenchmarkRegistry) {
        registry.register("search/build/fts5", "build the FTS5 table from eng-web's verses in memory (ms)") { context in
            let source = try verseSource(context)
            let identity = RowIdentity(
                benchmark: "search/build/fts5", workload: "Search index build, \(source.verses.verses.count) verses",
                mode: .inProcess,
                implementation: fts5Implementation)
            var size = 0
            var result = try context.measure(identity, unit: .milliseconds, work: 1) {
                let index = try FTS5Index(verses: source.verses)
                size = try index.sizeBytes()
                return index.rowCount
            }
            result.notes.append("rows from \(source.name); \(String(format: "%.1f", Double(size) / 1_000_000)) MB")
            return [result]
        }
        registry.register("search/build/lectern", "Lectern's search index build (ms)") { context in
            let search = try LecternSearch.fixture(context)
            let identity = LecternWorkloads.row(
                "search/build/lectern", "Search index build, \(search.verses.count) verses", .inProcess,
                "SearchIndexBuilder.build(verses:) from the store's verse texts")
            var result = try context.measure(identity, unit: .milliseconds, work: 1) {
                SearchIndexBuilder.build(verses: search.verses).count
            }
            result.notes.append(
                "index section \(String(format: "%.1f", Double(search.indexBytes) / 1_000_000)) MB; FTS5 database "
                    + String(format: "%.1f", Double(try fts5Index(context).sizeBytes()) / 1_000_000) + " MB")
            return [result]
        }
        registry.register("search/api/lectern", "Lectern: the rare word through VersionStore.search (µs/query)") {
            context in
            let store = try LecternSearch.fixture(context).index.store
            let query = SearchQuery.all[1]
            let identity = LecternWorkloads.row(
                "search/api/lectern", workload(query, .pageText) + ", through VersionStore.search", .inProcess,
                "VersionStore.search(text, page size 20): opens a SearchIndex each call, whose dictionaries are read "
                    + "once and kept with the store")
            return [
                try context.measureBatched(identity, unit: .microsecondsPerQuery) {
                    touch(try store.search(query.text, options: SearchOptions(pageSize: FTS5Index.pageSize)))
                }
            ]
        }
        for query in SearchQuery.all {
            let ids = "search/ids/\(query.name)/lectern"
            registry.register(ids, "Lectern: \(query.description), first 20 verse indices + count (µs/query)") {
                context in [try lecternIDsRow(query, name: ids, context)]
            }
            let best = "search/ids-top20/\(query.name)/lectern"
            registry.register(best, "Lectern: \(query.description), best 20 by BM25, references + count (µs/query)") {
                context in [try lecternIDsRow(query, name: best, ranked: true, context)]
            }
            for shape in Shape.allCases {
                let base = "search/\(query.name)/\(shape.rawValue)"
                registry.register("\(base)/fts5", "FTS5: \(query.description), \(shape.description) (µs/query)") {
                    context in [try fts5Row(query, shape, name: "\(base)/fts5", context)]
                }
                // Lectern's `page` row is its results list, FTS5's `page-text`; its `ids` row is the bare page.
                // Its `top20` rows come with relevance ranking.
                guard shape != .pageText, shape != .top20 else { continue }
                let lecternShape = shape == .page ? Shape.pageText : shape
                registry.register(
                    "\(base)/lectern", "Lectern: \(query.description), \(lecternShape.description) (µs/query)"
                ) { context in [try lecternRow(query, lecternShape, name: "\(base)/lectern", context)] }
            }
        }
        let prefix = SearchQuery.all[4]
        for shape in Shape.allCases {
            let name = "search/\(prefix.name)/\(shape.rawValue)/fts5-prefix"
            registry.register(name, "FTS5 with a prefix index: \(prefix.description), \(shape.description) (µs/query)")
            {
                context in [try fts5Row(prefix, shape, name: name, index: fts5PrefixIndex(context), context)]
            }
        }
        for shape in Shape.allCases {
            let base = "search/interleaved/\(shape.rawValue)"
            registry.register("\(base)/lectern", "Lectern: the five queries in turn, \(shape.description) (µs/query)") {
                context in [try lecternInterleavedRow(shape, name: "\(base)/lectern", context)]
            }
            registry.register("\(base)/fts5", "FTS5: the five queries in turn, \(shape.description) (µs/query)") {
                context in
                let index = try fts5Index(context)
                let identity = RowIdentity(
                    benchmark: "\(base)/fts5", workload: InterleavedFigures.workload(shape), mode: .inProcess,
                    implementation: fts5Implementation)
                return [
                    try context.measureInterleaved(
                        identity, labels: SearchQuery.all.map(\.text),
                        SearchQuery.all.map { fts5Call($0, shape, index) })
                ]
            }
        }
    }

    /// What a search returns.
    enum Shape: String, CaseIterable {
        /// Every hit.
        case all
        /// The first page of 20 and the total count: verse ids (and FTS5's references) only.
        case page
        /// The first page of 20 as a results list shows it, each hit's reference, text and highlighted
        /// matches, and the total count.
        case pageText = "page-text"
        /// The 20 best hits by BM25 with their references, and the total count.
        case top20

        /// For the table: rows with the same description are compared.
        var description: String {
            switch self {
            case .all: "all hits"
            case .page: "first 20 + count"
            case .pageText: "first 20 with text and highlights + count"
            case .top20: "top 20 by BM25 + count"
            }
        }
    }

    static let fts5Implementation = Implementation(
        name: "SQLite FTS5", version: SQLiteDatabase.libraryVersion,
        invocation: "C API in this process, :memory:, tokenize='unicode61 remove_diacritics 2', merged after the bulk "
            + "load (INSERT INTO verses(verses) VALUES('optimize')), prepared statements; "
            + "all hits: every rowid (ORDER BY rowid); first 20 + count: rowid, book, chapter, verse of the first 20 "
            + "(ORDER BY rowid LIMIT 20), then count(*); with text and highlights: the same plus "
            + "highlight(verses, 3, '[', ']') of each row; top 20: the same columns ORDER BY rank (bm25) LIMIT 20, "
            + "then count(*)")

    /// FTS5 with a prefix index, for the prefix query.
    static let fts5PrefixImplementation = Implementation(
        name: "SQLite FTS5, prefix index", version: SQLiteDatabase.libraryVersion,
        invocation: "as SQLite FTS5, with prefix='\(FTS5Index.prefixLengths)' (the prefixes of 2 to 6 characters "
            + "indexed; bless* reads the 5-character one)")

    /// The workload text of a query in a shape, the same for every engine compared on it.
    static func workload(_ query: SearchQuery, _ shape: Shape) -> String {
        "Search \(query.text) (\(query.description)), \(shape.description)"
    }

    /// Lectern's row: `all` parses the query and lists every matching verse (`SearchIndex.matches`);
    /// `pageText` runs `SearchIndex.search` for page 1 of 20, which gives the total, per-book counts, and
    /// each hit's reference, text and highlight ranges, all of which the run reads.
    private static func lecternRow(
        _ query: SearchQuery, _ shape: Shape, name: String, _ context: BenchmarkContext
    ) throws -> BenchmarkResult {
        let index = try LecternSearch.fixture(context).index
        let run = lecternCall(query, shape, index)
        let invocation =
            shape == .pageText
            ? "SearchIndex.search(text, page size 20): the total, counts per book, and each of the first 20 hits' "
                + "reference, verse text and highlight ranges (UTF-8 and UTF-16)"
            : "SearchIndex.matches(QueryParser.parse(text)) in this process: every matching verse index, canon order"
        let identity = LecternWorkloads.row(name, workload(query, shape), .inProcess, invocation)
        var result = try context.measureBatched(identity, unit: .microsecondsPerQuery, run)
        let hits =
            shape == .pageText
            ? try index.search(query.text, options: SearchOptions(pageSize: FTS5Index.pageSize)).totalCount
            : try run()
        let fts5Hits = try fts5Index(context).allHits(query.fts5).count
        result.notes.insert("\(hits) hits" + (hits == fts5Hits ? "" : " (FTS5: \(fts5Hits))"), at: 0)
        return result
    }

    /// One call of Lectern's row for `shape`: `all`, every matching verse (`SearchIndex.matches`); `page` and
    /// `top20`, the bare page of `lecternIDsCall`; `pageText`, the results list of `SearchIndex.search`.
    static func lecternCall(_ query: SearchQuery, _ shape: Shape, _ index: SearchIndex) -> () throws -> Int {
        switch shape {
        case .all: { try index.matches(QueryParser.parse(query.text)).verses.count }
        case .page, .top20: lecternIDsCall(query, ranked: shape == .top20, index)
        case .pageText: { try touch(index.search(query.text, options: SearchOptions(pageSize: FTS5Index.pageSize))) }
        }
    }

    /// Lectern's interleaved row of `shape`: the calls of its back-to-back rows (`all`, `ids`, `ids-top20` and
    /// `page` for the engines' `all`, `page`, `top20` and FTS5's `page-text`), the five queries in turn.
    private static func lecternInterleavedRow(
        _ shape: Shape, name: String, _ context: BenchmarkContext
    ) throws -> BenchmarkResult {
        let index = try LecternSearch.fixture(context).index
        let identity = LecternWorkloads.row(
            name, InterleavedFigures.workload(shape), .inProcess,
            "the calls of its back-to-back rows of this shape (SearchIndex.matches, best or search), the five "
                + "queries in turn, each call timed alone")
        return try context.measureInterleaved(
            identity, labels: SearchQuery.all.map(\.text), SearchQuery.all.map { lecternCall($0, shape, index) })
    }

    /// A checksum of everything a results list shows from `page`: the total, the per-book counts, and each
    /// hit's reference, text and highlight ranges.
    static func touch(_ page: SearchPage) -> Int {
        var sum = page.totalCount &+ page.bookCounts.count
        for hit in page.hits {
            sum &+= hit.key.chapter &+ hit.key.verse.utf8.count &+ hit.text.utf8.count
            for highlight in hit.highlights { sum &+= highlight.utf8.lowerBound &+ highlight.utf16.upperBound }
        }
        return sum
    }

    /// A checksum of everything a results list shows from FTS5's page: the total and each row's rowid,
    /// reference and marked text.
    static func touch(_ page: (rows: [FTS5Index.TextRow], total: Int)) -> Int {
        page.rows.reduce(page.total) { $0 &+ Int($1.rowid) &+ $1.reference.utf8.count &+ $1.marked.utf8.count }
    }

    /// Lectern's bare page, compared with FTS5's `page` row: the first 20 matching verses' references
    /// (book, chapter, verse, read from the store) and the total count, without text or highlights.
    /// Lectern's bare page, like the engines' `page` (first 20 in canon order) or, `ranked`, their `top20`
    /// (the best 20 by BM25): the count and the 20 verses' references, no text or highlights.
    private static func lecternIDsRow(
        _ query: SearchQuery, name: String, ranked: Bool = false, _ context: BenchmarkContext
    ) throws -> BenchmarkResult {
        let run = lecternIDsCall(query, ranked: ranked, try LecternSearch.fixture(context).index)
        let identity = LecternWorkloads.row(
            name, workload(query, ranked ? .top20 : .page), .inProcess,
            ranked
                ? "SearchIndex.best(QueryParser.parse(text), limit: 20): the count and the best 20 verses' references "
                    + "by BM25 (VersionStore.verseKey; no text or highlights)"
                : "SearchIndex.matches(QueryParser.parse(text)): the count and the first 20 verses' references "
                    + "(VersionStore.verseKey; no text or highlights)")
        return try context.measureBatched(identity, unit: .microsecondsPerQuery, run)
    }

    /// One call of Lectern's bare page: the count and the first 20 (or, `ranked`, the best 20) verses' references.
    static func lecternIDsCall(_ query: SearchQuery, ranked: Bool, _ index: SearchIndex) -> () throws -> Int {
        let store = index.store
        return {
            let parsed = try QueryParser.parse(query.text)
            var verses: [Int]
            var sum: Int
            if ranked {
                let best = try index.best(parsed, limit: FTS5Index.pageSize)
                (verses, sum) = (best.matches.verses, best.total)
            } else {
                verses = try index.matches(parsed).verses
                sum = verses.count
                verses = Array(verses.prefix(FTS5Index.pageSize))
            }
            for verse in verses {
                let key = try store.verseKey(at: verse)
                sum &+= key.chapter &+ key.verse.utf8.count
            }
            return sum
        }
    }

    /// The FTS5 table, built once per run and merged (`optimize`).
    static func fts5Index(_ context: BenchmarkContext) throws -> FTS5Index {
        let source = try verseSource(context)
        return try context.fixture("fts5") { try FTS5Index(verses: source.verses) }
    }

    /// The FTS5 table with a prefix index, built once per run and merged.
    static func fts5PrefixIndex(_ context: BenchmarkContext) throws -> FTS5Index {
        let source = try verseSource(context)
        return try context.fixture("fts5-prefix") {
            try FTS5Index(verses: source.verses, prefixLengths: FTS5Index.prefixLengths)
        }
    }

    /// One call of FTS5's row for `shape`.
    static func fts5Call(_ query: SearchQuery, _ shape: Shape, _ index: FTS5Index) -> () throws -> Int {
        switch shape {
        case .all: { try index.allHits(query.fts5).count }
        case .page: { try index.firstPage(query.fts5).total }
        case .top20: { try index.topPage(query.fts5).total }
        case .pageText: { try touch(index.firstPageWithText(query.fts5)) }
        }
    }

    private static func fts5Row(
        _ query: SearchQuery, _ shape: Shape, name: String, index: FTS5Index? = nil, _ context: BenchmarkContext
    ) throws -> BenchmarkResult {
        let index = try index ?? fts5Index(context)
        let identity = RowIdentity(
            benchmark: name, workload: workload(query, shape), mode: .inProcess,
            implementation: index.prefixLengths == nil ? fts5Implementation : fts5PrefixImplementation)
        var result = try context.measureBatched(identity, unit: .microsecondsPerQuery, fts5Call(query, shape, index))
        result.notes.insert("\(try index.firstPage(query.fts5).total) hits", at: 0)
        if index.prefixLengths != nil {
            result.notes.append(String(format: "database %.1f MB", Double(try index.sizeBytes()) / 1_000_000))
        }
        return result
    }

    /// The verses the index is built from: Lectern's `vref` of eng-web-usfm.
    static func verseSource(_ context: BenchmarkContext) throws -> (name: String, verses: VerseList) {
        try LecternWorkloads.referenceVerses(context)
    }
}
