import Foundation
import ScriptureModel

/// Reads back what `lectern export --format json` writes (`ModelJSON`): the document model of every book,
/// exactly as it was stored, and the Bible's names.
///
/// The file is one object, `{"schemaVersion":1,"command":"export","bible":{…},"sourceFormat":…,
/// "importedAt":…,"books":[…]}`. It is scanned once for its members; each book is read on its own
/// (`JSONReader` over the book's bytes), so the parsed JSON of only one book is held at a time. Anything that
/// is not that shape is a `not-lectern-json` error at its `file:line:col`; a book with one is skipped.
public enum ModelJSONReader {
    /// The schema version of the export this reader reads.
    public static let schemaVersion = 1

    /// Whether the first bytes of a JSON file are a Lectern export (`"command":"export"` among them), not USJ.
    public static func looksLikeExport(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(512))
        return contains(head, #""command":"export""#) || contains(head, #""command": "export""#)
    }

    /// The books of an export and the problems found, each at its place in the file.
    public static func parse(_ bytes: [UInt8], path: String) -> ParseResult {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = ExportScanner(buffer, path: path)
            var result = ParseResult()
            do throws(ModelJSONError) {
                let members = try scanner.topLevel()
                guard let books = members.books else {
                    throw ModelJSONError("the export has no \"books\" array", at: scanner.location(of: 0))
                }
                if let version = members.schemaVersion, version != "\(schemaVersion)" {
                    throw ModelJSONError(
                        "its schemaVersion \(version) is not supported (this lectern reads \(schemaVersion))",
                        at: scanner.location(of: 0))
                }
                for range in books {
                    do throws(ModelJSONError) {
                        result.books.append(try ModelJSONBook.read(buffer, range, scanner: scanner))
                    } catch {
                        result.diagnostics.append(error.diagnostic)
                    }
                }
            } catch {
                result.diagnostics.append(error.diagnostic)
            }
            return result
        }
    }

    /// The names an export carries (its `bible` object) and the source format it records, or nil when
    /// `bytes` (the file or its start: the scan stops after `sourceFormat`) are no export or have none.
    public static func metadata(_ bytes: [UInt8]) -> ExportMetadata? {
        bytes.withUnsafeBufferPointer { buffer -> ExportMetadata? in
            var scanner = ExportScanner(buffer, path: "")
            guard let members = try? scanner.topLevel(until: "sourceFormat"), let bible = members.bible,
                let node = try? JSONReader.read(UnsafeBufferPointer(rebasing: buffer[bible])),
                case .object(let fields) = node.value
            else { return nil }
            func text(_ key: String) -> String? {
                guard case .string(let value)? = fields.first(where: { $0.key == key })?.value.value else { return nil }
                return value
            }
            guard let abbreviation = text("abbreviation"), let title = text("title") else { return nil }
            var names = ExportMetadata(
                abbreviation: abbreviation, title: title, language: text("language") ?? "und",
                copyright: text("copyright"))
            names.sourceFormat = members.sourceFormat
            return names
        }
    }

    /// The names of the export at `path` (`metadata(_:)` of its first megabyte), or nil when it is not one.
    static func metadata(ofFile path: String) -> ExportMetadata? {
        guard path.lowercased().hasSuffix(".json"), case .regular? = try? FileKind.of(path),
            let handle = FileHandle(forReadingAtPath: path)
        else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 1 << 20), looksLikeExport(head) else { return nil }
        return metadata(Array(head))
    }

    private static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let needle = Array(needle.utf8)
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in
            haystack[start..<start + needle.count].elementsEqual(needle)
        }
    }
}

/// A problem with an export, at its place.
struct ModelJSONError: Error {
    var message: String
    var location: SourceLocation

    init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    var diagnostic: Diagnostic { Diagnostic(.error, .notLecternJSON, at: location, message) }
}

/// Finds the members of an export's top-level object without parsing the books: where the `bible` object
/// and each element of `books` are, and the small values. Tracks lines and columns (in Unicode scalars) as
/// it goes, so a book read on its own reports places in the whole file.
struct ExportScanner {
    /// The members found.
    struct Members {
        var schemaVersion: String?
        var sourceFormat: String?
        var bible: Range<Int>?
        var books: [Range<Int>]?
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let path: String
    private var index = 0
    /// The line and column where each element of `books` starts, by its first byte.
    private(set) var starts: [Int: (line: Int, column: Int)] = [:]
    private var line = 1
    private var column = 1

    init(_ bytes: UnsafeBufferPointer<UInt8>, path: String) {
        self.bytes = bytes
        self.path = path
    }

