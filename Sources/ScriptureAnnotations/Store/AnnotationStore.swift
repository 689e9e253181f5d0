import Foundation
import Synchronization

/// The library's bookmarks, highlights and notes: one SQLite file beside the Bible stores.
///
/// WAL mode, so readers never wait for a writer; every write is one transaction taken at once
/// (`BEGIN IMMEDIATE`) with a busy timeout, so two processes writing at once both succeed, one after the
/// other. A write that returned is committed: a process killed after it loses nothing (with `.full`
/// durability a power cut loses nothing either). Safe to share between tasks; the connection is behind a lock.
public final class AnnotationStore: Sendable {
    /// The file's name in a library folder.
    public static let fileName = "annotations.sqlite"

    /// The schema version this Lectern writes (`PRAGMA user_version`).
    public static var schemaVersion: Int { AnnotationSchema.version }

    /// How hard a commit works to survive a power cut.
    public enum Durability: Sendable {
        /// Committed writes survive the process being killed; a power cut may lose the last few (never
        /// damages the file). SQLite's `synchronous = NORMAL` in WAL mode: no `fsync` per commit.
        case normal
        /// Committed writes survive a power cut too: an `fsync` per commit (`synchronous = FULL`).
        case full
    }

    /// The database file.
    public let path: String
    /// How much of the file SQLite maps into memory for reading (`PRAGMA mmap_size`).
    static let mapSize = 1 << 28
    private let connection: Mutex<SQLiteConnection>
    private let clock: @Sendable () -> AnnotationTime
    private let observers = Mutex<[UUID: AsyncStream<AnnotationChange>.Continuation]>([:])

    /// Opens the store at `path`, creating it (and bringing an older file up to date) as needed.
    ///
    /// - Parameters:
    ///   - busyTimeout: how long a write waits for another process's write, in milliseconds.
    /// - Throws: `AnnotationError.notADatabase` or `.foreignDatabase` for a file that is not a store (left
    ///   untouched), `.damaged` for a damaged one, `.newerSchema` for one a newer Lectern wrote.
    public convenience init(path: String, durability: Durability = .normal, busyTimeout: Int = 10_000)
        throws(AnnotationError)
    {
        try self.init(path: path, durability: durability, busyTimeout: busyTimeout, clock: { .now })
    }

    /// Opens the store of a library folder (`folder/annotations.sqlite`).
    public convenience init(libraryFolder folder: String, durability: Durability = .normal) throws(AnnotationError) {
        try self.init(path: folder + "/" + Self.fileName, durability: durability)
    }

    /// Opens the store with a clock of the caller's (tests give fixed times).
    package init(
        path: String, durability: Durability = .normal, busyTimeout: Int = 10_000,
        clock: @escaping @Sendable () -> AnnotationTime
    ) throws(AnnotationError) {
        self.path = path
        self.clock = clock
        let connection = try SQLiteConnection(path: path, create: true, busyTimeout: busyTimeout)
        try Self.prepare(connection, durability: durability)
        self.connection = Mutex(connection)
    }

    /// Checks the file is a store (or empty), sets WAL and durability, and migrates it.
    private static func prepare(_ connection: SQLiteConnection, durability: Durability) throws(AnnotationError) {
        let path = connection.path
        let application = try connection.integer("PRAGMA application_id") ?? 0
        let version = try connection.integer("PRAGMA user_version") ?? 0
        let tables = Set(try connection.texts("SELECT name FROM sqlite_schema WHERE type = 'table'"))
        if application != AnnotationSchema.applicationID {
            if application != 0 {
                throw .foreignDatabase(
                    path: path, reason: "its application id is \(application), not Lectern's annotation store's")
            }
            if !tables.isEmpty || version != 0 {
                throw .foreignDatabase(
                    path: path,
                    reason: "it holds tables \(tables.sorted().prefix(5).joined(separator: ", ")) but no"
                        + " Lectern mark")
            }
        }
        if version > AnnotationSchema.version {
            throw .newerSchema(path: path, version: Int(version), supported: AnnotationSchema.version)
        }
        try connection.execute("PRAGMA journal_mode = WAL")
        try connection.execute(durability == .full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL")
        try connection.execute("PRAGMA foreign_keys = OFF")
        // Reads through a memory map, as the Bible stores are read: a mark's row is a memory access, not a
        // read(2) of its page (listing a label's 1,000 marks among 100,000 went from ~15 ms to a few).
        try connection.execute("PRAGMA mmap_size = \(Self.mapSize)")
        try migrate(connection)
    }

    /// Applies the migrations the file lacks, in one write transaction (another process may be doing the same:
    /// the version is read again inside it).
    package static func migrate(_ connection: SQLiteConnection, steps: [String] = AnnotationSchema.migrations)
        throws(AnnotationError)
    {
        guard (try connection.integer("PRAGMA user_version") ?? 0) < steps.count else { return }
        try connection.writeTransaction { () throws(AnnotationError) in
            let version = Int(try connection.integer("PRAGMA user_version") ?? 0)
            guard version < steps.count else { return }
            for step in steps[version...] { try connection.execute(step) }
            try connection.execute("PRAGMA application_id = \(AnnotationSchema.applicationID)")
            try connection.execute("PRAGMA user_version = \(steps.count)")
        }
    }

    /// Runs `body` with the connection, under the lock.
    func withConnection<Result: Sendable>(_ body: (SQLiteConnection) throws(AnnotationError) -> Result)
        throws(AnnotationError)
        -> Result
    {
        try connection.withLock { (connection: inout SQLiteConnection) throws(AnnotationError) -> Result in
            try body(connection)
        }
    }

    /// The current time, never before `after` plus a millisecond (so an edit always orders after what it
    /// replaces, even within one millisecond).
    func now(after previous: AnnotationTime? = nil) -> AnnotationTime {
        let time = clock()
        guard let previous, time <= previous else { return time }
        return AnnotationTime(milliseconds: previous.milliseconds + 1)
    }

    // MARK: Changes

    /// The changes made through this store object from now on, for a UI to refresh; ends when the
    /// consumer stops iterating. (Changes other processes make are not reported.)
    public func changes() -> AsyncStream<AnnotationChange> {
        let (stream, continuation) = AsyncStream<AnnotationChange>.makeStream(bufferingPolicy: .bufferingNewest(256))
        let key = UUID()
        observers.withLock { $0[key] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.observers.withLock { $0.removeValue(forKey: key) }
        }
        return stream
    }

    func announce(_ change: AnnotationChange) {
        let continuations = observers.withLock { Array($0.values) }
        for continuation in continuations { continuation.yield(change) }
    }

    deinit {
        for continuation in observers.withLock({ Array($0.values) }) { continuation.finish() }
    }
}

/// One change to a store, as `AnnotationStore.changes()` reports it.
public enum AnnotationChange: Sendable, Hashable {
    /// A mark was added.
    case added(Annotation)
    /// A mark was changed.
    case updated(Annotation)
    /// A mark was deleted (its tombstone).
    case deleted(Annotation)
    /// A merge (an import) changed marks.
    case merged(MergeReport)
}
