import Foundation

/// The names USFM and USX cannot hold (the language above all), in a `metadata.json` that `export` writes
/// next to the books and `import` reads back from a folder that holds one:
/// `{"schemaVersion":1,"id":1,"abbreviation":"WEB","title":"World English Bible","language":"en"}`.
public struct ExportMetadata: Sendable, Hashable, Codable {
    /// The file's name in an exported folder.
    public static let fileName = "metadata.json"
    /// The schema this code writes and reads.
    public static let currentSchemaVersion = 1

    /// The file's schema; readers refuse a newer one.
    public var schemaVersion: Int
    /// The version's id in the library it was exported from (a suggestion only on import).
    public var id: Int?
    /// Such as `WEB`.
    public var abbreviation: String
    /// Such as `World English Bible`.
    public var title: String
    /// A BCP 47 tag, `und` when unknown.
    public var language: String
    /// The copyright statement, when the version has one (left out of the file otherwise).
    public var copyright: String?
    /// The format the version was first imported from (`usfm`, `usx+usfm`), as a JSON export
    /// (`export --format json`) records it; nil in a `metadata.json`, which never holds it.
    public var sourceFormat: String?

    /// Creates metadata of the current schema.
    public init(id: Int? = nil, abbreviation: String, title: String, language: String, copyright: String? = nil) {
        schemaVersion = Self.currentSchemaVersion
        self.id = id
        self.abbreviation = abbreviation
        self.title = title
        self.language = language
        self.copyright = copyright
    }

    /// The metadata of a stored version.
    public init(_ metadata: VersionMetadata) {
        self.init(
            id: metadata.id, abbreviation: metadata.abbreviation, title: metadata.title, language: metadata.language,
            copyright: metadata.copyright)
    }

    /// The file's bytes: one JSON object, keys sorted, ending with a newline.
    public var json: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and integers cannot fail.
        return Array((try? encoder.encode(self)) ?? Data()) + [0x0A]
    }

    /// Writes `metadata.json` into `folder`, atomically.
    public func write(to folder: String) throws(FileProblem) {
        try ExportDestination.writeAtomically(json, to: folder + "/" + Self.fileName)
    }

    /// Reads `metadata.json` from `folder`; nil when the folder has none, or when its `metadata.json` is a
    /// Scripture Burrito's (read by `VersionSource.read(paths:progress:)` instead).
    ///
    /// Throws a `FileProblem` when it cannot be read or does not hold this schema (the cause says what is
    /// wrong with it), so a damaged file is reported, not silently ignored.
    public static func read(from folder: String) throws(FileProblem) -> ExportMetadata? {
        // (See `syntaxError(_:)` for damaged JSON.)
        let path = folder + "/" + fileName
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        let bytes = try FileProblem.readFile(path)
        if BurritoMetadataReader.isBurrito(bytes) { return nil }
        if let syntax = syntaxError(bytes) {
            throw FileProblem(
                .other("it is not valid JSON (\(syntax.message))"), path: "\(path):\(syntax.line):\(syntax.column)")
        }
        let metadata: ExportMetadata
        do {
            metadata = try JSONDecoder().decode(ExportMetadata.self, from: Data(bytes))
        } catch {
            throw FileProblem(
                .other(
                    "it is not Lectern metadata (a JSON object with schemaVersion, abbreviation, title and language); fix or delete it"
                ), path: path)
        }
        guard metadata.schemaVersion == currentSchemaVersion else {
            throw FileProblem(
                .other("its schemaVersion \(metadata.schemaVersion) is not supported (this lectern reads 1)"),
                path: path)
        }
        return metadata
    }

    /// Whether bytes are a `metadata.json` of this schema or another (a JSON object with `schemaVersion` and
    /// no Scripture Burrito `meta`).
    static func isLectern(_ bytes: [UInt8]) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            return false
        }
        return object["schemaVersion"] != nil && !BurritoMetadataReader.isBurrito(bytes)
    }

    /// The `metadata.json` of the first folder among `paths` that holds one, or the names in the first
    /// JSON export (`export --format json`) among them (what `import` was given).
    public static func find(in paths: [String]) throws(FileProblem) -> ExportMetadata? {
        for path in paths {
            if let exported = ModelJSONReader.metadata(ofFile: path) { return exported }
            guard (try? FileKind.of(path)) == .folder else { continue }
            if let metadata = try read(from: path) { return metadata }
        }
        return nil
    }
}

extension ExportMetadata {
    /// The first syntax error of `bytes` read as JSON, with its line and column, or nil when they are JSON.
    static func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONReader.read(bytes)
            return nil
        } catch {
            return error
        }
    }
}
