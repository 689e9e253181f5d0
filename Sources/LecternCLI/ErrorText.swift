import Foundation
import Lectern

/// One sentence for any error a command meets, never a Foundation dump (`Error Domain=NSCocoaErrorDomain …`).
package enum ErrorText {
    /// The sentence for `error`: its own description for Lectern's errors; for Foundation's, the file it names
    /// and the system's reason (`/x/y: permission denied`).
    package static func sentence(for error: any Error) -> String {
        switch error {
        case let error as StoreError: return error.description
        case let error as ReferenceError: return error.description
        case let error as CommandFailure: return error.description
        case let error as UsageError: return error.description
        case let error as FileProblem: return error.description
        default: break
        }
        let ns = error as NSError
        if ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain {
            let path = (ns.userInfo[NSFilePathErrorKey] as? String)
                ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path
            var code: Int32?
            if ns.domain == NSPOSIXErrorDomain { code = Int32(truncatingIfNeeded: ns.code) }
            if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
                code = Int32(truncatingIfNeeded: underlying.code)
            }
            let reason = code.map(reason(errno:)) ?? cocoaReason(ns.code)
            return path.map { "\($0): \(reason)" } ?? reason
        }
        return String(describing: error)
    }

    /// `permission denied`, `no such file or folder`, …: lower-case system reasons.
    package static func reason(errno code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return "permission denied"
        case ENOENT: return "no such file or folder"
        case ENOTDIR: return "a part of the path is not a folder"
        case EISDIR: return "is a folder"
        case ENOSPC: return "the disk is full"
        case EROFS: return "the file system is read-only"
        case ENOMEM: return "not enough memory"
        case ENAMETOOLONG: return "the path is too long"
        case EEXIST: return "already exists"
        case EDQUOT: return "the disk quota is exceeded"
        default: return String(cString: strerror(code)).lowercased()
        }
    }

    private static func cocoaReason(_ code: Int) -> String {
        switch code {
        case CocoaError.fileReadNoSuchFile.rawValue, CocoaError.fileNoSuchFile.rawValue: "no such file or folder"
        case CocoaError.fileReadNoPermission.rawValue, CocoaError.fileWriteNoPermission.rawValue: "permission denied"
        case CocoaError.fileWriteOutOfSpace.rawValue: "the disk is full"
        case CocoaError.fileWriteVolumeReadOnly.rawValue: "the file system is read-only"
        case CocoaError.fileWriteFileExists.rawValue: "already exists"
        case CocoaError.fileReadTooLarge.rawValue: "the file is too large to read"
        case CocoaError.fileReadInapplicableStringEncoding.rawValue: "it is not UTF-8 text"
        default: "the system could not complete the operation (code \(code))"
        }
    }
}
