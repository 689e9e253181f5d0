import Versification

/// A Bible as the annotations see it: the name marks record, and its verse numbering.
public struct AnnotationBible: Sendable {
    /// The abbreviation marks record as the Bible they were made in (`WEB`): kept across libraries and
    /// re-imports, unlike a library's numeric id.
    public var abbreviation: String
    /// Its verse numbering.
    public var versification: VersificationScheme

    /// Creates one.
    public init(abbreviation: String, versification: VersificationScheme) {
        self.abbreviation = abbreviation
        self.versification = versification
    }

    /// Whether a mark was made in this Bible (same abbreviation and scheme name), so its own verse numbers
    /// and word range apply here unmapped.
    public func madeHere(_ place: AnnotationPlace) -> Bool {
        place.bible == abbreviation && place.versification == versification.name
    }
}
