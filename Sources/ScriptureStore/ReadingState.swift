import Foundation
import ScriptureModel

/// What a library remembers about reading: the last passage opened and the default version, kept in
/// `<library>/reading-state.json` and written atomically (temporary file, fsync, rename).
public struct ReadingState: Sendable, Hashable, Codable {
    /// The format of the file, so a later Lectern can read an older one.
    public var format = 1
    /// The last passage opened, as a canonical id (`JHN.3`, `JHN.3.16`, `JHN.INTRO`).
    public var lastPassage: String?
    /// The version it was opened in.
    public var lastVersion: Int?
    /// The version chosen as the default (`lectern use`), used when a command names none.
    public var defaultVersion: Int?

    /// Creates a state.
    public init(lastPassage: String? = nil, lastVersion: Int? = nil, defaultVersion: Int? = nil) {
        self.lastPassage = lastPassage
        self.lastVersion = lastVersion
        self.defaultVersion = defaultVersion
    }

    /// The file's name inside the library folder.
    public static let fileName = "reading-state.json"

    /// The lock file that `Library.updateReadingState(_:)` holds while it reads, changes and saves the state.
    static let lockName = ".state-lock"
}

extension Library {
    /// The saved reading state; an empty state when none was saved, or when the file cannot be read
    /// (a damaged state file must not stop the reader from opening).
    public func readingState() -> ReadingState {
        let path = directory + "/" + ReadingState.fileName
        guard let data = FileManager.default.contents(atPath: path),
            let state = try? JSONDecoder().decode(ReadingState.self, from: data)
        else { return ReadingState() }
        return state
    }

    /// Changes the saved reading state: under the library's reading-state lock (`<library>/.state-lock`, a
    /// `flock` waited for, held only for the change), reads the state as saved now, lets `change` set the
    /// fields it means to, and saves the result atomically. Two processes that change different fields at
    /// once (`lectern use` the default, `lectern read` the last passage) so both keep their change, where a
    /// read, a change and a save each on its own let the later save undo the other's (32 of 150 `use` runs
    /// beside a `read` loop were undone). `change` may throw to leave the state as it is.
    ///
    /// - Returns: the state saved.
    @discardableResult
    public func updateReadingState<Failure: Error>(_ change: (inout ReadingState) throws(Failure) -> Void) throws
        -> ReadingState
    {
        try Self.makeDirectories(directory, toHold: Self.temporaryName(for: ReadingState.fileName))
        let lock = try LibraryLock(path: directory + "/" + ReadingState.lockName, waiting: true)
        defer { withExtendedLifetime(lock) {} }
        var state = readingState()
        try change(&state)
        try write(state)
        return state
    }

    /// Saves the whole reading state atomically, under the reading-state lock. It replaces every field: to
    /// change some fields and keep what another process saved meanwhile, use `updateReadingState(_:)`.
    public func saveReadingState(_ state: ReadingState) throws(StoreError) {
        try Self.makeDirectories(directory, toHold: Self.temporaryName(for: ReadingState.fileName))
        let lock = try LibraryLock(path: directory + "/" + ReadingState.lockName, waiting: true)
        defer { withExtendedLifetime(lock) {} }
        try write(state)
    }

    private func write(_ state: ReadingState) throws(StoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes: [UInt8]
        do {
            bytes = Array(try encoder.encode(state)) + [0x0A]
        } catch {
            throw .cannotEncode("reading state: \(error)")
        }
        try Self.makeDirectories(directory, toHold: Self.temporaryName(for: ReadingState.fileName))
        try AtomicFile.replace(ReadingState.fileName, in: directory, with: bytes)
    }
}
