import ReaderCore
import ScriptureModel
import ScriptureStore

extension VersionStore {
    /// The verses `text` selects from this version: `store.passage("John 3:16-18")`.
    ///
    /// `text` is anything `ReferenceParser.parseSelection` reads (`John 3:16`, `Jn 3 16-18`, `John 3:16-4:2`,
    /// `Gen 1-3`, `John 3:16, 18; 4:1`, `JHN.INTRO`), with English names or the version's own (`\h`,
    /// `\toc1`–`\toc3`); only the version's books are found. See `passage(_:)` with a selection for what
    /// comes back.
    /// - Throws: `PassageError.reference` for text that cannot be read (an unknown book with the nearest
    ///   names), `.bookNotInVersion` for a book the version lacks, or what `passage(_:)` with a selection refuses.
    public func passage(_ text: String) throws(PassageError) -> Passage {
        try passage(try selection(text))
    }

    /// The verses of `selection` from this version, range by range.
    ///
    /// A range across chapters walks the chapters the version has between its ends (a sparse list is
    /// followed, not filled in). A verse bridge (`4-5`) is included when either number is wanted; a segment
    /// label (`6a`) starts or ends at that segment when the version has it, else at the verse number. An
    /// introduction (of a book whose `hasIntroduction` is set) gives its blocks, titles included, in
    /// `introductions` and no verses.
    /// - Complexity: O(verses of the chapters touched).
    /// - Throws: `PassageError` for a book, introduction, chapter or verse the version does not have (with
    ///   those it has), a range across books, and a damaged store.
    public func passage(_ selection: PassageSelection) throws(PassageError) -> Passage {
        var verses: [PassageVerse] = []
        var introductions: [PassageIntroduction] = []
        for range in selection.ranges {
            guard range.start.book == range.end.book else {
                throw .unsupported("ranges across books such as '\(range.id)' are not supported; give a range per book")
            }
            guard let book = self.book(range.book) else {
                throw .bookNotInVersion(range.book, version: metadata.abbreviation)
            }
            if range.start.isIntroduction || range.end.isIntroduction {
                guard range.start.isIntroduction, range.end.isIntroduction else {
                    throw .unsupported("a range from an introduction into chapters ('\(range.id)') is not supported")
                }
                introductions.append(try introduction(book, reference: range.start))
                continue
            }
            verses += try self.verses(range, in: book)
        }
        return Passage(
            selection: selection, version: PassageVersion(metadata), verses: verses, introductions: introductions)
    }

    private func introduction(_ book: StoredBook, reference: BibleReference) throws(PassageError)
        -> PassageIntroduction
    {
        guard book.hasIntroduction else { throw .noIntroduction(book.id, version: metadata.abbreviation) }
        let blocks: [Block]
        do { blocks = try introduction(book.id) } catch { throw .store(error) }
        return PassageIntroduction(reference: reference, blocks: blocks)
    }

    /// The verses of one range of chapters and verses in `book`.
    private func verses(_ range: PassageRange, in book: StoredBook) throws(PassageError) -> [PassageVerse] {
        let first = range.start.chapter ?? 0
        let last = range.end.chapter ?? 0
        for chapter in [first, last] where !book.chapters.contains(chapter) {
            throw .chapterNotInVersion(
                book.id, chapter: chapter, version: metadata.abbreviation,
                chapters: PassageError.runs(book.chapters.sorted()))
        }
        guard first <= last else { throw .reference(ReferenceError("'\(range.id)' ends before it starts")) }
        var result: [PassageVerse] = []
        for chapter in book.chapters where chapter >= first && chapter <= last {
            var chapterVerses: [VerseText]
            do { chapterVerses = try verses(book.id, chapter) } catch { throw .store(error) }
            var from = chapterVerses.startIndex
            var to = chapterVerses.endIndex
            var bound: String?
            if chapter == last, case .verses(_, let label, _) = range.end.target {
                to = try endIndex(of: label, in: chapterVerses, book.id, chapter)
                bound = label
            }
            if chapter == first, case .verses(_, let label, _) = range.start.target {
                from = try startIndex(of: label, in: chapterVerses, book.id, chapter)
                bound = label
            }
            if let bound, from >= to { throw verseMissing(bound, chapterVerses, book.id, chapter) }
            guard from < to else { continue }
            chapterVerses = Array(chapterVerses[from..<to])
            result += chapterVerses.map { PassageVerse($0, version: metadata.id) }
        }
        return result
    }

    /// Where verse `label` starts: that label when the version has it, else the first verse covering its
    /// number or a later one.
    private func startIndex(of label: String, in verses: [VerseText], _ book: BookID, _ chapter: Int)
        throws(PassageError) -> Int
    {
        if let exact = verses.firstIndex(where: { $0.key.verse == label }) { return exact }
        let number = VerseKey.leadingNumber(label)
        guard let index = verses.firstIndex(where: { (VerseLabel.range($0.key.verse)?.upperBound ?? -1) >= number })
        else { throw verseMissing(label, verses, book, chapter) }
        return index
    }

    /// Just past verse `label`: that label when the version has it, else the last verse starting at or before
    /// its number; a number past the chapter's last verse is refused.
    private func endIndex(of label: String, in verses: [VerseText], _ book: BookID, _ chapter: Int)
        throws(PassageError) -> Int
    {
        if let exact = verses.lastIndex(where: { $0.key.verse == label }) { return exact + 1 }
        let number = VerseKey.leadingNumber(label)
        guard verses.contains(where: { (VerseLabel.range($0.key.verse)?.upperBound ?? -1) >= number }) else {
            throw verseMissing(label, verses, book, chapter)
        }
        let index = verses.lastIndex(where: { (VerseLabel.range($0.key.verse)?.lowerBound ?? .max) <= number })
        return index.map { $0 + 1 } ?? 0
    }

    private func verseMissing(_ label: String, _ verses: [VerseText], _ book: BookID, _ chapter: Int) -> PassageError {
        let span =
            switch (verses.first, verses.last) {
            case (let first?, let last?) where first.key.verse != last.key.verse:
                "\(first.key.verse)\u{2013}\(last.key.verse)"
            case (let first?, _): first.key.verse
            default: ""
            }
        return .verseNotInChapter(book, chapter: chapter, verse: label, version: metadata.abbreviation, verses: span)
    }
}
