import Synchronization

/// Where to start looking for a verse's chapter record: for each run of 64 verses of the verse table, the
/// last record whose first verse is at or before the run's first verse. Built from the chapter records once
/// a store has answered enough `verseKey(at:)` calls (a one-off look-up binary-searches the records); a
/// verse's record is then that record or one of the few after it.
///
/// About 1.2 KB for a Bible's 38,000 verses; nil (never built) when the records' first verses decrease or
/// there are more than 65,535 of them.
final class VerseChapterIndex: Sendable {
    /// How many look-ups the store answers by binary search before the table is built.
    static let lookupsBeforeTable = 256
    /// Verses per entry (a power of two).
    static let shift = 6

    private enum State {
        case counting(Int)
        case built([UInt16]?)
    }

    private let state = Mutex(State.counting(0))

    /// The table once enough look-ups were counted, built from `reader`'s `count` records; nil before.
    func table(_ reader: ByteReader, records count: Int, verses: Int) -> [UInt16]? {
        state.withLock { state in
            switch state {
            case .built(let table):
                return table
            case .counting(let done) where done < Self.lookupsBeforeTable:
                state = .counting(done + 1)
                return nil
            case .counting:
                let table = Self.build(reader, records: count, verses: verses)
                state = .built(table)
                return table
            }
        }
    }

    private static func build(_ reader: ByteReader, records count: Int, verses: Int) -> [UInt16]? {
        guard count > 0, count <= Int(UInt16.max), verses >= 0 else { return nil }
        let size = RecordLayout.chapterSize
        let offset = RecordLayout.ChapterField.firstVerse.offset
        var table = [UInt16](repeating: 0, count: (verses >> shift) + 1)
        var record = 0
        var previous = 0
        for entry in table.indices {
            let first = entry << shift
            // The last record whose first verse is at or before `first` (the last of equals).
            while record + 1 < count {
                guard let next = try? Int(reader.u32(at: (record + 1) * size + offset)) else { return nil }
                guard next >= previous else { return nil }
                if next > first { break }
                previous = next
                record += 1
            }
            table[entry] = UInt16(record)
        }
        // The records after the last entry's must not decrease either.
        while record + 1 < count {
            guard let next = try? Int(reader.u32(at: (record + 1) * size + offset)), next >= previous else {
                return nil
            }
            previous = next
            record += 1
        }
        return table
    }
}