    /// The place of byte `offset`, for a value the scanner passed (a book's start) or the file's start.
    func location(of offset: Int) -> SourceLocation {
        let start = starts[offset] ?? (1, 1)
        return SourceLocation(file: path, line: start.line, column: start.column, offset: offset)
    }

    /// The place in the file of a line, column and offset counted from the start of the book at byte `base`.
    func location(line: Int, column: Int, offset: Int, base: Int) -> SourceLocation {
        let start = starts[base] ?? (1, 1)
        return SourceLocation(
            file: path, line: start.line + line - 1, column: line == 1 ? start.column + column - 1 : column,
            offset: base + offset)
    }

    private var here: SourceLocation { SourceLocation(file: path, line: line, column: column, offset: index) }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { advance() }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(ModelJSONError) {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else {
            throw ModelJSONError("expected \(what) in a Lectern JSON export", at: here)
        }
        advance()
    }

    /// A string's raw bytes (escapes kept), after its opening quote; the index is left after the closing one.
    private mutating func rawString() throws(ModelJSONError) -> Range<Int> {
        try expect(UInt8(ascii: "\""), "a string")
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                advance()
                guard index < bytes.count else { break }
            } else if byte == UInt8(ascii: "\"") {
                let end = index
                advance()
                return start..<end
            }
            advance()
        }
        throw ModelJSONError("a string is not closed", at: here)
    }

    /// Passes over one value (of any kind), checking only that brackets and strings close.
    private mutating func skipValue() throws(ModelJSONError) -> Range<Int> {
        skipSpace()
        let start = index
        var depth = 0
        repeat {
            guard index < bytes.count else { throw ModelJSONError("the file ends inside a value", at: here) }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                _ = try rawString()
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard depth > 0 else { throw ModelJSONError("a bracket closes nothing", at: here) }
                depth -= 1
            case UInt8(ascii: ",") where depth == 0, UInt8(ascii: ":") where depth == 0:
                throw ModelJSONError("expected a value", at: here)
            default: break
            }
            advance()
            if depth == 0 {
                // A number, `true`, `false` or `null` runs to the next delimiter.
                while index < bytes.count, depth == 0, !Self.ends(bytes[index]) { advance() }
            }
        } while depth > 0
        return start..<index
    }

    private static func ends(_ byte: UInt8) -> Bool {
        [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09].contains(byte)
    }

    /// The top-level object's members; `books` as the range of each element. With `until`, the scan stops
    /// after that key's value (so the start of a file is enough for what comes before the books).
    mutating func topLevel(until last: String? = nil) throws(ModelJSONError) -> Members {
        var members = Members()
        try expect(UInt8(ascii: "{"), "an object")
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return members }
        while true {
            skipSpace()
            let keyStart = here
            let keyRange = try rawString()
            let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[keyRange]), as: UTF8.self)
            try expect(UInt8(ascii: ":"), "':' after a key")
            skipSpace()
            switch key {
            case "books":
                members.books = try elements()
            case "bible":
                members.bible = try skipValue()
            case "schemaVersion", "sourceFormat":
                let value = try skipValue()
                var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[value]), as: UTF8.self)
                if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = String(text.dropFirst().dropLast()) }
                if key == "schemaVersion" { members.schemaVersion = text } else { members.sourceFormat = text }
            case "command", "importedAt":
                _ = try skipValue()
            default:
                throw ModelJSONError("unknown key \"\(key)\" in a Lectern JSON export", at: keyStart)
            }
            if key == last { return members }
            skipSpace()
            guard index < bytes.count else { throw ModelJSONError("the file ends inside the export", at: here) }
            if bytes[index] == UInt8(ascii: "}") {
                advance()
                break
            }
            try expect(UInt8(ascii: ","), "',' or '}'")
        }
        skipSpace()
        guard index == bytes.count else { throw ModelJSONError("text after the export", at: here) }
        return members
    }

    /// The range of each element of an array, with where it starts.
    private mutating func elements() throws(ModelJSONError) -> [Range<Int>] {
        try expect(UInt8(ascii: "["), "the array of books")
        var ranges: [Range<Int>] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            advance()
            return ranges
        }
        while true {
            skipSpace()
            starts[index] = (line, column)
            ranges.append(try skipValue())
            skipSpace()
            guard index < bytes.count else { throw ModelJSONError("the file ends inside the books", at: here) }
            if bytes[index] == UInt8(ascii: "]") {
                advance()
                return ranges
            }
            try expect(UInt8(ascii: ","), "',' or ']'")
        }
    }
}
