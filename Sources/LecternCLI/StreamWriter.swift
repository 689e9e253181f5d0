import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#else
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// Writes text to a file descriptor with `write(2)`, remembering the first failure instead of trapping.
///
/// Foundation's `FileHandle.write(_:)` ends the process (`try!`) when a write fails: standard output on a full
/// disk (`>/dev/full`), a closed descriptor (`>&-`) or a pipe whose reader has gone while `SIGPIPE` is ignored.
/// This writer keeps the first `errno`, drops everything after it, and lets the command finish, so that
/// `LecternCLI.run` can say `cannot write output: …` and exit 1.
package final class StreamWriter: Sendable {
    /// The descriptor written to.
    let descriptor: Int32
    /// The `errno` of the first failed write, if any.
    private let failure = Mutex<Int32?>(nil)

    /// A writer of `descriptor` (1 for standard output, 2 for standard error).
    package init(descriptor: Int32) { self.descriptor = descriptor }

    /// The `errno` of the first write that failed, or nil.
    package var failedErrno: Int32? { failure.withLock { $0 } }

    /// Writes all of `text`, retrying after a signal or a partial write; after a failure, writes nothing more.
    package func write(_ text: String) {
        failure.withLock { failed in
            guard failed == nil else { return }
            var text = text
            text.withUTF8 { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if written > 0 {
                        offset += written
                    } else if written < 0 && errno == EINTR {
                        continue
                    } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                        // A non-blocking descriptor inherited from the caller: wait until it can take more.
                        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                        _ = poll(&ready, 1, -1)
                    } else {
                        failed = written < 0 ? errno : EIO
                        return
                    }
                }
            }
        }
    }
}
