/// Marker definitions as data: the USFM committee's stylesheet for USFM 3.1 (`usfm3_1.sty`) with the additions
/// of 3.1.2 (`usfm3_1_2.sty`), embedded (`MarkerStylesheetText.swift`, made by `Resources/generate.sh`) and
/// read once. Each marker's style type, category, text type, the markers it may occur under and its attributes
/// come from here, so that the next point release is a change of data: the parsers ask it for the role of a
/// marker they do not know by name, the default attribute of a marker, and what may stand inside a note.
public struct MarkerStylesheet: Sendable {
    /// How a marker's content is structured.
    public enum StyleType: String, Sendable, Hashable {
        /// A paragraph (`\p`): content up to the next paragraph.
        case paragraph
        /// A character style (`\nd …\nd*`), or a note's character style (`\ft`).
        case character
        /// A note (`\f …\f*`, `\x …\x*`).
        case note
        /// A milestone (`\qt-s |…\*`, `\vid |…\*`).
        case milestone
    }

    /// A marker's category: markers.ext's `\Category`, else the category Paratext's stylesheet names in the
    /// comment above `\OccursUnder` (`# char: …`). USFM 3.1.2 adds `cell` and `attribute`.
    public enum Category: String, Sendable, Hashable, CaseIterable {
        case header, title, introduction, sectionpara, versepara, otherpara, list
        case cell, char, introchar, listchar
        case footnote, footnotechar, crossreference, crossreferencechar
        case milestone, `internal`
        /// The marker's content is an attribute in USX (`\vp`, `\ca`, `\cat`, `\usfm`…).
        case attribute
    }

    /// One marker's definition.
    public struct Definition: Sendable, Hashable {
        /// The marker without backslash.
        public var marker: String
        /// Its end marker (`nd*`), if it has one.
        public var endMarker: String?
        /// Its style type, if the stylesheet gives one (milestones' definitions often do not).
        public var styleType: StyleType?
        /// Its category.
        public var category: Category?
        /// Its text type (`VerseText`, `NoteText`, `Title`, `Section`, `Other`…).
        public var textType: String?
        /// Its text properties (`publishable`, `vernacular`, `poetic`, `note`…).
        public var textProperties: [String] = []
        /// The markers it may occur under, or nil when the stylesheet does not say.
        public var occursUnder: Set<String>?
        /// Its attributes in order, the default first (`?` marks an optional one; `a-*` any name starting
        /// `a-`).
        public var attributes: [String] = []

        /// The attribute a bare value after `|` stands for: the first listed, without its `?`.
        public var defaultAttribute: String? {
            guard let first = attributes.first else { return nil }
            let name = first.hasPrefix("?") ? String(first.dropFirst()) : first
            return name.hasSuffix("*") ? nil : name
        }

        /// Whether the marker's content is a milestone's: by style type, else by category.
        public var isMilestone: Bool { styleType == .milestone || category == .milestone }
    }

    /// The definitions by marker.
    public private(set) var definitions: [String: Definition] = [:]

    /// Creates an empty stylesheet.
    public init() {}

    /// The stylesheet of USFM 3.1.2: the committee's 3.1 definitions, then Lectern's file of what 3.1.2 adds.
    public static let usfm: MarkerStylesheet = parse(usfm31Text).merging(parse(usfm312Text))

    /// The definition of `marker`, or nil when the stylesheet does not define it.
    public func definition(of marker: String) -> Definition? { definitions[marker] }

    /// Whether `marker` may occur under `parent` as the stylesheet says (`\OccursUnder`), or nil when it does not
    /// say (a marker it does not define, or one whose definition names no parents).
    public func allows(_ marker: String, under parent: String) -> Bool? {
        guard let parents = definitions[marker]?.occursUnder, !parents.isEmpty else { return nil }
        return parents.contains(parent)
    }

    /// This stylesheet with `other`'s definitions read after its own: each field `other` gives replaces this
    /// one's, as a later stylesheet (markers.ext) changes an earlier.
    public func merging(_ other: MarkerStylesheet) -> MarkerStylesheet {
        var merged = self
        for (marker, later) in other.definitions {
            guard var definition = merged.definitions[marker] else {
                merged.definitions[marker] = later
                continue
            }
            if let value = later.endMarker { definition.endMarker = value }
            if let value = later.styleType { definition.styleType = value }
            if let value = later.category { definition.category = value }
            if let value = later.textType { definition.textType = value }
            if !later.textProperties.isEmpty { definition.textProperties = later.textProperties }
            if let value = later.occursUnder { definition.occursUnder = value }
            if !later.attributes.isEmpty { definition.attributes = later.attributes }
            merged.definitions[marker] = definition
        }
        return merged
    }

    /// Reads stylesheet text: `\Marker` starts a definition; `\Endmarker`, `\StyleType`, `\Category`,
    /// `\TextType`, `\TextProperties`, `\OccursUnder` and `\Attributes` fill it; a `# name: …` comment names
    /// the category when no `\Category` does; every other line is left alone.
    public static func parse(_ text: String) -> MarkerStylesheet {
        var sheet = MarkerStylesheet()
        var current: Definition?
        var commentCategory: Category?
        var explicitCategory = false
        func finish() {
            guard var definition = current else { return }
            if !explicitCategory, definition.category == nil { definition.category = commentCategory }
            sheet.definitions[definition.marker] = definition
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("#") {
                let comment = trimmed.dropFirst().drop { $0 == " " }
                if let colon = comment.firstIndex(of: ":"), let category = Category(rawValue: String(comment[..<colon])) {
                    commentCategory = category
                }
                continue
            }
            guard trimmed.hasPrefix("\\") else { continue }
            let words = trimmed.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let field = words.first else { continue }
            let values = words.dropFirst().map(String.init)
            if field == "Marker" {
                finish()
                current = values.first.map { Definition(marker: $0) }
                commentCategory = nil
                explicitCategory = false
                continue
            }
            guard current != nil else { continue }
            switch field.lowercased() {
            case "endmarker": current?.endMarker = values.first
            case "styletype": current?.styleType = values.first.flatMap { StyleType(rawValue: $0.lowercased()) }
            case "category":
                current?.category = values.first.flatMap { Category(rawValue: $0.lowercased()) }
                explicitCategory = true
            case "texttype": current?.textType = values.first
            case "textproperties": current?.textProperties = values.map { $0.lowercased() }
            case "occursunder": current?.occursUnder = Set(values)
            case "attributes": current?.attributes = values
            default: break
            }
        }
        finish()
        return sheet
    }
}
