import Foundation

/// The three kinds of mark a reader makes.
public enum AnnotationKind: String, Sendable, Hashable, CaseIterable {
    case bookmark, highlight, note

    /// The number the store keeps (stable: never renumber).
    var code: Int64 {
        switch self {
        case .bookmark: 0
        case .highlight: 1
        case .note: 2
        }
    }

    init?(code: Int64) {
        switch code {
        case 0: self = .bookmark
        case 1: self = .highlight
        case 2: self = .note
        default: return nil
        }
    }
}

/// What a mark holds beyond its place: nothing (a bookmark), a look (a highlight) or text (a note).
public enum AnnotationContent: Sendable, Hashable {
    /// A bookmark.
    case bookmark
    /// A highlight in a colour or app style.
    case highlight(HighlightStyle)
    /// A note's text (plain text, any length, line breaks kept).
    case note(String)

    /// The kind.
    public var kind: AnnotationKind {
        switch self {
        case .bookmark: .bookmark
        case .highlight: .highlight
        case .note: .note
        }
    }
}

/// A bookmark, highlight or note, with its place, labels and history.
///
/// The id is stable across copies of a library; `modified` orders the versions of one mark when copies are
/// merged (see `AnnotationMerge`). A deleted mark stays as a tombstone (`isDeleted`, its labels and note text
/// cleared) so that a merge with an older copy does not bring it back.
public struct Annotation: Sendable, Hashable, Identifiable {
    /// The stable id.
    public var id: UUID
    /// What the mark holds.
    public var content: AnnotationContent
    /// Where it is.
    public var place: AnnotationPlace
    /// Labels, sorted and without repeats (see `AnnotationLabels.normalized`).
    public var labels: [String]
    /// When the mark was made.
    public var created: AnnotationTime
    /// When it last changed (its deletion included).
    public var modified: AnnotationTime
    /// Whether it is a tombstone.
    public var isDeleted: Bool

    /// Creates a mark; labels are normalized (`AnnotationLabels.normalized`).
    ///
    /// - Throws: `AnnotationError.invalid` for a label that is empty or has a line break or control character.
    public init(
        id: UUID = UUID(), content: AnnotationContent, place: AnnotationPlace, labels: [String] = [],
        created: AnnotationTime, modified: AnnotationTime? = nil, isDeleted: Bool = false
    ) throws(AnnotationError) {
        self.id = id
        self.content = content
        self.place = place
        self.labels = try AnnotationLabels.normalized(labels)
        self.created = created
        self.modified = modified ?? created
        self.isDeleted = isDeleted
    }

    /// A mark as the store keeps it: labels taken as already normalized (the store wrote them so).
    init(
        stored id: UUID, content: AnnotationContent, place: AnnotationPlace, labels: [String],
        created: AnnotationTime, modified: AnnotationTime, isDeleted: Bool
    ) {
        self.id = id
        self.content = content
        self.place = place
        self.labels = labels
        self.created = created
        self.modified = modified
        self.isDeleted = isDeleted
    }

    /// The kind.
    public var kind: AnnotationKind { content.kind }

    /// The highlight's look, or nil for other kinds.
    public var style: HighlightStyle? {
        if case .highlight(let style) = content { return style }
        return nil
    }

    /// The note's text, or nil for other kinds.
    public var text: String? {
        if case .note(let text) = content { return text }
        return nil
    }

    /// The tombstone this mark leaves when deleted at `time`: same id and place, labels and note text gone.
    public func tombstone(at time: AnnotationTime) -> Annotation {
        var stone = self
        stone.isDeleted = true
        stone.modified = time
        stone.labels = []
        if case .note = content { stone.content = .note("") }
        return stone
    }
}

/// The rules for labels.
public enum AnnotationLabels {
    /// The longest label, in UTF-8 bytes.
    public static let maximumLength = 200

    /// Labels trimmed of white space at both ends, in Unicode's composed form (NFC), sorted, without repeats.
    ///
    /// - Throws: `AnnotationError.invalid` for an empty label, one longer than `maximumLength`, or one
    ///   holding a line break or another control character.
    public static func normalized(_ labels: [String]) throws(AnnotationError) -> [String] {
        var result: [String] = []
        for label in labels {
            let trimmed = label.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping
            guard !trimmed.isEmpty else { throw .invalid("a label cannot be empty") }
            guard trimmed.utf8.count <= maximumLength else {
                throw .invalid("the label '\(trimmed.prefix(40))…' is longer than \(maximumLength) bytes")
            }
            guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw .invalid("a label cannot hold a line break or control character")
            }
            if !result.contains(trimmed) { result.append(trimmed) }
        }
        return result.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
