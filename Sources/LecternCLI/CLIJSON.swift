import Lectern

/// The shared shapes of every `--json` document (documented in `docs/json.md`, schema in
/// `docs/lectern-json.schema.json`).
package enum JSONSchema {
    /// The `schemaVersion` every document carries; raised when a field changes meaning or goes away.
    package static let version = 1

    /// `{"schemaVersion":1,"command":"read", …members}`.
    package static func document(_ command: String, _ members: [(String, JSONValue)]) -> JSONValue {
        .object([("schemaVersion", .int(version)), ("command", .string(command))] + members)
    }

    /// A Bible, always this one object:
    /// `{"id":1,"abbreviation":"WEB","title":"…","language":"en","copyright":"…"}` (`copyright` null when the
    /// Bible records none).
    package static func bible(_ metadata: VersionMetadata) -> JSONValue {
        .object([
            ("id", .int(metadata.id)), ("abbreviation", .string(metadata.abbreviation)),
            ("title", .string(metadata.title)), ("language", .string(metadata.canonicalLanguage)),
            ("copyright", .optional(metadata.copyright)),
        ])
    }

    /// A reference, always this one object: `{"id":"JHN.3.16","display":"John 3:16"}`.
    package static func reference(_ reference: BibleReference, bookName: String? = nil) -> JSONValue {
        .object([("id", .string(reference.id)), ("display", .string(reference.displayName(bookName: bookName)))])
    }

    /// A verse's reference from its key (a bridge keeps its label: `SIR.11.15-16`).
    package static func reference(_ key: VerseKey, bookName: String? = nil) -> JSONValue {
        let label = key.verse
        let display = "\(bookName ?? key.book.englishName) \(key.chapter):\(label)"
        return .object([("id", .string("\(key.book.code).\(key.chapter).\(label)")), ("display", .string(display))])
    }

    /// A diagnostic: `{"file","line","column","severity","kind","message"}`.
    package static func diagnostic(_ diagnostic: Diagnostic) -> JSONValue {
        .object([
            ("file", .string(diagnostic.location.file)), ("line", .int(diagnostic.location.line)),
            ("column", .int(diagnostic.location.column)), ("severity", .string(diagnostic.severity.rawValue)),
            ("kind", .string(diagnostic.kind.rawValue)), ("message", .string(diagnostic.message)),
        ])
    }
}
