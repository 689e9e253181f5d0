import ScriptureModel
import ScriptureStore

/// Reads everything a store offers, the way an app and the command line do, for damage and fuzz tests.
public enum StoreReadThrough {
    /// Reads every introduction, chapter (model and styled text), verse list, verse label, whole book and
    /// the version's verse text; returns the errors in order (a crash ends the run instead).
    public static func errors(_ store: VersionStore) -> [StoreError] {
        var errors: [StoreError] = []
        func attempt(_ read: () throws(StoreError) -> Void) {
            do throws(StoreError) { try read() } catch { errors.append(error) }
        }
        for book in store.books {
            attempt { () throws(StoreError) in _ = try store.introduction(book.id) }
            attempt { () throws(StoreError) in _ = try store.verseTexts(of: book.id) }
            attempt { () throws(StoreError) in _ = try store.fullBook(book.id) }
            for chapter in book.chapters {
                attempt { () throws(StoreError) in _ = try store.chapter(book.id, chapter) }
                attempt { () throws(StoreError) in _ = try store.styledChapter(book.id, chapter) }
                attempt { () throws(StoreError) in _ = try store.verses(book.id, chapter, 1...3) }
                attempt { () throws(StoreError) in _ = try store.verseLabels(book.id, chapter) }
            }
        }
        attempt { () throws(StoreError) in _ = try store.allVerseTexts() }
        return errors
    }

    /// Opens the file at `path` and reads everything: whether it opened, and how many reads failed.
    public static func file(_ path: String) -> (opened: Bool, failures: Int) {
        guard let store = try? VersionStore(path: path) else { return (false, 0) }
        return (true, errors(store).count)
    }
}
