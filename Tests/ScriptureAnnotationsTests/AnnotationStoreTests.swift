import Foundation
import ScriptureAnnotations
import ScriptureModel
import TestSupport
import Testing
import Versification

/// The SQLite store: writes, queries, tombstones, and files that are not (or no longer) stores.
struct AnnotationStoreTests {
    static let web = AnnotationBible(abbreviation: "WEB", versification: .english)

    @Test func addsUpdatesAndDeletesKeepingATombstone() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let clock = StepClock()
        let store = try AnnotationStore.testStore(in: folder, clock: clock)
        let place = try AnnotationPlace(bible: Self.web, verses: verse("PSA", 51, 1))
        let note = try store.add(
            .note("Create in me a clean heart"), at: place, labels: ["Prayer", " psalms ", "Prayer"])
        #expect(note.labels == ["Prayer", "psalms"])
        #expect(note.created == note.modified)
        #expect(try store.annotation(note.id) == note)

        var edited = note
        edited.content = .note("A clean heart")
        edited.labels = ["Repentance"]
        let updated = try store.update(edited)
        #expect(updated.created == note.created && updated.modified > note.modified)
        #expect(try store.annotation(note.id)?.text == "A clean heart")
        #expect(try store.annotations(labeled: "Prayer").isEmpty)
        #expect(try store.annotations(labeled: "Repentance").map(\.id) == [note.id])

