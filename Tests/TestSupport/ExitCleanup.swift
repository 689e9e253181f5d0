import Foundation
import Synchronization

/// Folders removed when the test process exits.
///
/// A fixture held in a `static let` (made once and shared by a suite's tests) is never deinitialised, so the
/// folder its `deinit` removes stayed in the temporary folder after every run: 20 MB for each search fixture,
/// 3.8 GB after a few dozen runs.
public enum ExitCleanup {
    private static let folders = Mutex<[String]>([])

    /// Removes `path`, and all in it, when the process exits normally (`exit` or a return from `main`).
    public static func remove(atExit path: String) {
        let isFirst = folders.withLock { folders in
            folders.append(path)
            return folders.count == 1
        }
        if isFirst { atexit { ExitCleanup.removeAll() } }
    }

    private static func removeAll() {
        for path in folders.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }
}
