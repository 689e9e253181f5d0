import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file or folder could not be read or written, as one sentence that names the path, the cause
/// and what to do: `cannot read /x/y.usfm: permission denied (check the file's permissions)`.
///
/// Built from an `errno`, a Foundation `CocoaError`/`NSError` (its `NSUnderlyingErrorKey` POSIX error
/// when it has one), a `StoreError.system`, or a file-type check made before opening.
public struct FileProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being done to the path.
    public enum Action: String, Sendable, Hashable {
        /// Reading a source, a metadata file, a scenario file.
        case read
        /// Writing an output file.
        case write
        /// Exporting to an output path (the destination checks).
        case export = "export to"
    }

    /// Why it failed.
    public enum Cause: Sendable, Hashable {
        case permissionDenied
        case noSuchFile
        /// A symbolic link whose target does not exist.
        case danglingLink
        /// A folder where a file is needed.
        case isFolder
        /// A file where a folder is needed.
        case notAFolder
        /// A named pipe: opening it would wait for a writer.
        case fifo
        case characterDevice
        case blockDevice
        case socket
        /// Not enough memory for a file of this many bytes (nil when unknown).
        case notEnoughMemory(bytes: Int?)
        /// A file larger than Lectern reads (`VersionSource.maximumFileSize`): its size, or nil for a
        /// `.gz` file whose content passes the limit.
        case tooLarge(bytes: Int?, limit: Int)
        case diskFull
        case readOnlyFileSystem
        case nameTooLong
        case symlinkLoop
        /// The output path is the library folder or inside it.
        case insideLibrary(library: String)
        /// The output exists and `force` was not given.
        case exists
        /// The output's parent folder does not exist.
        case parentMissing(parent: String)
        /// An output folder holds other files and `force` was not given.
        case folderNotEmpty
        /// An output folder holds files the export would overwrite (the first few names).
        case wouldOverwrite(names: [String], count: Int)
        /// Any other `errno`.
        case system(errno: Int32)
        /// A failure described only by text.
        case other(String)

        /// The cause for an `errno` value.
        public init(errno code: Int32) {
            switch code {
            case EACCES, EPERM: self = .permissionDenied
            case ENOENT: self = .noSuchFile
            case EISDIR: self = .isFolder
            case ENOTDIR: self = .notAFolder
            case ENOMEM: self = .notEnoughMemory(bytes: nil)
            case ENOSPC, EDQUOT: self = .diskFull
            case EROFS: self = .readOnlyFileSystem
            case ENAMETOOLONG: self = .nameTooLong
            case ELOOP: self = .symlinkLoop
            default: self = .system(errno: code)
            }
        }

        /// The sentence's second half: what is wrong and, in brackets or after a semicolon, what to do.
        public var text: String {
            switch self {
            case .permissionDenied: return "permission denied (check the file's permissions)"
            case .noSuchFile: return "no such file or folder"
            case .danglingLink: return "it is a symbolic link to a file that does not exist"
            case .isFolder: return "it is a folder; give a file"
            case .notAFolder: return "it is a file; give a folder"
            case .fifo: return "it is a FIFO (named pipe), not a regular file"
            case .characterDevice: return "it is a character device, not a regular file"
            case .blockDevice: return "it is a block device, not a regular file"
            case .socket: return "it is a socket, not a regular file"
            case .notEnoughMemory(let bytes?):
                return "not enough memory to read it (\(Self.megabytes(bytes)) MB)"
            case .notEnoughMemory(nil): return "not enough memory"
            case .tooLarge(let bytes?, let limit):
                return "the file is \(Self.size(bytes)); Lectern reads files of at most \(Self.megabytes(limit)) MB"
            case .tooLarge(nil, let limit):
                return "its content is more than \(Self.megabytes(limit)) MB decompressed; Lectern reads files of "
                    + "at most \(Self.megabytes(limit)) MB"
            case .diskFull: return "the disk is full (free some space and try again)"
            case .readOnlyFileSystem: return "read-only file system (choose a folder on a writable disk)"
            case .nameTooLong: return "file name too long"
            case .symlinkLoop: return "too many levels of symbolic links (is there a loop?)"
            case .insideLibrary(let library):
                return "it is inside the library folder \(library); choose a path outside it"
            case .exists: return "it exists; use --force to overwrite"
            case .parentMissing(let parent): return "the folder \(parent) does not exist; create it first"
            case .folderNotEmpty: return "the folder is not empty; use --force to write into it"
            case .wouldOverwrite(let names, let count):
                let more = count > names.count ? " and \(count - names.count) more" : ""
                return "it would overwrite \(names.joined(separator: ", "))\(more); use --force to overwrite"
            case .system(let code): return String(cString: strerror(code)).lowercased()
            case .other(let text): return text
            }
        }

        static func megabytes(_ bytes: Int) -> Int { max(1, (bytes + (1 << 20) - 1) >> 20) }

        /// `300 MB`, or from 1 GB on `1.2 GB` (rounded down, so never the limit itself).
        static func size(_ bytes: Int) -> String {
            guard bytes >= 1 << 30 else { return "\(megabytes(bytes)) MB" }
            let tenths = bytes / ((1 << 30) / 10)
            return "\(tenths / 10).\(tenths % 10) GB"
        }
    }

    /// The file or folder.
    public var path: String
    /// What was being done.
    public var action: Action
    /// Why it failed.
    public var cause: Cause

    /// Creates a problem.
    public init(_ cause: Cause, path: String, action: Action = .read) {
        self.path = path
        self.action = action
        self.cause = cause
    }

    /// A problem from a failed system call's `errno`.
    public init(errno code: Int32, path: String, action: Action = .read) {
        self.init(Cause(errno: code), path: path, action: action)
    }

    /// `cannot read /x/y.usfm: permission denied (check the file's permissions)`.
    public var description: String { "cannot \(action.rawValue) \(path): \(cause.text)" }

    /// The problem as a source diagnostic at `path`, the whole file (`SourceLocation.wholeFile`: no line and
    /// column, as nothing of the file was read).
    public var diagnostic: Diagnostic {
        let location = SourceLocation.wholeFile(path)
        if case .tooLarge = cause { return Diagnostic(.error, .fileTooLarge, at: location, cause.text) }
        return Diagnostic(.error, .unreadableFile, at: location, "cannot \(action.rawValue) it: \(cause.text)")
    }

    /// Translates any error met on `path`: a `FileProblem` is kept; `StoreError.system` and
    /// `.readOnlyLibrary` give their `errno`; a Foundation error gives its POSIX `NSUnderlyingErrorKey`,
    /// its POSIX code, or the Cocoa code's meaning; anything else keeps its own text.
    public static func from(_ error: any Error, path: String, action: Action = .read) -> FileProblem {
        if let problem = error as? FileProblem { return problem }
        if let store = error as? StoreError {
            switch store {
            case .system(_, let storePath, let code): return FileProblem(errno: code, path: storePath, action: action)
            case .readOnlyLibrary(let directory, let code):
                return FileProblem(errno: code, path: directory, action: action)
            default: return FileProblem(.other(store.description), path: path, action: action)
            }
        }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return FileProblem(errno: Int32(truncatingIfNeeded: underlying.code), path: path, action: action)
        }
        if nsError.domain == NSPOSIXErrorDomain {
            return FileProblem(errno: Int32(truncatingIfNeeded: nsError.code), path: path, action: action)
        }
        if nsError.domain == NSCocoaErrorDomain, let cause = cocoaCause(nsError.code) {
            return FileProblem(cause, path: path, action: action)
        }
        return FileProblem(.other(nsError.localizedDescription), path: path, action: action)
    }

    /// The meaning of a `CocoaError` code that came without a POSIX error.
    private static func cocoaCause(_ code: Int) -> Cause? {
        switch CocoaError.Code(rawValue: code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return .noSuchFile
        case .fileReadNoPermission, .fileWriteNoPermission: return .permissionDenied
        case .fileWriteOutOfSpace: return .diskFull
        case .fileWriteVolumeReadOnly: return .readOnlyFileSystem
        case .fileReadInvalidFileName, .fileWriteInvalidFileName: return .nameTooLong
        case .fileReadTooLarge: return .notEnoughMemory(bytes: nil)
        case .fileWriteFileExists: return .exists
        default: return nil
        }
    }
}
