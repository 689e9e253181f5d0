import ScriptureModel

/// Reads USJ (Unified Scripture JSON, the JSON form of USX 3.1) into the document model.
///
/// USJ has USX's elements as objects (`type` the element, `marker` the style, the attributes as string
/// properties, `content` the strings and elements inside), so it is read with USX's vocabulary and rules
/// and builds the same model as the USX parser. Every problem is a `Diagnostic` with its `line:col`; a JSON
/// syntax error gives `malformed-json` and no book, a JSON document that is not USJ gives `not-usj`, and so
/// does a key given twice in one object (the first is read: RFC 8259 leaves the meaning open). Arrays
/// and objects nest at most `maximumDepth` levels, so damaged input cannot exhaust the stack.
public enum USJParser {
    /// How deeply arrays and objects may nest: 64 elements inside one another (each is an object and
    /// its `content` array).
    public static let maximumDepth = 128

    /// The most JSON values (objects, arrays, strings, numbers, literals) one element of the document's
    /// content may hold: the reader hands over the document's content one element at a time, so memory is
    /// bounded by the largest element, and this bounds that. The corpus's largest (a paragraph of tagged
    /// Greek words) holds 11,539.
    public static let maximumValuesPerElement = 500_000

    /// Parses the bytes of one USJ file.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents (after decompression), UTF-8.
    ///   - path: the file's path as the user gave it, used in diagnostics.
    /// - Returns: the book (none when the file is not USJ or has no usable `book` element) and the
    ///   diagnostics, in source order.
    /// - Complexity: O(n) in the size of the file; memory: the bytes, the book, and the tree of one element of
    ///   the content at a time (at most `maximumValuesPerElement` values).
    public static func parse(_ bytes: [UInt8], path: String) -> ParseResult {
        var builder = USJBuilder(path: path)
        let root: JSONNode
        var escaped = JSONEscapedControls()
        do {
            root = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
                try JSONReader.readStreaming(
                    buffer, maximumDepth: maximumDepth, streamedKey: "content", maximumValues: maximumValuesPerElement,
                    escapedControls: &escaped
                ) { builder.block($0) }
            }
        } catch {
            let location = SourceLocation(file: path, line: error.line, column: error.column, offset: error.offset)
            if error.isPastLimit {
                return ParseResult(diagnostics: [
                    Diagnostic(
                        .error, .fileTooLarge, at: location,
                        "an element of the document holds more than \(maximumValuesPerElement) JSON values; "
                            + "Lectern reads USJ elements of at most that many (a book's largest holds some thousands)")
                ])
            }
            return ParseResult(diagnostics: [
                Diagnostic(.error, .malformedJSON, at: location, "malformed JSON: \(error.message)")
            ])
        }
        // The content was read as it streamed; a root that is not USJ's drops what was made of it.
        if USJBuilder.type(of: root) != "USJ" { builder = USJBuilder(path: path) }
        builder.document(root)
        var result = builder.result()
        result.diagnostics += controlCharacters(bytes, escaped: escaped, path: path)
        // The USFM syntax rules USJ can break too, on the parsed model (`Book.markupDiagnostics()`).
        result.diagnostics = USXParser.inSourceOrder(
            result.diagnostics + result.books.flatMap { $0.markupDiagnostics() })
        return result
    }

    /// One warning for the control characters of the file, written as bytes (DEL, C1, U+FFFE, U+FFFF: JSON
    /// allows them in strings) or as escapes (`\u001B`), at the first, with the count; one for NUL escapes
    /// (`\u0000`), as USFM warns of a NUL byte.
    static func controlCharacters(_ bytes: [UInt8], escaped: JSONEscapedControls, path: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let raw = bytes.withUnsafeBufferPointer { ControlCharacters.scan($0) }
        var first = escaped.first.map { (SourceLocation(file: path, line: $0.line, column: $0.column, offset: $0.offset), $0.scalar) }
        if let raw, first == nil || raw.offset < first!.0.offset {
            let location = bytes.withUnsafeBufferPointer { buffer in
                var locator = SourceLocator(path: path, bytes: buffer)
                return locator.location(at: raw.offset)
            }
            first = (location, raw.scalar)
        }
        if let (location, scalar) = first {
            found.append(ControlCharacters.diagnostic(at: location, scalar: scalar, count: escaped.count + (raw?.count ?? 0)))
        }
        if let nul = escaped.firstNUL {
            found.append(
                Diagnostic(
                    .warning, .nulCharacter, at: SourceLocation(file: path, line: nul.line, column: nul.column, offset: nul.offset),
                    "a NUL character (\\u0000) in the text (\(escaped.nulCount) in the file); remove it"))
        }
        return found
    }

    /// Whether bytes look like a USJ document: a JSON object whose first bytes hold `"type"` with the
    /// value `"USJ"` (white space allowed around the colon). Reads at most the first 4 KiB.
    public static func looksLikeUSJ(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(4096))
        let key = Array("\"type\"".utf8)
        let value = Array("\"USJ\"".utf8)
        var index = 0
        while index + key.count <= head.count {
            defer { index += 1 }
            guard head[index] == key[0], Array(head[index..<index + key.count]) == key else { continue }
            var cursor = index + key.count
            while cursor < head.count, USXBuilder.isSpace(head[cursor]) { cursor += 1 }
            guard cursor < head.count, head[cursor] == UInt8(ascii: ":") else { continue }
            cursor += 1
            while cursor < head.count, USXBuilder.isSpace(head[cursor]) { cursor += 1 }
            if cursor + value.count <= head.count, Array(head[cursor..<cursor + value.count]) == value { return true }
        }
        return false
    }
}

/// One USJ element: an object with a `type`, read into its parts.
struct USJElement {
    /// The USX element it stands for: `para`, `char`, `table:row`.
    var type: String
    /// The style (`p`, `wj`, `f`), if given.
    var marker: String?
    /// The strings and elements inside.
    var content: [JSONNode]
    /// The other properties with string values (numbers are taken as written), in file order, NFC.
    var properties: [Attribute]
    /// Where the object starts.
    var location: SourceLocation
    /// The properties given an empty string (`"strong":""`), each with where its key is.
    var emptyValues: [(name: String, location: SourceLocation)] = []

    /// The value of a property, if present.
    func value(_ name: String) -> String? { properties.first { $0.name == name }?.value }

    /// The properties that are attributes of the model: all but `type`, `marker`, `content` and `skipped`.
    func attributes(skipping skipped: Set<String> = []) -> [Attribute] {
        properties.filter { !skipped.contains($0.name) }
    }
}
