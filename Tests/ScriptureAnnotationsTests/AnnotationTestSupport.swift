import Foundation
import ScriptureAnnotations
import ScriptureModel
import Synchronization
import TestSupport
import USFM
import Versification

/// A clock that starts at a fixed moment and moves one second per reading: stores in tests get times that
/// are the same on every run.
final class StepClock: Sendable {
    private let next: Mutex<Int64>

    init(start: Int64 = 1_780_000_000_000) { next = Mutex(start) }

    /// The next time.
    func tick() -> AnnotationTime {
        next.withLock { value in
            defer { value += 1000 }
            return AnnotationTime(milliseconds: value)
        }
    }

    /// Moves the clock to `milliseconds`.
    func set(_ milliseconds: Int64) { next.withLock { $0 = milliseconds } }
}

extension AnnotationStore {
    /// A store in `folder` with a step clock.
    static func testStore(in folder: TemporaryDirectory, name: String = "annotations.sqlite", clock: StepClock)
        throws -> AnnotationStore
    {
        try AnnotationStore(path: folder.path + "/" + name, clock: { clock.tick() })
    }
}

/// Books of the shared corpus parsed once per test process, chapter by chapter.
enum AnnotationCorpus {
    /// WEB (English numbering) and WLC (read here as Hebrew-numbered, as `import --versification original`).
    static let web = AnnotationBible(abbreviation: "WEB", versification: .english)
    static let wlc = AnnotationBible(abbreviation: "WLC", versification: .original)

    private static let webBooks: [BookID: [[VerseText]]] = parse(
        "eng-web-usfm", ["10-1SAeng-web.usfm", "20-PSAeng-web.usfm", "30-JOLeng-web.usfm", "40-MALeng-web.usfm"])
    private static let wlcBooks: [BookID: [[VerseText]]] = parse(
        "hbo-wlc-usfm", ["heb_1SA.usfm.gz", "heb_PSA.usfm.gz", "heb_JOL.usfm.gz", "heb_MAL.usfm.gz"])

    /// The verse texts of a chapter of WEB or WLC (`bible.abbreviation`); empty when absent.
    static func chapter(_ bible: AnnotationBible, _ book: BookID, _ chapter: Int) -> [VerseText] {
        let books = bible.abbreviation == "WEB" ? webBooks : wlcBooks
        guard let chapters = books[book], chapter >= 1, chapter <= chapters.count else { return [] }
        return chapters[chapter - 1]
    }

    private static func parse(_ folder: String, _ files: [String]) -> [BookID: [[VerseText]]] {
        guard TestCorpus.isAvailable else { return [:] }
        var books: [BookID: [[VerseText]]] = [:]
        for file in files {
            guard let bytes = try? TestCorpus.bytes(of: TestCorpus.folder(folder).appendingPathComponent(file)) else {
                continue
            }
            for book in USFMParser.parse(bytes, path: file).books {
                var chapters: [[VerseText]] = []
                for texts in book.verseTextsByChapter() {
                    guard let number = texts.first?.key.chapter else { continue }
                    while chapters.count < number { chapters.append([]) }
                    chapters[number - 1] = texts
                }
                books[book.id] = chapters
            }
        }
        return books
    }
}

/// `PSA 51:1` as a one-verse range.
func verse(_ code: String, _ chapter: Int, _ verse: Int) -> ClosedRange<SchemeVerse> {
    let key = SchemeVerse(BookID(code: code)!, chapter, verse)
    return key...key
}
