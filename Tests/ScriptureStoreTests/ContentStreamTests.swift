import Foundation
import ScriptureModel
import TestSupport
import Testing

@testable import ScriptureStore

/// The content-op grammar is read in three places (`ContentReader.next()`, `ContentDecoder`, and the node
/// count `ContentDecoder` makes room by): they must agree on every op of real streams.
struct ContentStreamTests {
    /// Every chapter of the sample store (paragraphs, tables, notes, figures, milestones, tagged words).
    static func chapters(of store: VersionStore) -> [(BookID, Int)] {
        store.books.flatMap { book in book.chapters.map { (book.id, $0) } }
    }

    /// Each op takes exactly the operands `ContentOp.operands(of:)` gives: stepping over them by the table
    /// lands where `ContentReader.next()` does after reading them.
    @Test func theOperandTableStepsOverWhatTheReaderReads() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try StoreRoundTripTests.sampleStore(directory)
        var seen: Set<UInt8> = []
        for (book, number) in Self.chapters(of: store) {
            var reader = try store.contentReader(book, number)
            _ = try reader.chapterHeader()
            let bytes = reader.cursor.bytes
            while !reader.isAtEnd {
                let start = reader.cursor.position
                let op = try bytes.u8(at: start)
                let shape = try #require(ContentOp.operands(of: op), "op \(op) at \(start) of \(book.code) \(number)")
                seen.insert(op & 0x0F)
                var at = start + 1
                for _ in 0..<shape.varints { at = try Self.skipVarint(bytes, at: at) }
                if shape.bytes {
                    var length = 0
                    let end = try Self.skipVarint(bytes, at: at, value: &length)
                    at = end + length
                }
                _ = try reader.next()
                #expect(reader.cursor.position == at, "op \(op) at \(start) of \(book.code) \(number)")
            }
        }
        // The sample has every op but a figure's caption bytes are also checked when it has one.
        #expect(seen.isSuperset(of: [0, 1, 5, 7, 9, 10]), "ops seen: \(seen.sorted())")
    }

    /// The node count the decoder makes room by is exact for a whole stream: the nodes it then decodes.
    @Test func theNodeCountIsExactForEveryChapter() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try StoreRoundTripTests.sampleStore(directory)
        for (book, number) in Self.chapters(of: store) {
            var reader = try store.contentReader(book, number)
            _ = try reader.chapterHeader()
            let start = reader.cursor.position
            let counted = reader.cursor.bytes.withUnsafeBytes { ContentDecoder.nodeCount(of: $0, from: start) }
            let decoded = try store.chapter(book, number).content.nodes.count
            #expect(counted == decoded, "\(book.code) \(number)")
        }
    }

    /// A stream cut short or holding an unknown op gets room for one node a byte, never less than it needs.
    @Test func aDamagedStreamGetsRoomForEveryByte() {
        let cut: [UInt8] = [ContentOp.paragraph.rawValue, 0x80]
        let unknown: [UInt8] = [ContentOp.paragraph.rawValue, 3, 0x0F]
        for stream in [cut, unknown] {
            let room = stream.withUnsafeBufferPointer { ContentDecoder.nodeCount(of: $0, from: 0) }
            #expect(room == stream.count + 16)
        }
    }

    static func skipVarint(_ bytes: StoreBytes, at start: Int) throws -> Int {
        var value = 0
        return try skipVarint(bytes, at: start, value: &value)
    }

    static func skipVarint(_ bytes: StoreBytes, at start: Int, value: inout Int) throws -> Int {
        var (at, shift) = (start, 0)
        value = 0
        while true {
            let byte = try bytes.u8(at: at)
            at += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return at }
            shift += 7
        }
    }
}

extension VersionStore {
    /// A reader of chapter `number`'s stream, its checksums checked (for tests that step through the ops).
    func contentReader(_ book: BookID, _ number: Int) throws(StoreError) -> ContentReader {
        let record = try chapterRecord(book, number)
        try checkContent(record)
        try checkText(record)
        return try reader(content: (record.contentOffset, record.contentLength), text: record)
    }
}
