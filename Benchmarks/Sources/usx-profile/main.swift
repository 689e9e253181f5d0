// A callgrind harness for the USX, USJ and USFM parsers, and a digest of the model they build.
//
// Usage: usx-profile parse REPEATS FILE...    parse every (decompressed) file REPEATS times; prints MB/s
//        usx-profile sax REPEATS count|floor|empty FILE...  libxml2 alone (XMLSAXShim), each file REPEATS times
//        usx-profile vref REPEATS FILE...     the same, then `Vref.format` of all the books each time
//        usx-profile vrefonly REPEATS FILE... parse once, then the books' vref lines REPEATS times on one core
//        usx-profile vrefcheck FILE...        whether `Vref.format` of the books equals their verse texts formatted
//        usx-profile digest FILE...           prints one line per file: path, SHA-like digest of the model dump
// `.json` files are read as USJ, `.usfm` and `.sfm` as USFM, the rest as USX; a `.gz` file is decompressed first
// and named without its `.gz` (the corpus's USX folders are all gzip).
//   valgrind --tool=callgrind --toggle-collect='$s11usx_profile7runLoop*' usx-profile parse 1 …
import Foundation
import Lectern
import XMLSAXShim

func parseFile(_ bytes: [UInt8], path: String) -> ParseResult {
    if path.hasSuffix(".json") { return USJParser.parse(bytes, path: path) }
    if path.hasSuffix(".usfm") || path.hasSuffix(".sfm") { return USFMParser.parse(bytes, path: path) }
    return USXParser.parse(bytes, path: path)
}

@inline(never)
func runLoop(_ files: [(String, [UInt8])], repeats: Int) -> Int {
    var count = 0
    for _ in 0..<repeats {
        for (path, bytes) in files { count &+= parseFile(bytes, path: path).books.count }
    }
    return count
}

/// Whether `vref` makes the lines on this core (`LECTERN_VREF_ONE_CORE=1`), as the benchmark's row does.
let sequentialVref = ProcessInfo.processInfo.environment["LECTERN_VREF_ONE_CORE"] == "1"

@inline(never)
func runVrefLoop(_ files: [(String, [UInt8])], repeats: Int) -> Int {
    var count = 0
    for _ in 0..<repeats {
        var books: [Book] = []
        for (path, bytes) in files { books += parseFile(bytes, path: path).books }
        if sequentialVref {
            var lines: [UInt8] = []
            lines.reserveCapacity(64 * 1024)
            for book in books.sorted(by: { $0.id < $1.id }) { book.appendVrefLines(to: &lines) }
            count &+= String(decoding: lines, as: UTF8.self).utf8.count
        } else {
            count &+= Vref.format(books).utf8.count
        }
    }
    return count
}

@inline(never)
func runVrefOnlyLoop(_ books: [Book], repeats: Int) -> Int {
    var count = 0
    for _ in 0..<repeats {
        for book in books {
            var lines: [UInt8] = []
            book.appendVrefLines(to: &lines)
            count &+= String(decoding: lines, as: UTF8.self).utf8.count
        }
    }
    return count
}

/// A file's bytes, decompressed when it is gzip, and its name without `.gz`.
func load(_ path: String) -> (path: String, bytes: [UInt8]) {
    let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
    let name = path.hasSuffix(".gz") ? String(path.dropLast(3)) : path
    guard Gzip.isCompressed(bytes) else { return (name, bytes) }
    do {
        return (name, try Gzip.decompress(bytes))
    } catch {
        FileHandle.standardError.write(Data("\(path): \(error)\n".utf8))
        exit(1)
    }
}

/// FNV-1a, 64 bits: stable across runs (Swift's Hasher is seeded).
func fnv(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
    }
    return String(hash, radix: 16)
}

