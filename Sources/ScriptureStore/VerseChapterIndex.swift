import LecternKernels
import ScriptureModel

/// Where a verse's chapter record is, without reading the records: for each run of 64 verses of the verse
/// table, the last record whose first verse is at or before the run's first verse, and each record's book,
/// number, first verse and verse count. Built from the chapter records once a store has answered enough
/// `verseKey(at:)` calls (a one-off look-up binary-searches the records); a verse's record is then that
/// record or one of the few after it, found in memory.
///
/// About 24 KB for a Bible of 1,400 chapters and 38,000 verses; nil (never built) when a record does not
/// read, names no known book, the records' first verses decrease, or there are more than 65,535 of them:
/// the records then answer (and report the damage) as before the table.
final class VerseChapterIndex: Sendable {
    /// How many look-ups the store answers by binary search before the table is built.
    static let lookupsBeforeTable = 256
    /// Verses per entry of `Table.starts` (a power of two).
    static let shift = 6

    /// The records as the look-up needs them, read once.
    final class Table: Sendable {
        /// For each run of 64 verses, the last record whose first verse is at or before the run's first.
        let starts: [UInt16]
        /// Each record's fields.
        let chapters: [Chapter]

        init(starts: [UInt16], chapters: [Chapter]) {
            self.starts = starts
            self.chapters = chapters
        }

        /// The record holding verse `index`, or of the last chapter starting at or before it (which may
        /// then not hold it: an empty chapter, or a verse past the records'); nil when `index` lies outside
        /// the runs.
        ///
        /// - Complexity: O(records stepped past after the run's entry), in memory.
        @inline(__always)
        func chapter(holding index: Int) -> Chapter? {
            guard index >= 0, index >> VerseChapterIndex.shift < starts.count else { return nil }
            return chapters.withUnsafeBufferPointer { chapters in
                var low = Int(starts[index >> VerseChapterIndex.shift])
                while low + 1 < chapters.count, Int(chapters[low + 1].firstVerse) <= index { low += 1 }
                return chapters[low]
            }
        }
    }

    /// One chapter record's fields that a verse's key needs.
    struct Chapter: Sendable {
        let firstVerse: UInt32
        let verseCount: UInt32
        let number: UInt32
        let book: BookID
    }

    /// The table, built on the look-up after the first `lookupsBeforeTable` (the package's counted lazy value).
    private let made = CountedLazy<Table>(threshold: lookupsBeforeTable + 1)

    init() {}

    /// The table once enough look-ups were counted, built from `reader`'s `count` records; nil before, and
    /// for good when the records do not make one.
    @inline(__always)
    func table(_ reader: ByteReader, records count: Int, verses: Int) -> Table? {
        made.value { Self.build(reader, records: count, verses: verses) }
    }

    private static func build(_ reader: ByteReader, records count: Int, verses: Int) -> Table? {
        guard count > 0, count <= Int(UInt16.max), verses >= 0 else { return nil }
        let size = RecordLayout.chapterSize
        var chapters: [Chapter] = []
        chapters.reserveCapacity(count)
        do throws(ByteReadError) {
            for record in 0..<count {
                func field(_ field: RecordLayout.ChapterField) throws(ByteReadError) -> UInt32 {
                    try reader.u32(at: record * size + field.offset)
                }
                guard let book = BookID(rawValue: try reader.u8(at: record * size + RecordLayout.chapterBook))
                else { return nil }
                let chapter = Chapter(
                    firstVerse: try field(.firstVerse), verseCount: try field(.verseCount), number: try field(.number),
                    book: book)
                if let previous = chapters.last, chapter.firstVerse < previous.firstVerse { return nil }
                chapters.append(chapter)
            }
        } catch {
            return nil
        }
        var starts = [UInt16](repeating: 0, count: (verses >> shift) + 1)
        var record = 0
        for entry in starts.indices {
            // The last record whose first verse is at or before the entry's first (the last of equals).
            while record + 1 < count, Int(chapters[record + 1].firstVerse) <= entry << shift { record += 1 }
            starts[entry] = UInt16(record)
        }
        return Table(starts: starts, chapters: chapters)
    }
}
