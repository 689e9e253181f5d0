import ScriptureModel

/// The file's string pool as the strings section is written: the strings the books counted, in their frozen
/// order, then those the styles section adds (markers, attribute names and values), each once, keyed by
/// its bytes, so that a style's values go from the books' bytes to the section without becoming strings.
struct StringPool: Sendable {
    /// The strings' bytes one after another, and where each one ends.
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    private var slots: HashSlots

    /// A pool of `strings`, string `i` having id `i` (each string once), with room for `room` more before its
    /// table grows.
    init(_ strings: [ByteString], room: Int) {
        slots = HashSlots(capacity: strings.count + room)
        for string in strings {
            var text = string.string
            _ = text.withUTF8 { add($0, hash: string.bytesHash) }
        }
    }

    /// How many strings the pool holds.
    var count: Int { ends.count }

    /// The id of the string whose UTF-8 is `utf8` (whose `ByteString.hash(_:)` is `hash`), added when new.
    mutating func id(_ utf8: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int {
        let found = bytes.withUnsafeBufferPointer { pool in
            slots.find(hash) { id in
                ByteHash.equal(UnsafeBufferPointer(rebasing: pool[range(of: id)]), utf8)
            }
        }
        return found ?? add(utf8, hash: hash)
    }

    /// The id of `string`, added when new.
    mutating func id(_ string: String) -> Int {
        var string = string
        return string.withUTF8 { id($0, hash: ByteString.hash($0)) }
    }

    /// The strings section: an `OffsetTable` of the strings in id order.
    func section() throws(StoreError) -> [UInt8] { try OffsetTable.build(bytes, ends: ends) }

    private func range(of id: Int) -> Range<Int> { (id == 0 ? 0 : ends[id - 1])..<ends[id] }

    private mutating func add(_ utf8: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int {
        let id = ends.count
        bytes.append(contentsOf: utf8)
        ends.append(bytes.count)
        slots.insert(hash, entry: id)
        return id
    }
}
