import LecternKernels

/// The string and style ids a book's encoding left out of its content stream (see `ContentEncoder`): each
/// one's place and the book's own id for it, until the file's ids are known and `resolve` puts them in.
struct PendingIDs: Sendable {
    /// What an id is, and so how it is written: a string's or a style's id, or a verse label's string id
    /// (`id << 1 | 1`, see `ContentOp.verse`).
    enum Kind: UInt32, Sendable {
        case string, style, verseLabel
    }

    /// A place in the stream between two writes: its offset, and how many ids were left out before it.
    struct Mark: Sendable {
        var offset: Int
        var ids: Int
    }

    /// Per id, in stream order: the offset of the byte it goes before (the high 32 bits), and its kind (the
    /// low two bits) and id (the 30 bits above them): one array, one append an id.
    private var entries: [UInt64] = []

    /// How many ids were left out.
    var count: Int { entries.count }

    /// Notes an id of `kind` (the book's `id`) that goes at `offset`, after every id noted so far.
    mutating func add(_ kind: Kind, _ id: Int, at offset: Int) throws(StoreError) {
        guard offset <= Int(UInt32.max), id >= 0, id < 1 << 30 else {
            throw .cannotEncode("a book's content does not fit the format's 32 bits")
        }
        entries.append(UInt64(offset) << 32 | UInt64(id) << 2 | UInt64(kind.rawValue))
    }

    /// `stream` with every id put in as a varint, the book's ids renumbered by `strings` and `styles` (the
    /// file's id of each), and where each of `marks` (in stream order) is in the result.
    func resolve(_ stream: [UInt8], strings: [Int], styles: [Int], marks: [Mark]) -> (bytes: [UInt8], marks: [Int]) {
        var values: [Int] = []
        values.reserveCapacity(entries.count)
        var size = stream.count
        for entry in entries {
            let code = UInt32(truncatingIfNeeded: entry)
            let id = Int(code >> 2)
            let value: Int
            switch Kind(rawValue: code & 3) {
            case .string?: value = strings[id]
            case .style?: value = styles[id]
            default: value = strings[id] << 1 | 1
            }
            values.append(value)
            size += Varint.size(of: value)
        }
        var moved: [Int] = []
        moved.reserveCapacity(marks.count)
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { output, initialized in
            stream.withUnsafeBufferPointer { input in
                var written = 0
                var copied = 0
                func copy(upTo end: Int) {
                    if end - copied < 16 {
                        for index in copied..<end { output[written + index - copied] = input[index] }
                    } else if let from = input.baseAddress, let to = output.baseAddress {
                        (to + written).update(from: from + copied, count: end - copied)
                    }
                    written += end - copied
                    copied = end
                }
                var mark = 0
                for index in values.indices {
                    while mark < marks.count, marks[mark].ids == index {
                        moved.append(written + marks[mark].offset - copied)
                        mark += 1
                    }
                    copy(upTo: Int(entries[index] >> 32))
                    if let to = output.baseAddress { written += Varint.write(values[index], to: to + written) }
                }
                while mark < marks.count {
                    moved.append(written + marks[mark].offset - copied)
                    mark += 1
                }
                copy(upTo: input.count)
                initialized = written
            }
        }
        return (bytes, moved)
    }
}
