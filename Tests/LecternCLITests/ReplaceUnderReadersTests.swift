import Dispatch
import Foundation
import Lectern
import Synchronization
import TestSupport
import Testing

/// Many threads read and search one version while another process imports new editions of it with `--replace`,
/// again and again. Each store a reader opens is one whole edition (its title, every verse and every search hit
/// agree), a store held across replaces keeps reading its own edition and knows it was replaced, and no read
/// or search fails.
/// `LECTERN_STRESS=long` runs many more rounds with more readers.
@Suite(.serialized, .enabled(if: Required.runs(TestCorpus.isAvailable), Comment(rawValue: TestCorpus.missingMessage)))
struct ReplaceUnderReadersTests {
    static let isLong = ProcessInfo.processInfo.environment["LECTERN_STRESS"] == "long"
    static let codes = ["RUT", "OBA", "JON", "PHM", "2JN", "3JN", "JUD"]

    /// One edition: the files imported and the verse texts each chapter must give back.
    struct Edition: Sendable {
        var title: String
        var files: [String]
        var chapters: [ChapterKey: [String]]
    }

    struct ChapterKey: Hashable, Sendable {
        var book: BookID
        var number: Int
    }

    /// The small books in `folder`, parsed here as the expectation.
    static func edition(_ folder: String, title: String) throws -> Edition {
        let files = try TestCorpus.files(in: folder, endingWith: ".usfm")
            .filter { file in codes.contains { file.lastPathComponent.contains($0) } }.map(\.path)
        var chapters: [ChapterKey: [String]] = [:]
        for book in VersionSource.parse(paths: files).books {
            for verse in book.verseTexts() {
                chapters[ChapterKey(book: book.id, number: verse.key.chapter), default: []].append(verse.text)
            }
        }
        return Edition(title: title, files: files, chapters: chapters)
    }

    /// What the readers saw, gathered from every thread.
    struct Tally: Sendable {
        var opens = 0
        var chapterReads = 0
        var titles: Set<String> = []
        var problems: [String] = []
    }

    @Test func readersSeeWholeEditionsWhileImportsReplaceThem() throws {
        // Two translations of the same books: a store mixing them would fail the comparison at once.
        let editions = [
            try Self.edition("eng-web-usfm", title: "Edition WEB"),
            try Self.edition("eng-bsb-usfm", title: "Edition BSB"),
        ]
        let byTitle = Dictionary(uniqueKeysWithValues: editions.map { ($0.title, $0) })
        #expect(editions.allSatisfy { $0.chapters.count == editions[0].chapters.count && $0.files.count == 7 })
        let library = StoreCommandsTests.TemporaryLibrary()
        let rounds = Self.isLong ? 40 : 4
        let readers = Self.isLong ? 16 : 6
        func importEdition(_ round: Int) throws -> CLIResult {
            let edition = editions[round % 2]
            return try FaultInjection.lectern(
                ["import"] + edition.files + [
                    "--id", "1", "--replace", "--title", edition.title, "--abbreviation", "ED", "--library",
                    library.path,
                ])
        }
        #expect(try importEdition(0).status == 0)
        let held = try Library(directory: library.path).open(1)
        let path = library.path

        let tally = Mutex(Tally())
        let importing = Atomic(true)
        // Threads of their own: the process runner drains its pipes on Dispatch's pool, which readers must not fill.
        let finished = DispatchSemaphore(value: 0)
        for reader in 0..<readers {
            let thread = Thread {
                var random = SplitMix64(seed: UInt64(reader))
                repeat {
                    let seen = Self.readOnce(library: path, editions: byTitle, random: &random)
                    tally.withLock { total in
                        total.opens += 1
                        total.chapterReads += seen.reads
                        total.titles.insert(seen.title)
                        total.problems += seen.problems
                    }
                } while importing.load(ordering: .relaxed)
                finished.signal()
            }
            thread.start()
        }
        var imports: [CLIResult] = []
        for round in 1...rounds { imports.append(try importEdition(round)) }
        importing.store(false, ordering: .relaxed)
        for _ in 0..<readers { finished.wait() }

        #expect(imports.allSatisfy { $0.status == 0 }, "\(imports.filter { $0.status != 0 })")
        let total = tally.withLock { $0 }
        #expect(total.problems.isEmpty, "\(total.problems.prefix(5))")
        #expect(total.titles == Set(byTitle.keys), "the readers saw only \(total.titles)")
        #expect(total.opens > readers && total.chapterReads > 0)
        // The store opened before the replaces still reads its own edition, and knows a newer one is there.
        #expect(held.isReplaced)
        #expect(Self.check(held, editions: byTitle).problems.isEmpty)
        let current = try Library(directory: library.path).open(1)
        #expect(!current.isReplaced && current.metadata.title == editions[rounds % 2].title)
    }

    /// Opens the version once and reads three random chapters; returns the edition seen, the reads and any problem.
    static func readOnce(
        library: String, editions: [String: Edition], random: inout SplitMix64
    ) -> (title: String, reads: Int, problems: [String]) {
        do {
            let store = try Library(directory: library).open(1)
            guard let keys = editions[store.metadata.title]?.chapters.keys.sorted(by: Self.inOrder) else {
                return (store.metadata.title, 0, ["unknown edition '\(store.metadata.title)'"])
            }
            let picked = (0..<3).map { _ in keys[Int(random.next() % UInt64(keys.count))] }
            return check(store, editions: editions, chapters: picked)
        } catch {
            return ("", 0, ["open: \(error)"])
        }
    }

    static func inOrder(_ left: ChapterKey, _ right: ChapterKey) -> Bool {
        (left.book, left.number) < (right.book, right.number)
    }

    /// Checks `chapters` of `store` (all when nil) against the edition its title names.
    static func check(
        _ store: VersionStore, editions: [String: Edition], chapters: [ChapterKey]? = nil
    ) -> (title: String, reads: Int, problems: [String]) {
        let title = store.metadata.title
        guard let edition = editions[title] else { return (title, 0, ["unknown edition '\(title)'"]) }
        let picked = chapters ?? edition.chapters.keys.sorted(by: inOrder)
        var problems: [String] = []
        for key in picked {
            do {
                let texts = try store.verses(key.book, key.number).map(\.text)
                _ = try store.chapter(key.book, key.number)
                if texts != edition.chapters[key] {
                    problems.append("\(title) \(key.book.code) \(key.number) is mixed")
                }
            } catch {
                problems.append("\(title) \(key.book.code) \(key.number): \(error)")
            }
        }
        return (title, picked.count, problems + searchProblems(store, edition: edition, near: picked.first))
    }

    /// Searches the store for a word of the chapter `near`: there are hits, and each is a verse of the edition.
    static func searchProblems(_ store: VersionStore, edition: Edition, near key: ChapterKey?) -> [String] {
        let words = key.flatMap { edition.chapters[$0]?.first }?.split(separator: " ") ?? []
        guard let word = words.first(where: { $0.count > 2 && $0.allSatisfy(\.isLetter) }) else { return [] }
        do {
            let page = try store.searchIndex().search(String(word), options: SearchOptions(pageSize: 10))
            var problems = page.totalCount == 0 ? ["'\(word)' is not found in \(edition.title)"] : []
            for hit in page.hits {
                let chapter = edition.chapters[ChapterKey(book: hit.key.book, number: hit.key.chapter)] ?? []
                if !chapter.contains(hit.text) { problems.append("\(edition.title): hit \(hit.key) is mixed") }
            }
            return problems
        } catch {
            return ["\(edition.title): searching '\(word)': \(error)"]
        }
    }
}
