import Foundation
import Lectern

/// `lectern search QUERY`: searches a stored Bible offline and prints a page of hits.
package enum SearchCommand: LecternCommand {
    package static let spec = CommandSpec(
        name: "search", summary: "search a Bible (words, \"phrases\", prefix*, -excluded, OR, NEAR, strong:)",
        arguments: "QUERY...",
        discussion: """
            Finds the verses that hold every word of QUERY, ignoring case and accents. Query language: words \
            (all must match), "exact phrases", prefix*, -excluded, a OR b, a NEAR/5 b (within 5 words in one \
            verse, either order; NEAR alone is NEAR/10), a NEAR/2v b (within 2 verses of the same book). In \
            Bibles whose words carry them (\\w …|strong="…"\\w*, USX <char style="w" strong=…>): strong:G3056 \
            (a Strong's number; strong:H1254 also finds H1254a, strong:H1254a only itself, strong:3056 both \
            G3056 and H3056), lemma:λόγος (folded like words; lemma:λόγ* a prefix), morph:Gr,N,,,,,NMS, (as \
            written; morph:V-Qal* a prefix, morph:"Prep-b / N-fs" with spaces); a Bible without them says so. \
            --order relevance ranks by BM25, ties in canon order. A query that starts with - works when quoted \
            ('-God love') or after the other words. A query that names a passage (John 3:16) is also \
            reported as a reference. --bible WEB,BSB or --bible all searches several Bibles at once, grouped \
            per Bible with counts, or per verse with --group-by verse. Matches are shown in colour on a \
            terminal (or with --color always); a pipe or a file gets plain text, as from grep (the matches' \
            places are in --json). Each search is remembered; --recent prints the last \
            three.

            Exit status: 0 when something was found (or the query names a passage), 1 when nothing was \
            found (as grep does) or the page is past the last one, 64 for a wrong command line.
            """,
        options: [
            BibleSelection.option,
            .value("page", "N", "the page to print, from 1 (default 1)"),
            .value("page-size", "N", "hits per page, 1 to \(SearchOptions.maximumPageSize) (default 20)"),
            .value(
                "testament", "T", "ot, nt, or all (default; deuterocanonical books only with all)",
                completion: .choices(["ot", "nt", "all"])),
            .value("books", "LIST", "books or ranges by code or name: GEN-DEU,PSA"),
            .value(
                "order", "ORDER", "canonical (default) or relevance (BM25)",
                completion: .choices(["canonical", "relevance"])),
            .flag("exact", "match accents and case"),
            .value(
                "group-by", "HOW",
                "with several Bibles: bible (default: each Bible's hits and count) or verse (hits on the same "
                    + "verse together, numbering mapped to Original)",
                completion: .choices(["bible", "verse"])),
            .flag("recent", "print the recent searches, newest first"),
        ],
        alternateForms: ["search --recent [OPTIONS]"],
        examples: [
            ("search love one another", "verses with all three words"),
            ("search '\"in the beginning\"' --bible WEB", "an exact phrase"),
            ("search 'faith -works' --testament nt", "faith without works, in the New Testament"),
            ("search mercy --bible all --group-by verse", "every Bible, hits on the same verse together"),
            ("search 'faith NEAR/5 love' --order relevance", "both within five words, best first"),
            ("search strong:G26 --bible UGNT", "the words carrying Strong's G26"),
        ],
        dashArguments: true)

    package static func run(_ invocation: Invocation) throws -> Int32 {
        let arguments = invocation.arguments
        let page = try arguments.value(
            "page", as: { Int($0).flatMap { (1...SearchOptions.maximumPage).contains($0) ? $0 : nil } },
            expected: "a page number from 1 to \(SearchOptions.maximumPage)")
        let pageSize = try arguments.value(
            "page-size", as: { Int($0).flatMap { (1...SearchOptions.maximumPageSize).contains($0) ? $0 : nil } },
            expected: "a number from 1 to \(SearchOptions.maximumPageSize)")
        let testament = try arguments.value(
            "testament", as: { SearchOptions.TestamentFilter(rawValue: $0.lowercased()) }, expected: "ot, nt or all")
        let order = try arguments.value(
            "order", as: { SearchOptions.Order(rawValue: $0.lowercased()) }, expected: "canonical or relevance")
        let library = invocation.library
        let recentSearches = RecentSearches(library: library)
        if arguments.flag("recent") {
            try invocation.expectNoArguments("--recent takes no query")
            let list = recentSearches.load()
            if invocation.json {
                invocation.output(json: JSONSchema.document("search", [("recent", .array(list.map(JSONValue.string)))]))
            } else {
                invocation.output(list.map { Terminal.sanitized($0) + "\n" }.joined())
            }
            return ExitStatus.success
        }
        let text = invocation.positionals.joined(separator: " ")
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError("give something to search for")
        }
        var options = SearchOptions(page: page ?? 1, pageSize: pageSize ?? 20, order: order ?? .canonical)
        options.testament = testament ?? .all
        options.mode = arguments.flag("exact") ? .exact : .default
        if let bibles = arguments.value("bible"), bibles.contains(",") || bibles.lowercased() == "all" {
            if let books = arguments.value("books") {
                do {
                    options.books = try SearchOptions.books(books)
                } catch {
                    throw UsageError(error.description)
                }
            }
            return try searchMany(text, bibles: bibles, options: options, invocation: invocation)
        }
        if arguments.value("group-by") != nil { throw UsageError("--group-by needs several Bibles (--bible WEB,BSB or --bible all)") }
        let store = try BibleSelection.open(invocation)
        if let books = arguments.value("books") {
            do {
                options.books = try SearchOptions.books(books, names: BookNameIndex(store: store))
            } catch {
                throw UsageError(error.description)
            }
        }
        let result: SearchPage
        switch Result(catching: { () throws(SearchError) -> SearchPage in try store.search(text, options: options) }) {
        case .success(let page): result = page
        case .failure(.query(let error)):
            throw CommandFailure("cannot read the query: \(error)\n  \(text)\n  \(marker(error.range))")
        case .failure(let error): throw error
        }
        do {
            try recentSearches.record(text)
        } catch {
            // A library that cannot be written still answers: only the recent list is not updated.
            invocation.warn("the search is not remembered: \(ErrorText.sentence(for: error))")
        }
        if result.totalCount > 0, result.hits.isEmpty {
            let pages = result.pageCount
            throw CommandFailure(
                "page \(result.page) is past the end: \(result.totalCount) \(result.totalCount == 1 ? "verse" : "verses")"
                    + " make \(pages) \(pages == 1 ? "page" : "pages") of \(result.pageSize); the last page is \(pages)")
        }
        let names = Dictionary(store.books.map { ($0.id, $0.names.display ?? $0.id.englishName) }) { first, _ in first }
        if invocation.json {
            invocation.output(json: SearchJSON.page(result, bible: store.metadata, bookNames: names))
        } else {
            let style: SearchText.Style = invocation.colorsOutput ? .color : .plain
            invocation.output(SearchText.render(result, bible: store.metadata.abbreviation, style: style))
        }
        return result.totalCount > 0 || result.reference != nil ? ExitStatus.success : ExitStatus.failure
    }

    /// `    ^^^` under the characters of `range`.
    static func marker(_ range: Range<Int>) -> String {
        String(repeating: " ", count: range.lowerBound) + String(repeating: "^", count: max(1, range.count))
    }
}
