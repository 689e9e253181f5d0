import ScriptureModel
import USX

/// Reads a Digital Bible Library `metadata.xml` (`<DBLMetadata>`, versions 1.x to 2.x) through the USX
/// module's libxml2 stream: the version's names from `identification`, its language from `language`,
/// its copyright statement from `copyright`.
enum DBLMetadataReader {
    /// The metadata, or nil with an error diagnostic (at the XML's line and column) when the file is not
    /// well-formed XML or not DBL metadata; missing names give warnings and stay nil.
    static func read(_ bytes: [UInt8], path: String) -> (metadata: BundleMetadata?, diagnostics: [Diagnostic]) {
        let handler = Handler()
        let wellFormed: Bool
        do {
            wellFormed = try bytes.withUnsafeBufferPointer { buffer throws(XMLStream.Failure) in
                try XMLStream.parse(buffer, names: [], handler: handler)
            }
        } catch {
            return (nil, [failure(path, line: 1, column: 1, "libxml2 cannot read it (\(error))")])
        }
        if let problem = handler.firstError {
            return (
                nil,
                [
                    failure(
                        path, line: problem.line, column: problem.column,
                        "it is not well-formed XML: \(problem.message)")
                ]
            )
        }
        guard wellFormed else { return (nil, [failure(path, line: 1, column: 1, "it is not well-formed XML")]) }
        guard handler.root == "DBLMetadata" else {
            let found = handler.root.map { "<\($0)>" } ?? "no element"
            return (
                nil,
                [failure(path, line: 1, column: 1, "it is not DBL metadata (its root is \(found), not <DBLMetadata>)")]
            )
        }
        /// The first of the fields that has text.
        func first(_ keys: String...) -> String? {
            keys.lazy.compactMap { handler.fields["identification/" + $0].flatMap(BundleMetadata.oneLine) }.first
        }
        var metadata = BundleMetadata(kind: .dbl, path: path)
        metadata.title = first("nameLocal", "name")
        metadata.abbreviation = first("abbreviationLocal", "abbreviation")
        metadata.copyright = handler.sawCopyright ? BundleMetadata.oneLine(handler.copyright) : nil
        let languages = ["iso", "ldml", "bcp47"].compactMap { handler.fields["language/" + $0] }
        metadata.language = languages.lazy.compactMap(BundleMetadata.languageTag).first
        return (metadata, metadata.gaps(given: languages.first))
    }

    /// Whether a `metadata.xml` is DBL's or damaged: false only for well-formed XML whose root is another
    /// element (some other tool's file, not a bundle's).
    static func mayBeDBL(_ bytes: [UInt8]) -> Bool {
        let handler = Handler()
        let wellFormed = bytes.withUnsafeBufferPointer { try? XMLStream.parse($0, names: [], handler: handler) }
        return wellFormed != true || handler.firstError != nil || handler.root == "DBLMetadata"
    }

    private static func failure(_ path: String, line: Int, column: Int, _ message: String) -> Diagnostic {
        Diagnostic(
            .error, .bundleMetadata, at: SourceLocation(file: path, line: max(1, line), column: max(1, column)), message
        )
    }

    /// Collects the text of the elements one level below `identification` and `language`, and all the
    /// text under `copyright` (paragraphs one space apart).
    private final class Handler: XMLStreamHandler {
        var root: String?
        var fields: [String: String] = [:]
        /// The text under `copyright`, appended to in place (a new string for each paragraph made 100,000
        /// `<p>` take 46 s); `sawCopyright` says whether there was any.
        var copyright = ""
        var sawCopyright = false
        var firstError: XMLProblem?
        private var stack: [String] = []
        private var current = ""

        func startElement(_ name: Int?, unknownName: String, attributes: XMLAttributes, endOffset: Int) {
            if stack.isEmpty, root == nil { root = unknownName }
            stack.append(unknownName)
            current = ""
            if stack.count >= 2, stack[1] == "copyright", !BundleMetadata.isInline(unknownName) {
                sawCopyright = true
                copyright.append(" ")
            }
        }

        func endElement(_ name: Int?, endOffset: Int) {
            if stack.count == 3, stack[0] == "DBLMetadata", ["identification", "language"].contains(stack[1]) {
                let key = stack[1] + "/" + stack[2]
                if fields[key] == nil { fields[key] = current }
            }
            if stack.count >= 2, stack[1] == "copyright", let last = stack.last, !BundleMetadata.isInline(last) {
                sawCopyright = true
                copyright.append(" ")
            }
            stack.removeLast()
            current = ""
        }

        func text(_ text: XMLText, startOffset: Int) {
            let string = text.string()
            current += string
            if stack.count >= 2, stack[1] == "copyright" {
                sawCopyright = true
                copyright.append(string)
            }
        }

        func problem(_ problem: XMLProblem) -> Bool {
            if problem.isError, firstError == nil { firstError = problem }
            return true
        }
    }
}
