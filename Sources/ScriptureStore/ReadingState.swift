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

    /// Saves the reading state atomically.
    public func saveReadingState(_ state: ReadingState) throws(StoreError) {
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