func dump(_ result: ParseResult) -> String {
    var text = ""
    for book in result.books {
        text += "\(book.id) \(book.identification) \(String(describing: book.formatVersion)) \(book.names)\n"
        text += "\(String(describing: book.chapterLabel)) \(book.location)\n"
        text += String(describing: book.introduction) + "\n"
        for chapter in book.chapters {
            text +=
                "c \(chapter.number) \(String(describing: chapter.label)) \(String(describing: chapter.alternateNumber)) \(String(describing: chapter.publishedNumber)) \(chapter.location)\n"
            text += String(describing: chapter.blocks) + "\n"
        }
    }
    for diagnostic in result.diagnostics { text += "\(diagnostic)\n" }
    return text
}

@inline(never)
func runSAXLoop(_ files: [(String, [UInt8])], repeats: Int, handlers: bench_sax_handlers) -> Int {
    var count = 0
    var wellFormed: Int32 = 0
    for _ in 0..<repeats {
        for (_, bytes) in files {
            count &+= Int(
                bytes.withUnsafeBufferPointer { bench_sax_parse($0.baseAddress, $0.count, handlers, &wellFormed) })
        }
    }
    return count
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first else { exit(64) }
if mode == "parse" || mode == "vref" {
    let repeats = Int(arguments[1]) ?? 1
    let files = arguments.dropFirst(2).map(load)
    let total = files.reduce(0) { $0 + $1.1.count }
    let clock = ContinuousClock()
    let start = clock.now
    let count = mode == "vref" ? runVrefLoop(files, repeats: repeats) : runLoop(files, repeats: repeats)
    let seconds = (clock.now - start) / .seconds(1)
    print(count, String(format: "%.1f MB/s", Double(total * repeats) / seconds / 1e6))
} else if mode == "sax" {
    // libxml2 alone, each file `repeats` times: `count` (the callbacks counting), `floor` (the flat floor) or
    // `empty` (no callbacks); see XMLSAXShim.h.
    let repeats = Int(arguments[1]) ?? 1
    let handlers =
        switch arguments[2] {
        case "floor": bench_sax_flat_floor
        case "empty": bench_sax_no_callbacks
        default: bench_sax_lectern_callbacks
        }
    let files = arguments.dropFirst(3).map(load)
    let total = files.reduce(0) { $0 + $1.1.count }
    let clock = ContinuousClock()
    let start = clock.now
    let count = runSAXLoop(files, repeats: repeats, handlers: handlers)
    let seconds = (clock.now - start) / .seconds(1)
    print(count, String(format: "%.1f MB/s", Double(total * repeats) / seconds / 1e6))
} else if mode == "vrefonly" {
    let repeats = Int(arguments[1]) ?? 1
    let files = arguments.dropFirst(2).map(load)
    let total = files.reduce(0) { $0 + $1.1.count }
    let books = files.flatMap { parseFile($0.1, path: $0.0).books }
    let clock = ContinuousClock()
    let start = clock.now
    let count = runVrefOnlyLoop(books, repeats: repeats)
    let seconds = (clock.now - start) / .seconds(1)
    print(
        count,
        String(
            format: "%.2f ms a pass, %.1f MB/s", seconds * 1000 / Double(repeats),
            Double(total * repeats) / seconds / 1e6))
} else if mode == "vrefcheck" {
    var books: [Book] = []
    for path in arguments.dropFirst() {
        let (name, bytes) = load(path)
        books += parseFile(bytes, path: URL(fileURLWithPath: name).lastPathComponent).books
    }
    let lines = Vref.format(books)
    let expected = books.sorted(by: { $0.id < $1.id }).map { Vref.format(verses: $0.verseTexts()) }.joined()
    print(lines == expected ? "same" : "DIFFERENT", lines.utf8.count, fnv(lines))
} else {
    for path in arguments.dropFirst() {
        let (name, bytes) = load(path)
        let text = dump(parseFile(bytes, path: URL(fileURLWithPath: name).lastPathComponent))
        print(URL(fileURLWithPath: name).lastPathComponent, text.utf8.count, fnv(text))
    }
}
