import Foundation
import ScriptureModel

/// Reads a Scripture Burrito `metadata.json`: the version's names from `identification` (maps from
/// language tags to text), its language from `languages[0].tag`, its copyright from `copyright`, and the
/// scripture files from `ingredients` (paths such as `ingredients/GEN.usfm`).
///
/// A `metadata.json` that `lectern export` wrote is no Burrito: it has no `meta` object and no
/// `format` of `scripture burrito` (see `isBurrito`).
enum BurritoMetadataReader {
    /// What the file says.
    struct Reading {
        /// The names; nil when the file is not a readable Burrito.
        var metadata: BundleMetadata?
        /// The ingredients' paths that are USFM or USX (`.usfm`, `.sfm`, `.usx`, optionally `.gz`), sorted.
        var sources: [String] = []
        /// Errors (unreadable file) and warnings (missing names).
        var diagnostics: [Diagnostic] = []
    }

    /// Whether JSON bytes are a Scripture Burrito's metadata: an object with `format` `scripture burrito`
    /// or with a `meta` object.
    static func isBurrito(_ bytes: [UInt8]) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            return false
        }
        return isBurrito(object)
    }

    private static func isBurrito(_ object: [String: Any]) -> Bool {
        (object["format"] as? String)?.lowercased() == "scripture burrito" || object["meta"] is [String: Any]
    }

    /// Reads the metadata at `path` (for messages) from `bytes`.
    static func read(_ bytes: [UInt8], path: String) -> Reading {
        let object: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
                return failure(path, "it is not a JSON object")
            }
            object = parsed
        } catch {
            return failure(path, "it is not valid JSON (\(Self.reason(error)))")
        }
        guard isBurrito(object) else {
            return failure(
                path, "it is not Scripture Burrito metadata (no \"format\": \"scripture burrito\" or \"meta\")")
        }
        let languageText = ((object["languages"] as? [Any])?.first as? [String: Any])?["tag"] as? String
        let language = BundleMetadata.languageTag(languageText)
        let identification = object["identification"] as? [String: Any] ?? [:]
        var metadata = BundleMetadata(kind: .burrito, path: path, language: language)
        metadata.title = localized(identification["name"], language: language).flatMap(BundleMetadata.oneLine)
        metadata.abbreviation = localized(identification["abbreviation"], language: language)
            .flatMap(BundleMetadata.oneLine)
        metadata.copyright = copyright(object["copyright"] as? [String: Any], language: language)
        var reading = Reading(metadata: metadata, diagnostics: metadata.gaps(given: languageText))
        let ingredients = object["ingredients"] as? [String: Any] ?? [:]
        reading.sources = ingredients.keys.filter(VersionSource.isSourceName).sorted()
        return reading
    }

    /// The text for `language` from a localized map (`{"en": "…"}`): the tag itself, then its primary
    /// language, then `en`, then the first tag in sorted order; a plain string is taken as it is.
    static func localized(_ value: Any?, language: String?) -> String? {
        if let text = value as? String { return text }
        guard let map = value as? [String: Any] else { return nil }
        let texts = map.compactMapValues { ($0 as? String).flatMap(BundleMetadata.oneLine) }
        var wanted: [String] = []
        if let language {
            wanted.append(language)
            if let primary = language.split(separator: "-").first { wanted.append(String(primary)) }
        }
        wanted.append("en")
        for tag in wanted {
            if let text = texts[tag] ?? texts.first(where: { $0.key.lowercased() == tag.lowercased() })?.value {
                return text
            }
        }
        return texts.keys.sorted().first.flatMap { texts[$0] }
    }

    /// `shortStatements` (the one in the bundle's language, else the first), else a `statement`, else
    /// `fullStatementPlain`, else `Public domain` when `publicDomain` is true; markup taken out.
    private static func copyright(_ object: [String: Any]?, language: String?) -> String? {
        guard let object else { return nil }
        if let statements = object["shortStatements"] as? [[String: Any]], !statements.isEmpty {
            let primary = language?.split(separator: "-").first.map(String.init)
            let chosen =
                statements.first { ($0["lang"] as? String).map { $0 == language || $0 == primary } ?? false }
                ?? statements[0]
            if let text = (chosen["statement"] as? String).flatMap(BundleMetadata.plainText) { return text }
        }
        if let text = localized(object["statement"], language: language).flatMap(BundleMetadata.plainText) {
            return text
        }
        if let text = localized(object["fullStatementPlain"], language: language).flatMap(BundleMetadata.plainText) {
            return text
        }
        return object["publicDomain"] as? Bool == true ? "Public domain" : nil
    }

    private static func failure(_ path: String, _ message: String) -> Reading {
        Reading(diagnostics: [
            Diagnostic(.error, .bundleMetadata, at: SourceLocation(file: path, line: 1, column: 1), message)
        ])
    }

    /// Foundation's debug description of a JSON error, cut to its first sentence.
    private static func reason(_ error: Error) -> String {
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        return text.split(separator: ".").first.map(String.init) ?? text
    }
}
