import ScriptureModel
import USX

extension VersionSource {
    /// Parses USX through libxml2 (the USX module).
    static func parseUSX(_ bytes: [UInt8], path: String) -> ParseResult {
        USXParser.parse(bytes, path: path)
    }

    /// Parses USJ with USX's vocabulary (the USX module's `USJParser`).
    static func parseUSJ(_ bytes: [UInt8], path: String) -> ParseResult {
        USJParser.parse(bytes, path: path)
    }

    /// Whether the first bytes of a file hold `"type":"USJ"`.
    static func looksLikeUSJ(_ head: some Collection<UInt8>) -> Bool {
        USJParser.looksLikeUSJ(head)
    }
}
