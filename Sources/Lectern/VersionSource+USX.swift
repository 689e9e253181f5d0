import ScriptureModel
import USX

extension VersionSource {
    /// Parses USX through libxml2 (the USX module).
    static func parseUSX(_ bytes: [UInt8], path: String) -> ParseResult {
        USXParser.parse(bytes, path: path)
    }
}
