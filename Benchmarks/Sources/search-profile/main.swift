// A callgrind harness for the search rows: runs one search many times on a stored version, so that the
// instructions per call can be compared before and after a change without the runner's fixtures.
//
// Usage: search-profile STORE.lectern QUERY [CALLS] [page|ids|all|relevance]
//   valgrind --tool=callgrind --toggle-collect='*search-profile*run*' …   (or count the whole process)
import Foundation
import Lectern

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: search-profile STORE QUERY [CALLS] [page|ids|all|relevance]\n".utf8))
    exit(64)
}
let store = try VersionStore(path: arguments[1])
let index = try store.searchIndex()
let query = arguments[2]
let calls = arguments.count > 3 ? Int(arguments[3]) ?? 1000 : 1000
let shape = arguments.count > 4 ? arguments[4] : "page"

/// One call of the shape, its result reduced to a number.
@inline(never)
func runOnce() throws -> Int {
    switch shape {
    case "all":
        return try index.matches(QueryParser.parse(query)).verses.count
    case "relevance":
        return try index.search(query, options: SearchOptions(pageSize: 20, order: .relevance)).hits.count
    default:
        let page = try index.search(query, options: SearchOptions(pageSize: 20))
        return page.hits.reduce(page.totalCount) { $0 &+ $1.text.utf8.count &+ $1.highlights.count }
    }
}

var sum = try runOnce()  // the one-time checks and tables, outside the loop
@inline(never)
func runLoop() throws -> Int {
    var sum = 0
    for _ in 0..<calls { sum &+= try runOnce() }
    return sum
}
let clock = ContinuousClock()
let start = clock.now
sum &+= try runLoop()
let elapsed = clock.now - start
print("\(shape) \(query): \(calls) calls, \(elapsed / calls) per call (checksum \(sum))")