        let stone = try store.delete(note.id)
        #expect(stone.isDeleted && stone.labels.isEmpty && stone.text == "" && stone.modified > updated.modified)
        #expect(try store.annotation(note.id) == nil)
        #expect(try store.annotation(note.id, includingDeleted: true) == stone)
        #expect(try store.count() == 0 && store.count(includingDeleted: true) == 1)
        #expect(try store.annotations(labeled: "Repentance").isEmpty)
        #expect(try store.annotations(kind: .note).isEmpty)
        #expect(try store.annotations(inOriginal: .psalms, chapters: 51...51).isEmpty)
        #expect(throws: AnnotationError.notFound(note.id)) { try store.delete(note.id) }
        #expect(throws: AnnotationError.notFound(note.id)) { try store.update(edited) }
        #expect(try store.verify() == [])
    }

    /// What each query returns from a small library: marks by Original chapter range, label and kind.
    struct QueryCase: Sendable, CustomTestStringConvertible {
        var query: String
        var expected: [String]
        var testDescription: String { "\(query) → \(expected)" }
    }

    static let queryCases: [QueryCase] = [
        QueryCase(query: "original PSA 51", expected: ["PSA.51.1", "PSA.51.1-2", "PSA.51.19"]),
        QueryCase(query: "original PSA 51:3-3", expected: ["PSA.51.1", "PSA.51.1-2"]),
        QueryCase(query: "original PSA 51:4-4", expected: ["PSA.51.1-2"]),
        QueryCase(query: "original PSA 51:5-20", expected: []),
        QueryCase(query: "original PSA 50", expected: []),
        QueryCase(query: "original MAL 3", expected: ["MAL.4.1", "MAL.3.18"].sorted()),
        QueryCase(query: "original MAL 4", expected: []),
        QueryCase(query: "original JOL 3", expected: ["JOL.2.27-29"]),
        QueryCase(query: "original JOL 2", expected: ["JOL.2.27-29"]),
        QueryCase(query: "label Prayer", expected: ["PSA.51.1", "MAL.4.1"]),
        QueryCase(query: "label prayer", expected: []),
        QueryCase(query: "label Hope", expected: ["PSA.51.19", "JOL.2.27-29"]),
        QueryCase(query: "kind note", expected: ["PSA.51.1-2", "JOL.2.27-29"]),
        QueryCase(query: "kind bookmark", expected: ["PSA.51.1", "MAL.3.18", "MAL.4.1"]),
        QueryCase(query: "kind highlight", expected: ["PSA.51.19"]),
    ]

    @Test(arguments: queryCases)
    func queriesFindTheMarksTheyName(_ test: QueryCase) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let store = try AnnotationStore.testStore(in: folder, clock: StepClock())
        let marks: [(String, AnnotationContent, [String])] = [
            ("PSA.51.1", .bookmark, ["Prayer"]), ("PSA.51.1-2", .note("v1-2"), []),
            ("PSA.51.19", .highlight(.color(.green)), ["Hope"]), ("MAL.3.18", .bookmark, []),
            ("MAL.4.1", .bookmark, ["Prayer"]), ("JOL.2.27-29", .note("Spirit"), ["Hope"]),
        ]
        for (reference, content, labels) in marks {
            try store.add(
                content, at: AnnotationPlace(bible: Self.web, verses: VerseReferenceText.verses(reference)),
                labels: labels)
        }
        let words = test.query.split(separator: " ")
        let found: [Annotation]
        switch words[0] {
        case "original":
            let book = BookID(code: words[1])!
            let parts = words.count > 2 ? words[2].split(separator: ":") : []
            if parts.count == 2 {
                let range = parts[1].split(separator: "-").map { Int($0)! }
                let chapter = Int(parts[0])!
                found = try store.annotations(
                    touchingOriginal: SchemeVerse(book, chapter, range[0]), SchemeVerse(book, chapter, range[1]))
            } else {
                let chapter = Int(words[2])!
                found = try store.annotations(inOriginal: book, chapters: chapter...chapter)
            }
        case "label": found = try store.annotations(labeled: String(words[1]))
        default: found = try store.annotations(kind: AnnotationKind(rawValue: String(words[1]))!)
        }
        #expect(found.map(\.place.reference).sorted() == test.expected.sorted())
    }

    @Test func marksPersistAcrossReopeningAndListInCanonOrder() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        var ids: [UUID] = []
        do {
            let store = try AnnotationStore.testStore(in: folder, clock: StepClock())
            for reference in ["JHN.3.16", "GEN.1.1", "PSA.23.1-6"] {
                ids.append(
                    try store.add(
                        .bookmark, at: AnnotationPlace(bible: Self.web, verses: VerseReferenceText.verses(reference)),
                        labels: ["a"]
                    ).id)
            }
        }
        let reopened = try AnnotationStore(path: folder.path + "/annotations.sqlite")
        #expect(try reopened.allAnnotations().map(\.place.reference) == ["GEN.1.1", "PSA.23.1-6", "JHN.3.16"])
        #expect(try reopened.labels().map { "\($0.label)=\($0.count)" } == ["a=3"])
        #expect(Set(try reopened.allAnnotations().map(\.id)) == Set(ids))
    }

    /// Files that are not annotation stores are refused with a typed error and left as they were.
    struct FileCase: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var expected: String
        var testDescription: String { name }
    }

    static let fileCases: [FileCase] = [
        FileCase(name: "random bytes", bytes: Array(repeating: 0x5A, count: 8192), expected: "notADatabase"),
        FileCase(name: "a text file", bytes: Array("id,kind\n1,bookmark\n".utf8), expected: "notADatabase"),
        FileCase(
            name: "a truncated SQLite header", bytes: Array("SQLite format 3\0".utf8) + [0x10, 0x00, 0x01],
            expected: "notADatabase"),
    ]

    @Test(arguments: fileCases)
    func aFileThatIsNotAStoreIsRefusedUntouched(_ test: FileCase) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(test.bytes, to: "annotations.sqlite")
        let error = try #require(throws: AnnotationError.self) { try AnnotationStore(path: path) }
        #expect("\(error)".contains("not an annotation store"), "\(error)")
        if case .notADatabase(let where_) = error { #expect(where_ == path) } else { Issue.record("\(error)") }
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == test.bytes)
    }

    @Test func anotherApplicationsDatabaseIsRefusedUntouched() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path + "/other.sqlite"
        try sqlite(path, "CREATE TABLE bookmarks (id INTEGER, verse TEXT); INSERT INTO bookmarks VALUES (1, 'x');")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let error = try #require(throws: AnnotationError.self) { try AnnotationStore(path: path) }
        guard case .foreignDatabase(_, let reason) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(reason.contains("bookmarks"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        // One with another application id, even without tables.
        let other = folder.path + "/app.sqlite"
        try sqlite(other, "PRAGMA application_id = 42;")
        let second = try #require(throws: AnnotationError.self) { try AnnotationStore(path: other) }
        #expect("\(second)".contains("application id is 42"))
    }

    @Test func aStoreFromANewerLecternIsRefused() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path + "/annotations.sqlite"
        _ = try AnnotationStore(path: path)
        try sqlite(path, "PRAGMA user_version = 99;")
        #expect(throws: AnnotationError.newerSchema(path: path, version: 99, supported: AnnotationStore.schemaVersion))
        {
            try AnnotationStore(path: path)
        }
    }

    /// A store whose pages are overwritten is reported damaged (by opening, a query or `verify`), never read
    /// as if it were sound.
    @Test func aDamagedStoreIsReportedDamaged() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path + "/annotations.sqlite"
        do {
            let store = try AnnotationStore(path: path)
            for index in 0..<300 {
                try store.add(
                    .note(String(repeating: "note \(index) ", count: 20)),
                    at: AnnotationPlace(bible: Self.web, verses: verse("GEN", 1 + index % 50, 1)),
                    labels: ["l\(index % 7)"])
            }
        }
        try sqlite(path, "PRAGMA wal_checkpoint(TRUNCATE);")
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        try #require(bytes.count > 8 * 4096)
        for index in (2 * 4096)..<(bytes.count - 4096) where index % 4096 < 2048 { bytes[index] = 0xA5 }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        do {
            let store = try AnnotationStore(path: path)
            do {
                let problems = try store.verify()
                #expect(!problems.isEmpty)
                _ = try store.allAnnotations()
                _ = try store.annotations(labeled: "l3")
                #expect(problems.isEmpty == false)
            } catch let error {
                guard case .damaged = error else {
                    Issue.record("not reported damaged: \(error)")
                    return
                }
            }
        } catch {
            guard case .damaged = error else {
                Issue.record("not reported damaged: \(error)")
                return
            }
        }
    }

    @Test func verifyFindsIndexRowsThatDisagreeWithTheirMark() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path + "/annotations.sqlite"
        let store = try AnnotationStore(path: path)
        try store.add(.bookmark, at: AnnotationPlace(bible: Self.web, verses: verse("PSA", 51, 1)), labels: ["a"])
        #expect(try store.verify() == [])
        try sqlite(path, "DELETE FROM annotation_label; UPDATE annotation_verse SET first = first + 1;")
        #expect(
            try store.verify() == [
                "annotation row 1: its label index rows differ from its labels",
                "annotation row 1: its verse index rows differ from its Original verses",
            ])
    }

    @Test func anEmptyFileBecomesAStoreOfTheCurrentVersion() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write([], to: "annotations.sqlite")
        let store = try AnnotationStore(path: path)
        #expect(try store.count() == 0)
        let connection = try SQLiteConnection(path: path, create: false, busyTimeout: 1000)
        #expect(try connection.integer("PRAGMA user_version") == Int64(AnnotationStore.schemaVersion))
        #expect(try connection.texts("PRAGMA journal_mode") == ["wal"])
        #expect(try connection.integer("PRAGMA application_id") == 0x4C43_414E)
    }

    @Test func labelsAndStylesAreChecked() throws {
        let place = try AnnotationPlace(bible: Self.web, verses: verse("GEN", 1, 1))
        #expect(throws: AnnotationError.self) {
            try Annotation(content: .bookmark, place: place, labels: [" "], created: .now)
        }
        #expect(throws: AnnotationError.self) {
            try Annotation(content: .bookmark, place: place, labels: ["a\nb"], created: .now)
        }
        #expect(try HighlightStyle("Yellow") == .color(.yellow))
        #expect(try HighlightStyle("exam-prep") == .style("exam-prep"))
        #expect(throws: AnnotationError.self) { try HighlightStyle("no spaces") }
        #expect(throws: AnnotationError.self) { try HighlightStyle("") }
        #expect(throws: AnnotationError.self) {
            try AnnotationPlace(bible: Self.web, verses: try VerseReferenceText.verses("GEN.50.1-EXO.1.1"))
        }
    }
}

