import Foundation
import Lectern

/// `lectern search QUERY`: searches a stored version offline and prints a page of hits.
public enum SearchCommand: LecternCommand {
    public static let name = "search"
    public static let summary = "search a stored version (words, \"phrases\", prefix*, -excluded, OR)"
    public static let valuedOptions: Set<String> = [
        "version", "page", "page-size", "testament", "books", "order", "library",
    ]
    public static let usage = """
        Usage: lectern search QUERY... [--version ID|ABBR] [--page N] [--page-size N]
                              [--testament ot|nt|all] [--books LIST] [--order canonical|relevance]
                              [--exact] [--json] [--library DIR]
               lectern search --recent [--library DIR]

        Finds the verses that hold every word of QUERY, ignoring case and accents.
        Query language: words (all must match), "exact phrases", prefix*, -excluded
        (quote the whole query, or put -- before it, so that -word is not read as an
        option), a OR b. A query that names a passage (John 3:16) is also reported as
        a reference. Matches are marked **like this**. Each search is remembered;
        --recent prints the last three.

        Options:
          --version ID|ABBR   the version (default: the library's only version)
          --page N            the page to print, from 1 (default 1)
          --page-size N       hits per page, 1 to 1000 (default 20)
          --testament T       ot, nt, or all (default; deuterocanonical books only here)
          --books LIST        books or ranges by code or name: GEN-DEU,PSA
          --order O           canonical (default) or relevance (BM25)
          --exact             match accents and case
          --json              print the page as JSON (highlights in UTF-16 code units)
          --recent            print the recent searches, newest first

        """ + LibraryOptions.usage

    public static func run(_ arguments: inout Arguments, context: CommandContext) throws -> Int32 {
        let versionName = arguments.value("version")
        let page = try arguments.value(
            "page", as: { Int($0).flatMap { $0 >= 1 ? $0 : nil } }, expected: "a page number from 1")
        let pageSize = try arguments.value(
            "page-size", as: { Int($0).flatMap { (1...SearchOptions.maximumPageSize).contains($0) ? $0 : nil } },
            expected: "a number from 1 to \(SearchOptions.maximumPageSize)")
        let testament = try arguments.value(
            "testament", as: { SearchOptions.TestamentFilter(rawValue: $0.lowercased()) }, expected: "ot, nt or all")
        let order = try arguments.value(
            "order", as: { SearchOptions.Order(rawValue: $0.lowercased()) }, expected: "canonical or relevance")
        let books = arguments.value("books")
        let exact = arguments.flag("exact")
        let json = arguments.flag("json")
        let recent = arguments.flag("recent")
        let library = LibraryOptions.library(&arguments, context: context)
        try arguments.finish()
        let recentSearches = RecentSearches(library: library)
        if recent {
            guard arguments.positionals.isEmpty else { throw UsageError("--recent takes no query") }
            let list = recentSearches.load()
            context.standardOutput(json ? SearchJSON.encode(list) : list.map { $0 + "\n" }.joined())
            return ExitStatus.success
        }
        let text = arguments.positionals.joined(separator: " ")
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError("give something to search for")
        }
        let store = try LibraryOptions.version(versionName, in: library)
        var options = SearchOptions(page: page ?? 1, pageSize: pageSize ?? 20, order: order ?? .canonical)
        options.testament = testament ?? .all
        options.mode = exact ? .exact : .default
        if let books {
            do {
                options.books = try SearchOptions.books(books, names: BookNameIndex(versionNames: [:]))
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
            // A library that cannot be written (shared, read-only, full) still answers: only the search is lost.
            context.standardError("Warning: the search is not remembered: \(error)\n")
        }
        if json {
            context.standardOutput(SearchJSON.encode(SearchJSON.Page(result, version: store.metadata.abbreviation)))
        } else {
            context.standardOutput(SearchText.render(result, version: store.metadata.abbreviation))
        }
        return ExitStatus.success
    }

    /// `    ^^^` under the characters of `range`.
    static func marker(_ range: Range<Int>) -> String {
        String(repeating: " ", count: range.lowerBound) + String(repeating: "^", count: max(1, range.count))
    }
}
