import CSQLite
import Foundation

/// Why an annotation operation failed: the store file, an argument, or an interchange file.
public enum AnnotationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is not an SQLite database at all (random bytes, a Bible store, a truncated header).
    case notADatabase(path: String)
    /// The file is an SQLite database that Lectern did not write (another application's tables).
    case foreignDatabase(path: String, reason: String)
    /// The file is Lectern's but damaged: SQLite reports corruption, or a row breaks the store's rules.
    case damaged(path: String, reason: String)
    /// The file was written by a newer Lectern whose schema this one does not know.
    case newerSchema(path: String, version: Int, supported: Int)
    /// Another process held the file for longer than the busy timeout.
    case busy(path: String)
    /// Any other failure SQLite reports (I/O, a full disk, a read-only file), with its result code.
    case database(path: String, code: Int, message: String)
    /// No annotation (or only its tombstone) has this id.
    case notFound(UUID)
    /// An argument breaks a rule: an empty label, an unknown colour, a range across books, ….
    case invalid(String)
    /// An interchange file is wrong at `location` (`file:line:col`).
    case badInput(location: String, message: String)

    /// One line for people.
    public var description: String {
        switch self {
        case .notADatabase(let path):
            "\(path): not an annotation store (the file is not an SQLite database); the Bibles stay readable"
        case .foreignDatabase(let path, let reason):
            "\(path): not an annotation store (\(reason)); the Bibles stay readable"
        case .damaged(let path, let reason):
            "\(path): the annotation store is damaged (\(reason)); the Bibles stay readable"
        case .newerSchema(let path, let version, let supported):
            "\(path): the annotation store has schema version \(version), newer than the \(supported) this Lectern"
                + " knows; update Lectern"
        case .busy(let path): "\(path): the annotation store stayed locked by another process; try again"
        case .database(let path, let code, let message): "\(path): SQLite error \(code): \(message)"
        case .notFound(let id): "no annotation has the id \(id.uuidString.lowercased())"
        case .invalid(let message): message
        case .badInput(let location, let message): "\(location): error: \(message)"
        }
    }

    /// The error for an SQLite result code (primary or extended) and message.
    static func from(code: Int32, message: String, path: String) -> AnnotationError {
        switch code & 0xFF {
        case Int32(LECTERN_SQLITE_NOTADB): .notADatabase(path: path)
        case Int32(LECTERN_SQLITE_CORRUPT): .damaged(path: path, reason: message)
        case Int32(LECTERN_SQLITE_BUSY), Int32(LECTERN_SQLITE_LOCKED): .busy(path: path)
        default: .database(path: path, code: Int(code), message: message)
        }
    }
}
