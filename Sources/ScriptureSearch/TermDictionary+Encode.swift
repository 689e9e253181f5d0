import LecternKernels
import ScriptureStore

extension TermDictionary {
    /// Encodes sorted, distinct terms as a dictionary region, with the CRC-32C of each block: the strings of
    /// `terms` in the order of the ids `order` (all of them in turn when nil), each with its value `values[id]`
    /// when `values` is given.
    ///
    /// - Complexity: O(the terms' bytes).
    static func encode(
        _ terms: SearchIndexBuilder.ByteStrings, order: [Int32]? = nil, values: [Int32]? = nil
    ) -> (region: [UInt8], checksums: [UInt32]) {
        let count = order?.count ?? terms.count
        let size = SearchIndexFormat.termBlockSize
        let blockCount = (count + size - 1) / size
        var blocks: [UInt8] = []
        blocks.reserveCapacity(terms.bytes.count + count * 3)
        var offsets = [0]
        offsets.reserveCapacity(blockCount + 1)
        terms.withStrings { strings in
            var previous = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
            for index in 0..<count {
                let id = order.map { Int($0[index]) } ?? index
                let term = strings[id]
                var shared = 0
                if index % size != 0 {
                    let most = min(previous.count, term.count)
                    while shared < most, previous[shared] == term[shared] { shared += 1 }
                }
                Varint.append(shared, to: &blocks)
                Varint.append(term.count - shared, to: &blocks)
                blocks.append(contentsOf: UnsafeBufferPointer(rebasing: term[shared...]))
                if let values { Varint.append(Int(values[id]), to: &blocks) }
                previous = term
                if index % size == size - 1 || index == count - 1 { offsets.append(blocks.count) }
            }
        }
        var region: [UInt8] = []
        region.reserveCapacity(8 + offsets.count * 4 + blocks.count)
        region.appendU32(UInt32(count))
        region.appendU32(UInt32(blockCount))
        for offset in offsets { region.appendU32(UInt32(offset)) }
        region.append(contentsOf: blocks)
        let checksums = blocks.withUnsafeBytes { bytes in
            (0..<blockCount).map {
                CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[offsets[$0]..<offsets[$0 + 1]]))
            }
        }
        return (region, checksums)
    }
}
