import ScriptureModel

/// Something `verify` found wrong with a store file.
public struct StoreProblem: Sendable, Hashable, CustomStringConvertible {
    /// The damaged section, when the problem is in one.
    public var section: SectionKind?
    /// What is wrong.
    public var message: String

    /// Creates a problem.
    public init(section: SectionKind?, message: String) {
        self.section = section
        self.message = message
    }

    public var description: String { message }
}

extension VersionStore {
    /// Checks a store file completely: opens it, checks every section's checksum, then decodes every
    /// book, chapter and verse and checks that each chapter's content gives back its stored verse text.
    ///
    /// `sections` check the optional sections they own (the search index) beyond their checksums.
    /// Returns the problems found (empty when the file is sound); never throws.
    /// - Complexity: O(file size).
    public static func verify(path: String, sections: [any StoreSection] = []) -> [StoreProblem] {
        let file: MappedFile
        let layout: (entries: [SectionEntry], covered: [Range<Int>])
        do {
            file = try MappedFile(path: path)
            layout = try readHeader(StoreBytes(file: file, section: .metadata, start: 0, count: file.count), path: path)
        } catch {
            return [problem(error)]
        }
        let damage = checksumProblems(file: file, entries: layout.entries, covered: layout.covered)
        do {
            let store = try VersionStore(path: path)
            return damage + store.structureProblems() + store.sectionProblems(sections)
        } catch {
            return damage + [problem(error)]
        }
    }

    /// Checks every checksum and decodes everything (see `verify(path:sections:)`).
    public func verify(sections: [any StoreSection] = []) -> [StoreProblem] {
        checksumProblems() + structureProblems() + sectionProblems(sections)
    }

    /// The problems `sections` find in the sections they own that this file has.
    private func sectionProblems(_ owners: [any StoreSection]) -> [StoreProblem] {
        owners.filter { owner in sections.contains { $0.kind == owner.kind } }.flatMap { $0.problems(in: self) }
    }

    /// Decodes every book, chapter and verse and checks that each chapter gives back its verse text.
    func structureProblems() -> [StoreProblem] {
        var problems: [StoreProblem] = []
        if let last = try? verseRecords.u32(at: verseCount * RecordLayout.verseSize), Int(last) != text.count {
            problems.append(
                StoreProblem(section: .verses, message: "\(path): the verse table does not end at the end of the text"))
        }
        for (book, firstVerse) in zip(books, bookVerseStarts) {
            do {
                try verifyBook(book, firstVerse: firstVerse)
            } catch {
                problems.append(Self.problem(error))
            }
        }
        return problems
    }

    /// Checks every section's checksum and that the bytes between sections are zero, without decoding.
    ///
    /// - Complexity: O(file size), at the speed of CRC-32.
    public func checksumProblems() -> [StoreProblem] {
        Self.checksumProblems(file: file, entries: sections, covered: coveredRanges)
    }

    private static func checksumProblems(
        file: MappedFile, entries: [SectionEntry], covered: [Range<Int>]
    ) -> [StoreProblem] {
        let path = file.path
        var problems: [StoreProblem] = []
        for entry in entries {
            let bytes = StoreBytes(file: file, section: entry.kind, start: entry.offset, count: entry.length)
            if bytes.checksum() != entry.checksum {
                problems.append(problem(.checksumMismatch(path: path, section: entry.kind)))
            }
        }
        let whole = StoreBytes(file: file, section: .metadata, start: 0, count: file.count)
        var position = 0
        for range in covered.sorted(by: { $0.lowerBound < $1.lowerBound }) + [file.count..<file.count] {
            for offset in position..<max(position, range.lowerBound) where (try? whole.u8(at: offset)) != 0 {
                problems.append(
                    StoreProblem(section: nil, message: "\(path): byte \(offset) between sections is not zero"))
                break
            }
            position = max(position, range.upperBound)
        }
        return problems
    }

    /// Checks a book whose verses start at `firstVerse` of the verse table: its chapters' verses follow on
    /// from there and are all of its verses, and each chapter gives back its verse text.
    private func verifyBook(_ stored: StoredBook, firstVerse: Int) throws(StoreError) {
        _ = try introduction(stored.id)
        var nextVerse = firstVerse
        for index in 0..<stored.chapters.count {
            let record = try chapterRecord(at: stored.firstChapterRecord + index)
            guard record.book == stored.id else {
                throw chapterRecords.damaged("\(stored.id.code) chapter record \(index) belongs to \(record.book.code)")
            }
            guard record.firstVerse == nextVerse else {
                throw chapterRecords.damaged(
                    "\(record.book.code) \(record.number): first verse \(record.firstVerse), not \(nextVerse)")
            }
            nextVerse += record.verseCount
            let chapter = try self.chapter(stored.id, record.number)
            var stored: [String] = []
            var previousEnd = record.textOffset
            for verse in record.firstVerse..<(record.firstVerse + record.verseCount) {
                let start = Int(try verseRecords.u32(at: verse * RecordLayout.verseSize))
                guard start == previousEnd else {
                    throw verseRecords.damaged(
                        "\(record.book.code) \(record.number): verse \(verse) does not follow on")
                }
                let label = try verseLabel(verse)
                stored.append(
                    try verseText(verse, key: VerseKey(book: record.book, chapter: record.number, verse: label)).text)
                previousEnd = Int(try verseRecords.u32(at: (verse + 1) * RecordLayout.verseSize))
            }
            guard previousEnd == record.textOffset + record.textLength else {
                throw chapterRecords.damaged(
                    "\(record.book.code) \(record.number): text length does not match its verses")
            }
            let decoded = Book(id: record.book, chapters: [chapter], location: location).verseTexts().map(\.text)
            guard decoded == stored else {
                throw content.damaged(
                    "\(record.book.code) \(record.number): the content does not give back the verse text")
            }
        }
        guard nextVerse == firstVerse + stored.verseCount else {
            throw StoreError.damaged(
                path: path, section: .books,
                reason:
                    "\(stored.id.code): its chapters have \(nextVerse - firstVerse) verses, the book \(stored.verseCount)"
            )
        }
    }

    static func problem(_ error: StoreError) -> StoreProblem {
        switch error {
        case .damaged(_, let section, _), .checksumMismatch(_, let section), .missingSection(_, let section),
            .damagedPart(_, _, _, let section):
            return StoreProblem(section: section, message: error.description)
        default:
            return StoreProblem(section: nil, message: error.description)
        }
    }
}
