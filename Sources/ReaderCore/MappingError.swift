import ScriptureModel

/// Why a reference mapped onto another version's numbering has nowhere to go there: the target version lacks
/// what the mapped reference names (a New Testament has no Psalms; WLC lacks Daniel 3–7).
public enum MappingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The target version does not have the book.
    case bookNotInTarget(BookID, version: String)
    /// The target version's book does not have the chapter; `chapters` lists those it has (`1–2, 8–12`).
    case chapterNotInTarget(BookID, chapter: Int, version: String, chapters: String)

    public var description: String {
        switch self {
        case .bookNotInTarget(let book, let version):
            "\(version) has no book \(book.englishName) (\(book.code)) to map onto"
        case .chapterNotInTarget(let book, let chapter, let version, let chapters):
            "\(version) has no chapter \(book.code) \(chapter) to map onto"
                + (chapters.isEmpty ? "" : "; its chapters of \(book.code) are \(chapters)")
        }
    }
}
