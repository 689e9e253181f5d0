import ScriptureModel
import ScriptureSearch
import ScriptureStore

/// Reads everything a store offers, the way an app and the command line do, for damage and fuzz tests.
public enum StoreReadThrough {
    /// Reads every introduction, chapter (model and styled text), verse list, verse label, whole book and
    /// the version's verse text, then searches its index with words from its own text; returns what failed,
    /// in order (a crash ends the run instead). A hit whose text is not its verse's counts as a failure.
    public static func errors(_ store: VersionStore) -> [String] {
        var errors: [String] = []
        func attempt(_ read: () throws(StoreError) -> Void) {
            do throws(StoreError) { try read() } catch { errors.append(error.description) }
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
        var verses: [VerseText] = []
        attempt { () throws(StoreError) in verses = try store.allVerseTexts() }
        return errors + searchErrors(store, verses: verses)
    }

    /// Searches the store's index (when it has one) with words of its first verses, alone, as a prefix, in a
    /// phrase, with `OR` and `-`, in both orders and modes and on a second page.
    static func searchErrors(_ store: VersionStore, verses: [VerseText]) -> [String] {
        guard store.sectionBytes(.searchIndex) != nil else { return [] }
        let index: SearchIndex
        do {
            index = try SearchIndex(store: store)
        } catch {
            return [error.description]
        }
        let words = verses.prefix(3).flatMap { verse in
            verse.text.split(separator: " ").filter { $0.allSatisfy(\.isLetter) }.prefix(2).map(String.init)
        }
        guard let first = words.first else { return [] }
        let second = words.dropFirst().first ?? first
        let queries = [
            first, String(first.prefix(2)) + "*", "\"\(first) \(second)\"", "\(first) OR \(second)",
            "\(first) -\(second)",
        ]
        let options = [
            SearchOptions(), SearchOptions(page: 2, pageSize: 5, order: .relevance), SearchOptions(mode: .exact),
        ]
        var errors: [String] = []
        for query in queries {
            for option in options {
                do {
                    for hit in try index.search(query, options: option).hits
                    where hit.verseIndex >= verses.count || verses[hit.verseIndex].text != hit.text {
                        errors.append("'\(query)': hit \(hit.key) is not verse \(hit.verseIndex)'s text")
                    }
                } catch {
                    errors.append("'\(query)': \(error)")
                }
            }
        }
        return errors
    }

    /// Opens the file at `path` and reads everything: whether it opened, and how many reads failed.
    public static func file(_ path: String) -> (opened: Bool, failures: Int) {
        guard let store = try? VersionStore(path: path) else { return (false, 0) }
        return (true, errors(store).count)
    }
}
