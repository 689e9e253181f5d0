/// What a version is: its id in the library, names, language and where it came from.
public struct VersionMetadata: Sendable, Hashable, Codable {
    /// The version's number in its library (the store file is `<id>.lectern`).
    public var id: Int
    /// A short name readers pick the version by, such as `WEB`.
    public var abbreviation: String
    /// The full name, such as `World English Bible`.
    public var title: String
    /// A BCP 47 language tag, such as `en`, `zh-Hans`, `hbo`; `und` when unknown.
    public var language: String
    /// The format the books were read from: `usfm`, `usx`, or `usfm+usx`.
    public var sourceFormat: String
    /// When the version was imported, ISO 8601 in UTC (`2026-05-16T10:00:00Z`).
    public var importedAt: String
    /// The verse numbering scheme: `english`, `original`, or a custom scheme's name; `nil` in stores written
    /// before schemes were recorded (readers then detect it from the chapter and verse counts).
    public var versification: String?
    /// The copyright statement as one line of text (from a DBL or Scripture Burrito bundle, or `import
    /// --copyright`); `nil` when none was given.
    public var copyright: String?
    /// A custom scheme's `.vrs` text, kept so the store maps verses without the file; `nil` for a shipped scheme.
    public var versificationText: String?

    /// Creates metadata.
    public init(
        id: Int, abbreviation: String, title: String, language: String = "und", sourceFormat: String = "usfm",
        importedAt: String = ""
    ) {
        self.id = id
        self.abbreviation = abbreviation
        self.title = title
        self.language = language
        self.sourceFormat = sourceFormat
        self.importedAt = importedAt
    }

    /// The metadata section: a varint count of `key:string value:string` pairs. Unknown keys are skipped
    /// when read, so later versions can add fields.
    func encoded() -> [UInt8] {
        var fields: [(String, String)] = [
            ("id", String(id)), ("abbreviation", abbreviation), ("title", title), ("language", language),
            ("format", sourceFormat), ("imported", importedAt),
        ]
        // Written only when known, so a store without a scheme reads the same as before.
        if let versification { fields.append(("versification", versification)) }
        if let versificationText { fields.append(("versification.vrs", versificationText)) }
        if let copyright { fields.append(("copyright", copyright)) }
        var writer = ByteWriter()
        writer.varint(fields.count)
        for (key, value) in fields {
            writer.string(key)
            writer.string(value)
        }
        return writer.bytes
    }

    /// Reads the metadata section.
    init(decoding bytes: StoreBytes) throws(StoreError) {
        var cursor = bytes.cursor()
        let count = try cursor.varint(below: bytes.count, "field count")
        var fields: [String: String] = [:]
        for _ in 0..<count {
            let key = try cursor.string()
            fields[key] = try cursor.string()
        }
        guard let idText = fields["id"], let id = Int(idText) else { throw bytes.damaged("no version id") }
        self.init(
            id: id, abbreviation: fields["abbreviation"] ?? "", title: fields["title"] ?? "",
            language: fields["language"] ?? "und", sourceFormat: fields["format"] ?? "",
            importedAt: fields["imported"] ?? "")
        versification = fields["versification"]
        versificationText = fields["versification.vrs"]
        copyright = fields["copyright"]
    }
}
