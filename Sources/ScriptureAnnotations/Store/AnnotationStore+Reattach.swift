import Foundation
import ScriptureModel
import Versification

/// What re-attaching one word mark did (`AnnotationStore.reattachWords`).
public struct ReattachedMark: Sendable, Hashable {
    /// The mark as it is now in the store.
    public var annotation: Annotation
    /// `.unchanged`, `.found` (the store now holds the new word range) or `.moved` (kept as it was: shown on
    /// its whole verses until its words come back).
    public var match: QuoteMatch
}

extension AnnotationStore {
    /// The live marks with a word range made in the Bible named `abbreviation`: what a re-import of that
    /// Bible re-attaches, chapter by chapter.
    ///
    /// - Complexity: O(n): a scan of the marks (a re-import is rare and slow beside it).
    public func wordMarks(madeIn abbreviation: String) throws(AnnotationError) -> [Annotation] {
        try allAnnotations().filter { $0.place.bible == abbreviation && $0.place.words != nil }
    }

    /// Re-attaches the word marks made in `bible` on a chapter whose text may have changed (after a re-import),
    /// given the chapter's verse texts as the Bible now has them.
    ///
    /// Words still where they were are left alone; words found elsewhere in their verses by their quote get
    /// the new range (an update: its modification time moves, so copies of the library take it on merge);
    /// words no longer there are left as they were and reported `.moved`: the mark falls back to its verses
    /// and is never dropped.
    public func reattachWords(_ book: BookID, _ chapter: Int, in bible: AnnotationBible, verses: [VerseText])
        throws(AnnotationError) -> [ReattachedMark]
    {
        let chapters = ChapterMarks.originalChapters(book, chapter, of: bible, verses: verses)
        var candidates: [Annotation] = []
        for original in chapters {
            candidates += try annotations(inOriginal: book, chapters: original...original)
        }
        var seen: Set<UUID> = []
        var result: [ReattachedMark] = []
        for mark in candidates where seen.insert(mark.id).inserted && bible.madeHere(mark.place) {
            guard let words = mark.place.words, mark.place.verses.lowerBound.book == book,
                mark.place.verses.lowerBound.chapter == chapter
            else { continue }
            let match = WordAnchor.reattach(words, in: WordAnchor.texts(of: mark.place.verses, in: verses))
            guard case .found(let moved) = match else {
                result.append(ReattachedMark(annotation: mark, match: match))
                continue
            }
            var changed = mark
            changed.place.words = moved
            result.append(ReattachedMark(annotation: try update(changed), match: match))
        }
        return result
    }
}
