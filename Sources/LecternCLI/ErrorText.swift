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
            // FileProblem reads the POSIX or Cocoa code; the sentence keeps the file Foundation named.
            let path = (ns.userInfo[NSFilePathErrorKey] as? String) ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path
            let reason = FileProblem.from(error, path: path ?? "").cause.text
            return path.map { "\($0): \(reason)" } ?? reason
        }
        return String(describing: error)
    }
}
