import Foundation
import ScriptureModel
import Versification

extension AnnotationStore {
    /// The mark with this id, or nil; a tombstone only when `includingDeleted`.
    public func annotation(_ id: UUID, includingDeleted: Bool = false) throws(AnnotationError) -> Annotation? {
        let found = try withConnection { (connection) throws(AnnotationError) in try Self.find(id, connection) }
        guard let annotation = found?.1, includingDeleted || !annotation.isDeleted else { return nil }
        return annotation
    }

    /// The live marks on any of the Original verses `first...last` (one book), in canon order of their first
    /// Original verse, then by creation.
    ///
    /// - Complexity: an index range scan on the Original verse ordinals of the chapters involved: O(log n + k)
    ///   for k marks there.
    public func annotations(touchingOriginal first: SchemeVerse, _ last: SchemeVerse) throws(AnnotationError)
        -> [Annotation]
    {
        // Each index row is a run within one chapter, so runs touching the range start in its chapters.
        let low = VerseOrdinal.of(SchemeVerse(first.book, first.chapter, 0))
        return try select(
            "SELECT \(AnnotationRecord.qualifiedColumns) FROM annotation a WHERE a.rowid IN"
                + " (SELECT v.annotation FROM annotation_verse v WHERE v.first BETWEEN ? AND ? AND v.last >= ?)"
                + " AND a.deleted = 0 ORDER BY a.position, a.created",
            [.int(low), .int(VerseOrdinal.of(last)), .int(VerseOrdinal.of(first))])
    }

    /// The live marks on Original chapters `chapters` of `book`.
    public func annotations(inOriginal book: BookID, chapters: ClosedRange<Int>) throws(AnnotationError)
        -> [Annotation]
    {
        try annotations(
            touchingOriginal: SchemeVerse(book, chapters.lowerBound, 0), SchemeVerse(book, chapters.upperBound, 0xFFF))
    }

    /// The live marks with `label`, in canon order.
    ///
    /// - Complexity: an index lookup, O(log n + k) for k marks with the label.
    public func annotations(labeled label: String) throws(AnnotationError) -> [Annotation] {
        let normalized = try AnnotationLabels.normalized([label]).first ?? label
        return try select(
            "SELECT \(AnnotationRecord.qualifiedColumns) FROM annotation_label l"
                + " JOIN annotation a ON a.rowid = l.annotation WHERE l.label = ? AND a.deleted = 0"
                + " ORDER BY l.position, l.created, l.annotation",
            [.text(normalized)])
    }

    /// The live marks of one kind, in canon order.
    public func annotations(kind: AnnotationKind) throws(AnnotationError) -> [Annotation] {
        try select(
            "SELECT \(AnnotationRecord.qualifiedColumns) FROM annotation a WHERE a.kind = ? AND a.deleted = 0"
                + " ORDER BY a.position, a.created",
            [.int(kind.code)])
    }

    /// Every mark in canon order; tombstones too when `includingDeleted` (what an export writes).
    public func allAnnotations(includingDeleted: Bool = false) throws(AnnotationError) -> [Annotation] {
        try select(
            "SELECT \(AnnotationRecord.qualifiedColumns) FROM annotation a"
                + (includingDeleted ? "" : " WHERE a.deleted = 0") + " ORDER BY a.position, a.created, a.id")
    }

    /// Every label with how many live marks have it, sorted by label.
    public func labels() throws(AnnotationError) -> [(label: String, count: Int)] {
        var result: [(label: String, count: Int)] = []
        try withConnection { (connection) throws(AnnotationError) in
            try connection.query("SELECT label, count(*) FROM annotation_label GROUP BY label ORDER BY label") { row in
                result.append((row.text(0) ?? "", Int(row.int(1))))
            }
        }
        return result
    }

    /// How many live marks there are (and tombstones, when `includingDeleted`).
    public func count(includingDeleted: Bool = false) throws(AnnotationError) -> Int {
        try withConnection { (connection) throws(AnnotationError) -> Int in
            Int(
                try connection.integer(
                    "SELECT count(*) FROM annotation" + (includingDeleted ? "" : " WHERE deleted = 0")) ?? 0)
        }
    }

    /// The marks of a chapter of `bible`, placed on `verses` (the chapter's verse texts as the Bible has them):
    /// the store's marks on the Original chapters the chapter draws on, through `ChapterMarks.place`.
    public func chapterMarks(_ book: BookID, _ chapter: Int, in bible: AnnotationBible, verses: [VerseText])
        throws(AnnotationError) -> ChapterMarks
    {
        let chapters = ChapterMarks.originalChapters(book, chapter, of: bible, verses: verses)
        var candidates: [Annotation] = []
        var seen: Set<UUID> = []
        // Runs of consecutive chapters are one query each (usually one in all).
        var start = 0
        while start < chapters.count {
            var end = start
            while end + 1 < chapters.count, chapters[end + 1] == chapters[end] + 1 { end += 1 }
            for annotation in try annotations(inOriginal: book, chapters: chapters[start]...chapters[end])
            where seen.insert(annotation.id).inserted {
                candidates.append(annotation)
            }
            start = end + 1
        }
        return ChapterMarks.place(candidates, book: book, chapter: chapter, of: bible, verses: verses)
    }

    private func select(_ sql: String, _ values: [SQLiteValue] = []) throws(AnnotationError) -> [Annotation] {
        try withConnection { (connection) throws(AnnotationError) -> [Annotation] in
            var result: [Annotation] = []
            try connection.query(sql, values) { (row) throws(AnnotationError) in
                result.append(try AnnotationRecord.decode(row, path: connection.path))
            }
            return result
        }
    }
}
