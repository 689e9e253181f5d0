// A callgrind harness for the read-chapter rows: reads one chapter many times from a stored version, so
// that the instructions per call can be compared before and after a change without the runner's fixtures.
//
// Usage: store-profile STORE.lectern [CALLS] [chapter|styled|check|tree|verses] [BOOK] [CHAPTER]
//   valgrind --tool=callgrind --toggle-collect='$s13store_profile7runLoop*' …  (instructions in the loop)
import Foundation
import Lectern

/// Touches every node as the bench's `walkEveryNode` does: kind, text length and first text byte.
func walkEveryNode(_ content: FlatContent) -> Int {
    var total = 0
    for index in content.nodes.indices {
        let node = content.nodes[index]
        total &+= Int(node.kind.rawValue) &+ node.textByteCount
        if node.textByteCount > 0 { total &+= Int(content.bytes[content.textRange(of: index).lowerBound]) }
    }
    return total
}

/// The timed loop, the function callgrind's --toggle-collect names.
@inline(never)
func runLoop(_ calls: Int, _ body: () throws -> Int) throws -> Int {
    var sum = 0
    for _ in 0..<calls { sum &+= try body() }
    return sum
}

@inline(never)
func main(_ arguments: [String]) throws {
    guard arguments.count >= 2 else {
        FileHandle.standardError.write(Data("usage: store-profile STORE [CALLS] [chapter|styled|check|tree|verses] [BOOK] [CHAPTER]\n".utf8))
        exit(64)
    }
    let store = try VersionStore(path: arguments[1])
    let calls = arguments.count > 2 ? Int(arguments[2]) ?? 1000 : 1000
    let shape = arguments.count > 3 ? arguments[3] : "chapter"
    let book = arguments.count > 4 ? BookID(code: arguments[4]) ?? .john : .john
    let number = arguments.count > 5 ? Int(arguments[5]) ?? 3 : 3
    let runOnce: () throws -> Int
    switch shape {
    case "styled": runOnce = { try store.styledChapter(book, number).paragraphs.count }
    case "check": runOnce = { try store.checkChapter(book, number); return 1 }
    case "tree": runOnce = { try store.chapter(book, number).blocks.count }
    case "verses": runOnce = { try store.verses(book, number).count }
    default: runOnce = { walkEveryNode(try store.chapter(book, number).content) }
    }
    var sum = 0
    for _ in 0..<20 { sum &+= try runOnce() }
    let clock = ContinuousClock()
    let start = clock.now
    sum &+= try runLoop(calls, runOnce)
    let elapsed = clock.now - start
    print("\(shape) \(book.code) \(number): \(calls) calls, \(elapsed / calls) per call (checksum \(sum))")
}

try main(CommandLine.arguments)