/// Runs SQL on a database through the store's own connection type (the tests' way to damage or forge a file).
func sqlite(_ path: String, _ sql: String) throws {
    let connection = try SQLiteConnection(path: path, create: true, busyTimeout: 1000)
    try connection.execute(sql)
}

/// Schema versions and the changes a UI observes.
struct AnnotationStoreLifecycleTests {
    static let web = AnnotationBible(abbreviation: "WEB", versification: .english)

    /// A later Lectern's migration step applies to a store of this version and keeps its marks; this
    /// Lectern then refuses the newer file rather than misread it.
    @Test func aMigrationStepBringsAStoreUpAVersionKeepingItsMarks() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path + "/annotations.sqlite"
        try AnnotationStore(path: path).add(
            .note("kept"), at: AnnotationPlace(bible: Self.web, verses: verse("PSA", 51, 1)), labels: ["a"])
        let connection = try SQLiteConnection(path: path, create: false, busyTimeout: 1000)
        let next = AnnotationSchema.migrations + ["ALTER TABLE annotation ADD COLUMN colour_hint TEXT;"]
        try AnnotationStore.migrate(connection, steps: next)
        #expect(try connection.integer("PRAGMA user_version") == Int64(next.count))
        #expect(try connection.texts("SELECT note FROM annotation") == ["kept"])
        try AnnotationStore.migrate(connection, steps: next)  // a second run is a no-op
        #expect(try connection.integer("PRAGMA user_version") == Int64(next.count))
        #expect(
            throws: AnnotationError.newerSchema(
                path: path, version: next.count, supported: AnnotationStore.schemaVersion)
        ) { try AnnotationStore(path: path) }
    }

    @Test func changesAreObservedInOrder() async throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let store = try AnnotationStore.testStore(in: folder, clock: StepClock())
        let changes = store.changes()
        let place = try AnnotationPlace(bible: Self.web, verses: verse("JHN", 3, 16))
        let added = try store.add(.bookmark, at: place)
        var mark = added
        mark.labels = ["Gospel"]
        let updated = try store.update(mark)
        let stone = try store.delete(mark.id)
        let other = try Annotation(content: .note("n"), place: place, created: .init(milliseconds: 5))
        try store.merge([other])
        try store.merge([other])  // changes nothing: not reported
        var seen: [AnnotationChange] = []
        for await change in changes {
            seen.append(change)
            if seen.count == 4 { break }
        }
        #expect(
            seen == [
                .added(added), .updated(updated), .deleted(stone), .merged(MergeReport(added: 1)),
            ])
    }
}
