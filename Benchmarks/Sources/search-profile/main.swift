// A callgrind harness for the search rows: runs one search many times on a stored version, so that the
// instructions per call can be compared before and after a change without the runner's fixtures.
//
// Usage: search-profile STORE.lectern QUERY [CALLS] [page|all|ids|relevance|best]
//        (best: `SearchIndex.best(query, limit: 20)`, the ids-top20 rows' call, without the references;
//        ids: the search/ids rows' call, `SearchIndex.matches` and the first 20 verses' references)
//        search-profile LIBRARY_DIR QUERY [CALLS] library   (`Library.search` over every version, as --bible all,
//        through one library value: the first call opens the stores, later ones find them kept; the searches
//        run on worker threads, which --toggle-collect does not count: count whole runs of two lengths)
//   valgrind --tool=callgrind --toggle-collect='$s14search_profile7runLoop*' …  (instructions in the loop)
import Foundation
import Lectern

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: search-profile STORE QUERY [CALLS] [page|all|relevance|best]\n".utf8))
    exit(64)
}
/// The search, `calls` times after one untimed call; prints the time per call.
@inline(never)
func main(_ arguments: [String]) throws {
    let query = arguments[2]
    let calls = arguments.count > 3 ? Int(arguments[3]) ?? 1000 : 1000
    let shape = arguments.count > 4 ? arguments[4] : "page"
    let options = SearchOptions(pageSize: 20, order: shape == "relevance" ? .relevance : .canonical)
    if shape == "library" {
        // The first call opens every version and its index; the library value keeps them for the next.
        let library = Library(directory: arguments[1])
        let clock = ContinuousClock()
        let start = clock.now
        let sum = try runLoop(calls) {
            try library.search(query, bibles: nil, options: options).reduce(0) { sum, result in
                sum &+ ((try? result.page.get().totalCount) ?? 0)
            }
        }
        print("library \(query): \(calls) calls, \((clock.now - start) / calls) per call (checksum \(sum))")
        return
    }
    let store = try VersionStore(path: arguments[1])
    let index = try store.searchIndex()
    let runOnce: () throws -> Int = {
        if shape == "all" { return try index.matches(QueryParser.parse(query)).verses.count }
        if shape == "ids" {
            let verses = try index.matches(QueryParser.parse(query)).verses
            var sum = verses.count
            for verse in verses.prefix(20) {
                let key = try store.verseKey(at: verse)
                sum &+= key.chapter &+ key.verse.utf8.count
            }
            return sum
        }
        if shape == "best" {
            let best = try index.best(QueryParser.parse(query), limit: 20)
            return best.matches.verses.reduce(best.total, &+)
        }
        let page = try index.search(query, options: options)
        return page.hits.reduce(page.totalCount) { $0 &+ $1.text.utf8.count &+ $1.highlights.count }
    }
    // The one-time checks and tables outside the loop: the verse key table is built after 1,000 references.
    var sum = 0
    for _ in 0..<200 { sum &+= try runOnce() }
    let clock = ContinuousClock()
    let start = clock.now
    sum &+= try runLoop(calls, runOnce)
    let elapsed = clock.now - start
    print("\(shape) \(query): \(calls) calls, \(elapsed / calls) per call (checksum \(sum))")
}

/// The timed loop, the function callgrind's --toggle-collect names.
@inline(never)
func runLoop(_ calls: Int, _ body: () throws -> Int) throws -> Int {
    var sum = 0
    for _ in 0..<calls { sum &+= try body() }
    return sum
}

try main(arguments)
