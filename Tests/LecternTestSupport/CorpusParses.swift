import Lectern
import ScriptureModel
import Synchronization
import TestSupport

/// The shared corpus's folders read by `VersionSource.read(paths:)` once per test process, for every test that
/// checks what a whole folder parses to. A folder is parsed by the first test that asks for it; a test asking
/// while it is being parsed waits for that parse instead of starting a second one. What a test gets is the
/// value the parser returned (the model types are values, so a test's changes stay its own).
///
/// The parses stay in memory until the process ends (all fourteen folders take a few hundred megabytes), which
/// is what lets the corpus suites, run in any order and side by side under `--parallel`, share them.
public enum CorpusParses {
    /// One folder's reading, filled once.
    private final class Slot: Sendable {
        let reading = Mutex<SourceReading?>(nil)
    }

    private static let slots = Mutex<[String: Slot]>([:])

    /// What `VersionSource.read(paths: [TestCorpus.folder(folder).path])` returns (books and diagnostics, and a
    /// bundle's metadata), read the first time it is asked for.
    public static func reading(_ folder: String) -> SourceReading {
        let slot = slots.withLock { slots in
            if let slot = slots[folder] { return slot }
            let slot = Slot()
            slots[folder] = slot
            return slot
        }
        // Held while parsing: another test asking for the same folder waits here for this parse.
        return slot.reading.withLock { reading in
            if let reading { return reading }
            let read = VersionSource.read(paths: [TestCorpus.folder(folder).path])
            reading = read
            return read
        }
    }

    /// What `VersionSource.parse(paths: [TestCorpus.folder(folder).path])` returns.
    public static func result(_ folder: String) -> ParseResult { reading(folder).result }

    /// The books `VersionSource.parse(paths: [TestCorpus.folder(folder).path])` returns.
    public static func books(_ folder: String) -> [Book] { reading(folder).result.books }
}
