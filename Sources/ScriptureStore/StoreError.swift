#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a store file or a library could not be read or written.
///
/// A damaged file always ends up here, never in a crash: every offset, length,
/// count and index read from a file is checked before it is used.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A system call failed on a path (`open`, `mmap`, `rename`, …), with its `errno`.
    case system(call: String, path: String, errno: Int32)
    /// The file does not start with the store's magic bytes.
    case notAStore(path: String)
    /// The file was written by a newer (or unknown) format version.
    case unsupportedVersion(path: String, version: Int)
    /// The file is shorter than its header says: it was cut off.
    case truncated(path: String, expected: Int, actual: Int)
    /// The header or section table is inconsistent.
    case badHeader(path: String, reason: String)
    /// A section's bytes do not hold what they should.
    case damaged(path: String, section: SectionKind, reason: String)
    /// A section's checksum does not match its bytes.
    case checksumMismatch(path: String, section: SectionKind)
    /// A piece a read needs (a chapter's content or text, a book's introduction, a search index block)
    /// does not match the checksum written at import: the file changed since. Names the version's
    /// abbreviation and the piece (`JHN 3`, `JHN introduction`); `section` is where its bytes are.
    case damagedPart(path: String, version: String, part: String, section: SectionKind)
    /// A section the format requires is missing.
    case missingSection(path: String, section: SectionKind)
    /// The version has no such book, chapter or verse.
    case notFound(String)
    /// The books cannot be stored (too large for the format's 32-bit offsets, for example).
    case cannotEncode(String)
    /// The library has no version with that id or abbreviation.
    case unknownVersion(String)
    /// A version with that id is already in the library and `replace` was not asked for.
    case versionExists(id: Int, path: String)
    /// Another process holds the library's lock.
    case libraryBusy(path: String)
    /// The library's folder cannot be written (permissions, a read-only file system), with the `errno`.
    case readOnlyLibrary(directory: String, errno: Int32)
    /// An id or abbreviation that cannot be used.
    case invalidVersionName(String)
    /// A store file's name and the id inside it disagree, so the library is not changed (see `LibraryIDMismatch`).
    case idMismatch(path: String, fileID: Int, storedID: Int)
    /// A library file is not what it must be (a lock that is a symbolic link, for example), so it is not used.
    case unsafeFile(path: String, reason: String)
    /// The write was cancelled before the file took its place: the library was not changed.
    case cancelled

    public var description: String {
        switch self {
        case .system(let call, let path, let code):
            return "\(path): \(call) failed: \(Self.describe(errno: code))"
        case .notAStore(let path):
            return "\(path): not a Lectern store file (bad magic bytes)"
        case .unsupportedVersion(let path, let version):
            return
                "\(path): store format version \(version) is not supported by this lectern (it reads version "
                + "\(StoreFormat.version))" + (version < Int(StoreFormat.version) ? "; import the Bible again" : "")
        case .truncated(let path, let expected, let actual):
            return "\(path): the file is truncated: \(actual) bytes, its header says \(expected)"
        case .badHeader(let path, let reason):
            return "\(path): damaged header: \(reason)"
        case .damaged(let path, let section, let reason):
            return "\(path): damaged \(section) section: \(reason)"
        case .checksumMismatch(let path, let section):
            return "\(path): the \(section) section is damaged (checksum mismatch)"
        case .damagedPart(let path, let version, let part, let section):
            return
                "the Bible \(version) (\(path)) \(section == .searchIndex ? "has a damaged search index" : "is damaged") "
                + "(checksum mismatch in \(part)); run 'lectern verify' and import the Bible again"
        case .missingSection(let path, let section):
            return "\(path): the \(section) section is missing"
        case .notFound(let what):
            return "\(what) is not in this version"
        case .cannotEncode(let reason):
            return "cannot store the version: \(reason)"
        case .unknownVersion(let name):
            return "no version '\(name)' in the library"
        case .versionExists(let id, let path):
            return "version \(id) already exists (\(path)); use --replace to overwrite it"
        case .libraryBusy(let path):
            return "another lectern process is changing the library (\(path) is locked); try again when it has finished"
        case .readOnlyLibrary(let directory, let code):
            return
                "the library \(directory) cannot be changed (\(Self.describe(errno: code))); it can still be read. Check its permissions, or choose another with --library"
        case .invalidVersionName(let reason):
            return reason
        case .idMismatch(let path, let fileID, let storedID):
            return
                "\(path) holds version \(storedID) under the name of version \(fileID) (a store file copied in "
                + "under another name); nothing is imported while they disagree. Remove it (lectern remove "
                + "\(fileID)) or rename it to \(storedID).lectern if that name is free"
        case .unsafeFile(let path, let reason):
            return "\(path): \(reason)"
        case .cancelled:
            return "cancelled before the Bible was written; the library was not changed"
        }
    }

    /// The C library's message for an `errno` value (`strerror`).
    static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }
}
