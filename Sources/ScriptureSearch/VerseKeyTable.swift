import ScriptureModel
import ScriptureStore
import Synchronization

/// Every verse's reference from two small tables: the verse each chapter starts with, and each verse's
/// label as a number (the labels that are not a plain number kept apart).
///
/// Built from the store's outline (`VersionStore.verseLabels` of every chapter): O(verses), about 3 ms
/// for a Bible, and about 140 KB for its 31,000 verses. A reference then costs two array reads, where the
/// store searches its chapter records.
struct VerseKeyTable: Sendable {
    /// Each verse's chapter (its place in `chapters`).
    private let chapterOfVerse: [UInt16]
    /// Each chapter's number and its book.
    private let chapters: [(number: Int32, book: BookID)]
    /// Each verse's label when it is the decimal of a number below `UInt16.max`; `UInt16.max` otherwise.
    private let numbers: [UInt16]
    /// The labels that are not a plain number (`15-16`, `3a`), by verse.
    private let otherLabels: [Int: String]

    /// Reads the outline of `store`; nil when a book repeats a chapter number or its chapters do not account
    /// for its verses (the store's own lookup then answers).
    init?(store: VersionStore) {
        var chapterOfVerse: [UInt16] = []
        var chapters: [(number: Int32, book: BookID)] = []
        var numbers: [UInt16] = []
        var otherLabels: [Int: String] = [:]
        numbers.reserveCapacity(store.verseCount)
        chapterOfVerse.reserveCapacity(store.verseCount)
        for book in store.books {
            let bookStart = numbers.count
            let bookChapters = book.chapters
            guard Set(bookChapters).count == bookChapters.count else { return nil }
            for chapter in bookChapters {
                guard let labels = try? store.verseLabels(book.id, chapter), chapters.count < UInt16.max else {
                    return nil
                }
                chapterOfVerse.append(contentsOf: repeatElement(UInt16(chapters.count), count: labels.count))
                chapters.append((Int32(truncatingIfNeeded: chapter), book.id))
                for label in labels {
                    if let number = UInt16(label), number < UInt16.max, String(number) == label {
                        numbers.append(number)
                    } else {
                        otherLabels[numbers.count] = label
                        numbers.append(UInt16.max)
                    }
                }
            }
            guard numbers.count - bookStart == book.verseCount else { return nil }
        }
        guard numbers.count == store.verseCount else { return nil }
        self.chapterOfVerse = chapterOfVerse
        self.chapters = chapters
        self.numbers = numbers
        self.otherLabels = otherLabels
    }

    /// The reference of verse `index` of the verse table, or nil when it lies outside.
    ///
    /// - Complexity: O(1).
    func key(ofVerse index: Int) -> VerseKey? {
        guard index >= 0, index < numbers.count else { return nil }
        let chapter = chapters[Int(chapterOfVerse[index])]
        let number = numbers[index]
        let label =
            number == UInt16.max
            ? otherLabels[index] ?? "" : VerseLabel.label(Int(number))
        return VerseKey(book: chapter.book, chapter: Int(chapter.number), verse: label)
    }
}

/// The verse key table of an opened index, built once the index has looked up enough references to pay
/// for it: a one-off search asks the store, an index kept for many searches gets the table.
final class VerseKeyCache: Sendable {
    /// How many references the store answers before the table is built.
    static let lookupsBeforeTable = 1_000

    private enum State {
        case counting(Int)
        case built(VerseKeyTable?)
    }

    private let state = Mutex(State.counting(0))

    /// The table, once `lookups` more references (added to those before) make it worth building.
    func table(for lookups: Int, store: VersionStore) -> VerseKeyTable? {
        state.withLock { state in
            switch state {
            case .built(let table):
                return table
            case .counting(let count) where count + lookups < Self.lookupsBeforeTable:
                state = .counting(count + lookups)
                return nil
            case .counting:
                let table = VerseKeyTable(store: store)
                state = .built(table)
                return table
            }
        }
    }
}
