import Foundation
import Versification

extension AnnotationStore {
    /// Adds a mark, committed when this returns.
    ///
    /// - Complexity: one transaction of 1 + labels + Original runs row inserts.
    /// - Throws: `AnnotationError.invalid` for a bad label or a place without verses; store errors.
    @discardableResult
    public func add(_ content: AnnotationContent, at place: AnnotationPlace, labels: [String] = [])
        throws(AnnotationError) -> Annotation
    {
        try Self.check(place)
        let annotation = try Annotation(content: content, place: place, labels: labels, created: now())
        try withConnection { (connection) throws(AnnotationError) in
            try connection.writeTransaction { () throws(AnnotationError) in try Self.insert(annotation, connection) }
        }
        announce(.added(annotation))
        return annotation
    }

    /// Changes a mark's content, place and labels to those of `annotation` (found by its id); its creation
    /// time stays, its modification time becomes now.
    ///
    /// - Throws: `AnnotationError.notFound` when no live mark has the id.
    @discardableResult
    public func update(_ annotation: Annotation) throws(AnnotationError) -> Annotation {
        try Self.check(annotation.place)
        let labels = try AnnotationLabels.normalized(annotation.labels)
        let updated = try withConnection { (connection) throws(AnnotationError) -> Annotation in
            try connection.writeTransaction { () throws(AnnotationError) -> Annotation in
                guard let (rowID, existing) = try Self.find(annotation.id, connection), !existing.isDeleted else {
                    throw .notFound(annotation.id)
                }
                var updated = annotation
                updated.labels = labels
                updated.created = existing.created
                updated.modified = now(after: existing.modified)
                updated.isDeleted = false
                try Self.replace(rowID, with: updated, connection)
                return updated
            }
        }
        announce(.updated(updated))
        return updated
    }

    /// Deletes a mark, keeping its tombstone (labels and note text gone) so merges do not bring it back.
    ///
    /// - Throws: `AnnotationError.notFound` when no live mark has the id.
    @discardableResult
    public func delete(_ id: UUID) throws(AnnotationError) -> Annotation {
        let stone = try withConnection { (connection) throws(AnnotationError) -> Annotation in
            try connection.writeTransaction { () throws(AnnotationError) -> Annotation in
                guard let (rowID, existing) = try Self.find(id, connection), !existing.isDeleted else {
                    throw .notFound(id)
                }
                let stone = existing.tombstone(at: now(after: existing.modified))
                try Self.replace(rowID, with: stone, connection)
                return stone
            }
        }
        announce(.deleted(stone))
        return stone
    }

    /// Merges marks from another copy (an import) by the rules of `AnnotationMerge`, in one transaction:
    /// all of them or, when it fails, none.
    ///
    /// - Throws: `AnnotationError.invalid` for a mark whose place has no Original verses; store errors.
    @discardableResult
    public func merge(_ incoming: [Annotation]) throws(AnnotationError) -> MergeReport {
        for annotation in incoming { try Self.check(annotation.place) }
        let report = try withConnection { (connection) throws(AnnotationError) -> MergeReport in
            try connection.writeTransaction { () throws(AnnotationError) -> MergeReport in
                var report = MergeReport()
                for annotation in incoming {
                    guard let (rowID, existing) = try Self.find(annotation.id, connection) else {
                        try Self.insert(annotation, connection)
                        report.added += 1
                        continue
                    }
                    guard AnnotationMerge.replaces(annotation, existing) else {
                        report.unchanged += 1
                        continue
                    }
                    try Self.replace(rowID, with: annotation, connection)
                    report.updated += 1
                    if annotation.isDeleted && !existing.isDeleted { report.deleted += 1 }
                }
                return report
            }
        }
        if report.added + report.updated >= Self.checkpointAfter { checkpoint() }
        if !report.changedNothing { announce(.merged(report)) }
        return report
    }

    /// How many changed marks make a merge copy the write-ahead log back into the file at once.
    static let checkpointAfter = 1000

    /// Copies the write-ahead log into the database file and empties it (`PRAGMA wal_checkpoint(TRUNCATE)`),
    /// so reads come from the memory-mapped file again rather than from the log; skipped (not an error) when
    /// another process is reading.
    func checkpoint() {
        try? withConnection { (connection) throws(AnnotationError) in
            try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }

    /// A place the store can index: at least one Original verse, each run within one chapter.
    static func check(_ place: AnnotationPlace) throws(AnnotationError) {
        guard !place.original.isEmpty else {
            throw .invalid("the place \(place.reference) has no Original verses")
        }
        guard !place.bible.isEmpty else { throw .invalid("the place \(place.reference) names no Bible") }
    }

    /// The row id and mark with this id, tombstones included.
    static func find(_ id: UUID, _ connection: SQLiteConnection) throws(AnnotationError) -> (Int64, Annotation)? {
        var found: (Int64, Annotation)?
        try connection.query(
            "SELECT \(AnnotationRecord.columns), rowid FROM annotation WHERE id = ?",
            [.blob(AnnotationRecord.bytes(id))]
        ) { (row) throws(AnnotationError) in
            found = (row.int(17), try AnnotationRecord.decode(row, path: connection.path))
        }
        return found
    }

    static func insert(_ annotation: Annotation, _ connection: SQLiteConnection) throws(AnnotationError) {
        try connection.run(
            "INSERT INTO annotation (\(AnnotationRecord.columns), position) VALUES (\(placeholders(18)))",
            AnnotationRecord.values(annotation))
        try insertIndex(connection.lastRowID, annotation, connection)
    }

    static func replace(_ rowID: Int64, with annotation: Annotation, _ connection: SQLiteConnection)
        throws(AnnotationError)
    {
        try connection.run(
            "UPDATE annotation SET (\(AnnotationRecord.columns), position) = (\(placeholders(18))) WHERE rowid = ?",
            AnnotationRecord.values(annotation) + [.int(rowID)])
        try connection.run("DELETE FROM annotation_label WHERE annotation = ?", [.int(rowID)])
        try connection.run("DELETE FROM annotation_verse WHERE annotation = ?", [.int(rowID)])
        try insertIndex(rowID, annotation, connection)
    }

    /// The label and Original-verse index rows of a live mark (a tombstone has none).
    private static func insertIndex(_ rowID: Int64, _ annotation: Annotation, _ connection: SQLiteConnection)
        throws(AnnotationError)
    {
        guard !annotation.isDeleted else { return }
        let position = AnnotationRecord.position(annotation)
        for label in annotation.labels {
            try connection.run(
                "INSERT INTO annotation_label (label, position, created, annotation) VALUES (?, ?, ?, ?)",
                [.text(label), .int(position), .int(annotation.created.milliseconds), .int(rowID)])
        }
        for run in annotation.place.original {
            try connection.run(
                "INSERT INTO annotation_verse (annotation, first, last) VALUES (?, ?, ?)",
                [
                    .int(rowID), .int(VerseOrdinal.of(.init(run.book, run.chapter, run.first))),
                    .int(VerseOrdinal.of(.init(run.book, run.chapter, run.last))),
                ])
        }
    }

    private static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
