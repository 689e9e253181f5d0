import ScriptureModel
import ScriptureStore
import Versification
/// A reference of one version and where it lands in another, through the versions' verse numbering schemes.
public struct MappedReference: Sendable, Hashable {
    /// The reference as given, in the source version.
    public var source: BibleReference
    /// The pieces in the target version, in order; empty when the target has no verse for it.
    public var pieces: [BibleReference]
    /// The source version's scheme name (`english`).
    public var fromVersification: String
    /// The target version's scheme name (`original`).
    public var toVersification: String
}

extension VersificationScheme {
    /// Maps a chapter or verse reference of this scheme to `target`, joined into runs of consecutive verses;
    /// an introduction maps to itself. The pieces carry `version`.
    ///
    /// Verse labels count by their numbers: a bridge `4-5` maps verses 4 and 5, a segment `3a` maps verse 3.
    public func map(_ reference: BibleReference, to target: VersificationScheme, version: Int?) -> [BibleReference] {
        if fingerprint == target.fingerprint {
            var same = reference
            same.versionID = version
            return [same]
        }
        let range: VerseRange
        switch reference.target {
        case .introduction:
            return [BibleReference(versionID: version, book: reference.book, target: .introduction)]
        case .chapter(let chapter):
            guard let last = lastVerse(reference.book, chapter) else { return [] }
            range = VerseRange(reference.book, chapter, contains(SchemeVerse(reference.book, chapter, 0)) ? 0 : 1, last)
        case .verses(let chapter, let first, let last):
            let start = VerseKey.leadingNumber(first)
            let end = Self.lastNumber(ofLabel: last ?? first)
            range = VerseRange(reference.book, chapter, start, max(start, end))
        }
        return map(range, to: target).map { piece in
            BibleReference(
                versionID: version, book: piece.book,
                target: .verses(
                    chapter: piece.chapter, first: String(piece.first),
                    last: piece.last == piece.first ? nil : String(piece.last)))
        }
    }
}

extension VersionStore {
    /// Maps a reference of this version to `other` through both versions' schemes (and Original between them).
    ///
    /// - Throws: `StoreError` when a store without a recorded scheme cannot be read to detect one;
    ///   `MappingError` when `other` lacks the book or a chapter the mapped reference names (the scheme numbers
    ///   it, but the version does not have it).
    public func map(_ reference: BibleReference, to other: VersionStore) throws -> MappedReference {
        let from = try versification()
        let to = try other.versification()
        let pieces = from.map(reference, to: to, version: other.metadata.id)
        for piece in pieces {
            guard let book = other.book(piece.book) else {
                throw MappingError.bookNotInTarget(piece.book, version: other.metadata.abbreviation)
            }
            if let chapter = piece.chapter, !book.chapters.contains(chapter) {
                throw MappingError.chapterNotInTarget(
                    piece.book, chapter: chapter, version: other.metadata.abbreviation,
                    chapters: book.chapters.sorted().runs)
            }
        }
        return MappedReference(
            source: reference, pieces: pieces, fromVersification: from.name, toVersification: to.name)
    }
}
