/// A JSON value read from a file, with the position where it starts.
///
/// Shared by the reader layout's scenario files and the USJ reader, so both report `line:col` the same way.
package struct JSONNode: Sendable {
    /// One member of an object, with where its key is.
    package struct Member: Sendable {
        /// The key, unescaped.
        package var key: String
        /// The line of the key's opening quote.
        package var keyLine: Int
        /// The column of the key's opening quote.
        package var keyColumn: Int
        /// The member's value.
        package var value: JSONNode
    }

    /// The value itself.
    package enum Value: Sendable {
        case null
        case bool(Bool)
        /// The number's text as written, so callers decide how strict to be.
        case number(String)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    /// The value.
    package var value: Value
    /// The line where the value starts, from 1.
    package var line: Int
    /// The column where the value starts, in Unicode scalars from 1.
    package var column: Int
    /// The byte offset where the value starts.
    package var offset: Int

    /// `a string`, `a number`, …: for messages.
    package var kindName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A syntax error in a JSON file: 1-based line and column (in Unicode scalars).
package struct JSONSyntaxError: Error, Sendable {
    /// The line, from 1.
    package var line: Int
    /// The column in Unicode scalars, from 1.
    package var column: Int
    /// The byte offset.
    package var offset: Int
    /// What is wrong, in a few words.
    package var message: String
    /// Whether the JSON is well formed so far but one part holds more values than the reader was allowed
    /// to read (`maximumValues`), not a syntax error.
    package var isPastLimit = false
}

/// The control characters a document's strings give as `\u` escapes (`"\u001B[31m"`), which no byte scan of
/// the file sees: counted, with where the first is (its backslash), NUL apart.
package struct JSONEscapedControls: Sendable {
    /// Escaped control characters other than NUL (see `ControlCharacters`).
    package var count = 0
    /// The first of them: line, column, offset and the character.
    package var first: (line: Int, column: Int, offset: Int, scalar: UInt32)?
    /// Escaped NUL characters (`\u0000`).
    package var nulCount = 0
    /// The first of them.
    package var firstNUL: (line: Int, column: Int, offset: Int)?

    /// None yet.
    package init() {}
}

/// A strict RFC 8259 reader over UTF-8 bytes that remembers where each value starts.
///
/// Foundation's readers give no line and column, accept trailing commas, and cannot tell `true` from `1`;
/// this one does all three, and limits nesting so damaged input cannot exhaust the stack.
package struct JSONReader {
    /// The input, valid for the duration of `read`.
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0
    private let maximumDepth: Int
    /// Values read since the count was last reset, and the most allowed (see `readStreaming`).
    private var values = 0
    private var maximumValues = Int.max
    /// The control characters given as escapes so far.
    private var escapedControls = JSONEscapedControls()

    /// Reads the single JSON value that makes up `bytes`, with arrays and objects nested at most
    /// `maximumDepth` levels. O(n).
    package static func read(_ bytes: [UInt8], maximumDepth: Int = 64) throws(JSONSyntaxError) -> JSONNode {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONNode in
            try read(buffer, maximumDepth: maximumDepth)
        }
    }

    /// Reads the single JSON value that makes up `bytes` (see `read(_:maximumDepth:)`).
    package static func read(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = 64) throws(JSONSyntaxError)
        -> JSONNode
    {
        var reader = JSONReader(bytes: bytes, maximumDepth: maximumDepth)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipWhitespace()
        let node = try reader.readValue()
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error("unexpected text after the JSON value") }
        return node
    }

    /// Reads a document whose root is an object without holding all of it: each element of the array under the
    /// root's first `streamedKey` is handed to `element` as soon as it is read, and let go; the root comes back
    /// with that member's value an empty array (at the array's place). Each element handed over, and each
    /// other member of the root, may hold at most `maximumValues` values (arrays, objects, strings, numbers,
    /// literals), so that memory stays bounded by that and not by the document; past it the read ends with an
    /// error whose `isPastLimit` is set.
    ///
    /// A syntax error may come after elements were handed over: the caller drops what it made of them.
    /// A root that is not an object is read whole, as `read` does. O(n).
    package static func readStreaming(
        _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = 64, streamedKey: String, maximumValues: Int,
        escapedControls: inout JSONEscapedControls, element: (JSONNode) -> Void
    ) throws(JSONSyntaxError) -> JSONNode {
        var reader = JSONReader(bytes: bytes, maximumDepth: maximumDepth)
        reader.maximumValues = maximumValues
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipWhitespace()
        let node: JSONNode
        if reader.current == UInt8(ascii: "{") {
            node = try reader.readStreamedRoot(streamedKey: streamedKey, element: element)
        } else {
            node = try reader.readValue()
        }
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error("unexpected text after the JSON value") }
        escapedControls = reader.escapedControls
        return node
    }

    /// The root object, its first `streamedKey` array handed over element by element.
    private mutating func readStreamedRoot(streamedKey: String, element: (JSONNode) -> Void)
        throws(JSONSyntaxError) -> JSONNode
    {
        let (startLine, startColumn, startOffset) = (line, column, index)
        try enterNesting()
        values = 1
        let members = try withoutActuallyEscaping(element) { (element) throws(JSONSyntaxError) in
            try readMembers(streaming: (streamedKey, element))
        }
        depth -= 1
        return JSONNode(value: .object(members), line: startLine, column: startColumn, offset: startOffset)
    }

    /// An array whose elements are handed to `element` one by one; it comes back empty.
    private mutating func readStreamedArray(element: @escaping (JSONNode) -> Void) throws(JSONSyntaxError) -> JSONNode {
        let (startLine, startColumn, startOffset) = (line, column, index)
        try enterNesting()
        _ = try readElements(handing: element)
        depth -= 1
        return JSONNode(value: .array([]), line: startLine, column: startColumn, offset: startOffset)
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: column, offset: index, message: message)
    }

    private mutating func advance() {
        guard let byte = current else { return }
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { advance() }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
        guard current == byte else { throw error("expected \(what)") }
        advance()
    }

    private mutating func readValue() throws(JSONSyntaxError) -> JSONNode {
        let (startLine, startColumn, startOffset) = (line, column, index)
        values += 1
        if values > maximumValues {
            var failure = error("more than \(maximumValues) values in one part of the document")
            failure.isPastLimit = true
            throw failure
        }
        let value: JSONNode.Value
        switch current {
        case UInt8(ascii: "{"):
            try enterNesting()
            value = .object(try readMembers())
            depth -= 1
        case UInt8(ascii: "["):
            try enterNesting()
            value = .array(try readElements())
            depth -= 1
        case UInt8(ascii: "\""): value = .string(try readString())
        case UInt8(ascii: "t"): value = try readWord("true", .bool(true))
        case UInt8(ascii: "f"): value = try readWord("false", .bool(false))
        case UInt8(ascii: "n"): value = try readWord("null", .null)
        case let byte? where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
            value = .number(try readNumber())
        case nil: throw error("unexpected end of file; expected a value")
        default: throw error("expected a value")
        }
        return JSONNode(value: value, line: startLine, column: startColumn, offset: startOffset)
    }

    /// Counts one more level of arrays and objects; an error closes the whole read, so no `defer` is needed.
    private mutating func enterNesting() throws(JSONSyntaxError) {
        guard depth < maximumDepth else { throw error("nested deeper than \(maximumDepth) levels") }
        depth += 1
    }

    /// An object's members. With `streaming`, the first member of that key whose value is an array has its
    /// elements handed over one by one (see `readStreaming`), and each member's values are counted afresh.
    private mutating func readMembers(streaming: (key: String, element: (JSONNode) -> Void)? = nil)
        throws(JSONSyntaxError) -> [JSONNode.Member]
    {
        advance()
        skipWhitespace()
        var members: [JSONNode.Member] = []
        if current == UInt8(ascii: "}") {
            advance()
            return members
        }
        var streamed = false
        while true {
            let (keyLine, keyColumn) = (line, column)
            guard current == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let key = try readString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after the key")
            skipWhitespace()
            let value: JSONNode
            if let streaming, !streamed, key == streaming.key, current == UInt8(ascii: "[") {
                streamed = true
                value = try readStreamedArray(element: streaming.element)
            } else {
                if streaming != nil { values = 0 }
                value = try readValue()
            }
            members.append(.init(key: key, keyLine: keyLine, keyColumn: keyColumn, value: value))
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                advance()
                return members
            }
            try expect(UInt8(ascii: ","), "',' or '}'")
            skipWhitespace()
        }
    }

    /// An array's elements; with `element`, each is handed over as it is read (its values counted afresh)
    /// and none is kept.
    private mutating func readElements(handing element: ((JSONNode) -> Void)? = nil) throws(JSONSyntaxError)
        -> [JSONNode]
    {
        advance()
        skipWhitespace()
        var elements: [JSONNode] = []
        if current == UInt8(ascii: "]") {
            advance()
            return elements
        }
        while true {
            if let element {
                values = 0
                element(try readValue())
            } else {
                elements.append(try readValue())
            }
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                advance()
                return elements
            }
            try expect(UInt8(ascii: ","), "',' or ']'")
            skipWhitespace()
        }
    }

    private mutating func readWord(_ word: String, _ value: JSONNode.Value) throws(JSONSyntaxError) -> JSONNode.Value {
        let start = error("expected '\(word)'")
        for byte in word.utf8 {
            guard current == byte else { throw start }
            advance()
        }
        return value
    }

    private mutating func readNumber() throws(JSONSyntaxError) -> String {
        let start = index
        if current == UInt8(ascii: "-") { advance() }
        if current == UInt8(ascii: "0") {
            advance()
        } else {
            guard try readDigits() > 0 else { throw error("expected a digit") }
        }
        if current == UInt8(ascii: ".") {
            advance()
            guard try readDigits() > 0 else { throw error("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard try readDigits() > 0 else { throw error("expected a digit in the exponent") }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private mutating func readDigits() throws(JSONSyntaxError) -> Int {
        var count = 0
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            advance()
            count += 1
        }
        return count
    }

    /// Reads a string: runs of plain bytes are scanned in one loop and copied at once, since they hold no
    /// line break (only the column moves); escapes are decoded one by one.
    private mutating func readString() throws(JSONSyntaxError) -> String {
        advance()
        var utf8: [UInt8] = []
        while true {
            let runStart = index
            var scalars = 0
            var runEnd = runStart
            while runEnd < bytes.count {
                let byte = bytes[runEnd]
                if byte == 0x22 || byte == 0x5C || byte < 0x20 { break }
                if byte & 0xC0 != 0x80 { scalars += 1 }
                runEnd += 1
            }
            index = runEnd
            column += scalars
            guard let byte = current else { throw error("unterminated string") }
            if byte == UInt8(ascii: "\"") {
                let text: String?
                if utf8.isEmpty {
                    text = String(validating: UnsafeBufferPointer(rebasing: bytes[runStart..<runEnd]), as: UTF8.self)
                } else {
                    utf8 += bytes[runStart..<runEnd]
                    text = String(validating: utf8, as: UTF8.self)
                }
                advance()
                guard let text else { throw error("invalid UTF-8 in string") }
                return text
            }
            utf8 += bytes[runStart..<runEnd]
            guard byte == UInt8(ascii: "\\") else { throw error("control character in string") }
            advance()
            try readEscape(into: &utf8)
        }
    }

    private mutating func readEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        // (The backslash is one byte and one column back.)
        let escapeStart = (line: line, column: column - 1, offset: index - 1)
        guard let byte = current else { throw error("unterminated string") }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let replacement = simple[byte] {
            // (`\b` and `\f` are control characters.)
            if ControlCharacters.contains(UInt32(replacement)) { noteControl(UInt32(replacement), escapeStart: escapeStart) }
            utf8.append(replacement)
            advance()
            return
        }
        guard byte == UInt8(ascii: "u") else { throw error("unknown escape '\\\(Character(Unicode.Scalar(byte)))'") }
        advance()
        var scalar = try readHex4()
        if (0xD800..<0xDC00).contains(scalar) {
            guard current == UInt8(ascii: "\\") else { throw error("unpaired surrogate in \\u escape") }
            advance()
            try expect(UInt8(ascii: "u"), "a low surrogate \\u escape")
            let low = try readHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw error("unpaired surrogate in \\u escape") }
        if ControlCharacters.contains(scalar) { noteControl(scalar, escapeStart: escapeStart) }
        utf8.append(contentsOf: String(Character(unicode)).utf8)
    }

    /// Counts an escaped control character, keeping where the first is.
    private mutating func noteControl(_ scalar: UInt32, escapeStart: (line: Int, column: Int, offset: Int)) {
        if scalar == 0 {
            escapedControls.nulCount += 1
            if escapedControls.firstNUL == nil { escapedControls.firstNUL = escapeStart }
        } else {
            escapedControls.count += 1
            if escapedControls.first == nil {
                escapedControls.first = (escapeStart.line, escapeStart.column, escapeStart.offset, scalar)
            }
        }
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else { throw error("expected 4 hex digits") }
            value = value << 4 | UInt32(digit)
            advance()
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
