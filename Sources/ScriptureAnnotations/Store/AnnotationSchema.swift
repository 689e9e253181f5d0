/// The store's tables, how a file is recognized as one, and the steps that bring an older file up to date.
///
/// `PRAGMA user_version` is the schema version; `PRAGMA application_id` marks the file as Lectern's
/// annotation store, so another application's SQLite file is refused rather than changed.
package enum AnnotationSchema {
    /// `LCAN` as a big-endian 32-bit number, the store's `application_id`.
    static let applicationID: Int64 = 0x4C43_414E

    /// The version this Lectern writes and reads.
    static var version: Int { migrations.count }

    /// Step `n` (from 0) brings a file of version `n` to `n + 1`; steps are only ever appended.
    package static let migrations: [String] = [
        // 1: annotations, with the label and Original-verse indexes.
        """
        CREATE TABLE annotation (
            rowid INTEGER PRIMARY KEY,
            id BLOB NOT NULL UNIQUE CHECK (length(id) = 16),
            kind INTEGER NOT NULL CHECK (kind BETWEEN 0 AND 2),
            created INTEGER NOT NULL,
            modified INTEGER NOT NULL,
            deleted INTEGER NOT NULL CHECK (deleted IN (0, 1)),
            bible TEXT NOT NULL,
            versification TEXT NOT NULL,
            verses TEXT NOT NULL,
            original TEXT NOT NULL,
            style TEXT,
            note TEXT,
            labels TEXT NOT NULL,
            word_start TEXT,
            word_end TEXT,
            quote_exact TEXT,
            quote_prefix TEXT,
            quote_suffix TEXT,
            position INTEGER NOT NULL
        );
        CREATE INDEX annotation_live_kind ON annotation (kind, position) WHERE deleted = 0;
        CREATE INDEX annotation_live_position ON annotation (position) WHERE deleted = 0;
        CREATE TABLE annotation_label (
            label TEXT NOT NULL,
            position INTEGER NOT NULL,
            created INTEGER NOT NULL,
            annotation INTEGER NOT NULL,
            PRIMARY KEY (label, position, created, annotation)
        ) WITHOUT ROWID;
        CREATE INDEX annotation_label_owner ON annotation_label (annotation);
        CREATE TABLE annotation_verse (
            annotation INTEGER NOT NULL,
            first INTEGER NOT NULL,
            last INTEGER NOT NULL
        );
        CREATE INDEX annotation_verse_range ON annotation_verse (first, last);
        CREATE INDEX annotation_verse_owner ON annotation_verse (annotation);
        """
    ]

    /// The tables a store of the current version has.
    static let tables: Set<String> = ["annotation", "annotation_label", "annotation_verse"]
}
